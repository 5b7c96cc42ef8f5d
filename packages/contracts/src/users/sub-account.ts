import { z } from 'zod';
import { nameSchema } from '../common/name.ts';
import { messages } from '../errors/messages.ts';
import { emailSchema } from '../identity/register.ts';
import { userGroups, userStatusSchema } from '../identity/user.ts';

/** A person of the organization as the owner's Sub-Accounts list shows them (GET /users). */
export const subAccountSchema = z.object({
  id: z.uuid(),
  name: z.string().nullable(),
  email: emailSchema,
  status: userStatusSchema,
  enabled: z.boolean(),
  groups: z.array(z.enum(userGroups)),
});
export type SubAccount = z.infer<typeof subAccountSchema>;

/** GET /users, /users/group and /users/organization. */
export const subAccountListSchema = z.object({ users: z.array(subAccountSchema) });
export type SubAccountList = z.infer<typeof subAccountListSchema>;

/** Query of GET /users/group: the organization's users in one group. */
export const userGroupQuerySchema = z.object({ group: z.enum(userGroups) });
export type UserGroupQuery = z.infer<typeof userGroupQuerySchema>;

/** POST /user: the owner invites someone by name and email. */
export const inviteUserRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
});
export type InviteUserRequest = z.infer<typeof inviteUserRequestSchema>;

/** PUT /user: the owner renames a user of the organization. */
export const updateUserRequestSchema = z.object({
  id: z.uuid(),
  name: nameSchema,
});
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

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
