import { z } from 'zod';
import { nameSchema } from '../common/name.ts';
import { messages } from '../errors/messages.ts';
import { emailSchema } from '../identity/register.ts';
import { invitableRoleSchema, roles } from '../identity/roles.ts';
import { userGroups, userStatusSchema } from '../identity/user.ts';

/** A person of the organization as the owner's Sub-Accounts list shows them (GET /users). */
export const subAccountSchema = z.object({
  id: z.uuid(),
  name: z.string().nullable(),
  email: emailSchema,
  status: userStatusSchema,
  enabled: z.boolean(),
  groups: z.array(z.enum(userGroups)),
  /** What the groups make them (docs/product.md#roles). */
  role: z.enum(roles),
});
export type SubAccount = z.infer<typeof subAccountSchema>;

/** GET /users, /users/group and /users/organization. */
export const subAccountListSchema = z.object({ users: z.array(subAccountSchema) });
export type SubAccountList = z.infer<typeof subAccountListSchema>;

/** Query of GET /users/group: the organization's users in one group. */
export const userGroupQuerySchema = z.object({ group: z.enum(userGroups) });
export type UserGroupQuery = z.infer<typeof userGroupQuerySchema>;

/**
 * POST /user: the owner invites someone by name and email as a manager or a viewer; without a
 * role (the spec's call names none) they become a viewer, who can change nothing.
 */
export const inviteUserRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  role: invitableRoleSchema.default('viewer'),
});
export type InviteUserRequest = z.infer<typeof inviteUserRequestSchema>;

/** PUT /user: the owner renames a user of the organization. */
export const updateUserRequestSchema = z.object({
  id: z.uuid(),
  name: nameSchema,
});
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

/** PUT /user/role: the owner makes someone of the organization a manager or a viewer. */
export const changeRoleRequestSchema = z.object({
  id: z.uuid(),
  role: invitableRoleSchema,
});
export type ChangeRoleRequest = z.infer<typeof changeRoleRequestSchema>;

/**
 * Query of DELETE /user and PUT /user/{enable,disable,reinvite}: the user by id or by email
 * (docs/product.md#user-api names the payload only as "query"; the owner's list knows both).
 */
export const userRefQuerySchema = z
  .object({ id: z.uuid().optional(), email: emailSchema.optional() })
  .refine((ref) => ref.id !== undefined || ref.email !== undefined, {
    error: messages.user.refRequired,
  });
export type UserRefQuery = z.infer<typeof userRefQuerySchema>;
