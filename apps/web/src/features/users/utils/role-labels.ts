import type { InvitableRole, Role } from '@baletrack/contracts/identity/roles';

/** The roles as screens name them (docs/product.md#roles). */
export const roleLabels: Record<Role, string> = {
  owner: 'Owner',
  manager: 'Manager',
  viewer: 'Viewer',
};

/** The choices of the invite form and of each user's row, with what each role may do. */
export const roleChoices: { value: InvitableRole; label: string }[] = [
  { value: 'viewer', label: 'Viewer: sees everything, changes nothing' },
  {
    value: 'manager',
    label: 'Manager: also fields, cuttings, crops, filters, reports and settings',
  },
];
