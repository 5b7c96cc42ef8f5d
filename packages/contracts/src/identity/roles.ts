import { z } from 'zod';
import { messages } from '../errors/messages.ts';

/**
 * The three roles of an organization (docs/product.md#roles). The owner is the one who
 * registered it; managers and viewers are invited by the owner, who picks and changes their role.
 */
export const roles = ['owner', 'manager', 'viewer'] as const;
export type Role = (typeof roles)[number];

/** The roles an owner gives when inviting or changing someone: the owner is the one who registered. */
export const invitableRoles = ['manager', 'viewer'] as const;
export const invitableRoleSchema = z.enum(invitableRoles);
export type InvitableRole = z.infer<typeof invitableRoleSchema>;

/** The id token's group (`cognito:groups`) of each invitable role. */
export const roleGroups = {
  manager: 'AccountsManager',
  viewer: 'AccountsViewer',
} as const satisfies Record<InvitableRole, string>;

/** What a role may do beyond reading; everything not named here is read by every role. */
export const capabilities = [
  /** Create, change and delete fields, cuttings, crops and filters; scan bales. */
  'farmData',
  /** See and change the automated reports. */
  'automatedReports',
  /** Change the organization's settings (units, map defaults). */
  'settings',
  /** Set hay prices per grade (the inventory's value). */
  'prices',
  /** Build, ship and share loads (their tickets and buyers' links). */
  'loads',
  /** Invite, rename, enable, disable, re-invite, delete people and change their role. */
  'people',
  /** Register, rename, switch, delete balers and manage the authorized emails. */
  'balers',
  /** Subscriptions, credits, checkout. */
  'billing',
  /** The organization's data report and export (it names every person). */
  'accountData',
  /** Close the account (never a SuperAdmin: close-account.service). */
  'closeAccount',
] as const;
export type Capability = (typeof capabilities)[number];

/** Role → what it may do: the one table every check reads (server, web). */
export const roleCapabilities: Record<Role, readonly Capability[]> = {
  owner: capabilities,
  manager: ['farmData', 'automatedReports', 'settings', 'prices', 'loads'],
  viewer: [],
};

/** The words a refusal gives, one per capability (docs/product.md#error-catalogue). */
export const capabilityRefusals: Record<Capability, string> = {
  farmData: messages.roles.viewerReadOnly,
  automatedReports: messages.roles.automatedReportsNotForViewers,
  settings: messages.roles.ownerOrManagerSettings,
  prices: messages.roles.ownerOrManagerPrices,
  loads: messages.roles.ownerOrManagerLoads,
  people: messages.roles.ownerOnlyUsers,
  balers: messages.roles.ownerOnlyBalers,
  billing: messages.roles.ownerOnlySubscriptions,
  accountData: messages.roles.ownerOnlyAccountData,
  closeAccount: messages.roles.ownerOnlyAccount,
};

/**
 * The role groups give. SuperAdmins act as owner of the organization they act on; anyone with
 * no role group at all is a viewer, so a forgotten group never grants more.
 * @example roleOf(['AccountsManager']) // 'manager'
 */
export function roleOf(groups: readonly string[] | undefined): Role {
  if (groups?.some((g) => g === 'AccountsOwner' || g === 'SuperAdmins')) return 'owner';
  if (groups?.includes(roleGroups.manager)) return 'manager';
  return 'viewer';
}

/**
 * Whether someone with these groups may do this.
 * @example may(['AccountsViewer'], 'farmData') // false
 */
export function may(groups: readonly string[] | undefined, capability: Capability): boolean {
  return roleCapabilities[roleOf(groups)].includes(capability);
}

/** The groups of a user with this invitable role, keeping any group that is not a role. */
export function groupsWithRole(groups: readonly string[], role: InvitableRole): string[] {
  const roleGroupNames: readonly string[] = Object.values(roleGroups);
  return [...groups.filter((g) => !roleGroupNames.includes(g)), roleGroups[role]];
}
