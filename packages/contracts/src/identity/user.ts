import { z } from 'zod';
import { emailSchema } from './register.ts';

/**
 * Groups carried in the id token's 'cognito:groups' claim (docs/product.md#roles): the owner, the
 * two invited roles (roles.ts) and the platform's operators.
 */
export const userGroups = [
  'AccountsOwner',
  'AccountsManager',
  'AccountsViewer',
  'SuperAdmins',
] as const;
export type UserGroup = (typeof userGroups)[number];

/**
 * docs/product.md#roles: AccountsOwner and SuperAdmins *together* make up the authorized users, so
 * either group is enough; managers and viewers have neither. What a role may do: roles.ts `may`.
 */
export function isAuthorizedUser(groups: readonly string[] | undefined): boolean {
  return groups?.some((group) => group === 'AccountsOwner' || group === 'SuperAdmins') ?? false;
}

/** SuperAdmins alone are admins: they act on any organization via X-Organization-Id. */
export function isAdmin(groups: readonly string[] | undefined): boolean {
  return groups?.includes('SuperAdmins') ?? false;
}

/** The header an admin sends to pick the organization it acts on. */
export const ORGANIZATION_ID_HEADER = 'X-Organization-Id';

/**
 * 'sent' is the spec's invited-but-not-signed-in state (the owner can re-send the invite);
 * the others follow the user pool: registered but unconfirmed, confirmed, and a password reset
 * forced by an operator. Disabling is the separate `enabled` flag, as in the pool.
 */
export const userStatuses = ['unconfirmed', 'sent', 'confirmed', 'resetRequired'] as const;
export const userStatusSchema = z.enum(userStatuses);
export type UserStatus = z.infer<typeof userStatusSchema>;

/** Cognito's UserStatusType mapped onto ours, for deployments on a real Cognito pool. */
export const userStatusByPoolStatus = {
  UNCONFIRMED: 'unconfirmed',
  FORCE_CHANGE_PASSWORD: 'sent',
  CONFIRMED: 'confirmed',
  RESET_REQUIRED: 'resetRequired',
} as const satisfies Record<string, UserStatus>;

/** An invite can be re-sent only while the invited user has not signed in. */
export function canReinvite(status: UserStatus): boolean {
  return status === 'sent';
}

/** GET /user. */
export const currentUserSchema = z.object({
  id: z.uuid(),
  email: emailSchema,
  /** Null for an owner who registered without giving a name. */
  name: z.string().nullable(),
  organizationId: z.uuid(),
  groups: z.array(z.enum(userGroups)),
  status: userStatusSchema,
  enabled: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** GET /user/organization. */
export const organizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Organization = z.infer<typeof organizationSchema>;

/** Claims of the id token the data and user APIs accept (see docs/product.md#tokens). */
export const idTokenClaimsSchema = z.object({
  sub: z.string().min(1),
  'cognito:username': z.string().optional(),
  email: z.string(),
  email_verified: z.boolean().optional(),
  'cognito:groups': z.array(z.string()).optional(),
  /** The organization (spec: the account id from a custom claim). */
  'custom:accountId': z.string().min(1),
  aud: z.string(),
  iss: z.string().min(1),
  token_use: z.literal('id'),
  auth_time: z.number().int().optional(),
  iat: z.number().int(),
  exp: z.number().int(),
  jti: z.string().optional(),
  origin_jti: z.string().optional(),
});
export type IdTokenClaims = z.infer<typeof idTokenClaimsSchema>;
