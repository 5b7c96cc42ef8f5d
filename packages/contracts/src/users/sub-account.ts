import { z } from 'zod';
import { nameSchema } from '../common/name.ts';
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

/** POST /user: the owner invites someone by name and email. */
export const inviteUserRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
});
export type InviteUserRequest = z.infer<typeof inviteUserRequestSchema>;

/** PUT /user: the owner renames a sub-account user. */
export const updateUserRequestSchema = z.object({
  id: z.uuid(),
  name: nameSchema,
});
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

/** Query of DELETE /user and PUT /user/{enable,disable,reinvite}. */
export const userRefQuerySchema = z.object({ id: z.uuid() });
export type UserRefQuery = z.infer<typeof userRefQuerySchema>;
