import type { InvitableRole, Role } from '@baletrack/contracts/identity/roles';

/** The roles as screens name them (docs/product.md#roles). */
export const roleLabels: Record<Role, string> = {
  owner: 'Owner',
  manager: 'Manager',
  viewer: 'Viewer',
};

/** What each role one can invite may do, said under the invite form's choice. */
export const roleScopes: Record<InvitableRole, string> = {
  viewer: 'Sees everything, changes nothing.',
  manager: 'Also changes fields, cuttings, crops, filters, reports and settings.',
};

/** The choices of the invite form and of each user's row: short, so a phone shows them whole. */
export const roleChoices: { value: InvitableRole; label: string }[] = (
  ['viewer', 'manager'] as const
).map((value) => ({ value, label: roleLabels[value] }));
