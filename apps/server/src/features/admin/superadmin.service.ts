import { randomUUID } from 'node:crypto';
import { emailSchema, passwordSchema } from '@baletrack/contracts/identity/register';
import type { AppContext } from '../../app-context.ts';
import { findUserByUsername, updateUser } from '../identity/pool-users.repository.ts';
import { temporaryPassword } from '../identity/temporary-password.ts';
import { createPoolUser } from '../identity/user-pool.service.ts';
import { insertOrganization } from '../users/users.repository.ts';

export type SuperAdminResult =
  | { action: 'created'; userId: string; organizationId: string; temporaryPassword?: string }
  | { action: 'promoted' | 'unchanged'; userId: string; organizationId: string };

/** A problem with what the operator asked for, worded for the terminal. */
export class SuperAdminInputError extends Error {}

/**
 * Makes someone a SuperAdmin (`npm run superadmin`); no public endpoint does (a running
 * embedded server does it for the command over loopback: operator-channel.ts).
 * An existing user keeps their organization, groups and password and joins `SuperAdmins`. A new
 * one gets an organization of their own ("Operations – <email>"), since every user and token
 * carries one (`custom:accountId`): without X-Organization-Id a SuperAdmin acts on it. Without a
 * password a temporary one is made, to be changed at the first sign-in.
 * @example await createSuperAdmin(ctx, { email: 'ops@example.com' }) // → { action: 'created', … }
 */
export async function createSuperAdmin(
  ctx: AppContext,
  input: { email: string; password?: string },
): Promise<SuperAdminResult> {
  const email = emailSchema.safeParse(input.email);
  if (!email.success) throw new SuperAdminInputError(`--email: ${email.error.issues[0]?.message}`);
  if (input.password !== undefined) {
    const password = passwordSchema.safeParse(input.password);
    if (!password.success) {
      throw new SuperAdminInputError(`--password: ${password.error.issues[0]?.message}`);
    }
  }
  const existing = await findUserByUsername(ctx.db, email.data);
  if (existing) {
    if (input.password !== undefined) {
      throw new SuperAdminInputError(
        `${email.data} already has an account; it keeps its password. Leave out --password.`,
      );
    }
    const ids = { userId: existing.id, organizationId: existing.orgId };
    if (existing.groups.includes('SuperAdmins')) return { action: 'unchanged', ...ids };
    await updateUser(ctx.db, existing.id, { groups: [...existing.groups, 'SuperAdmins'] });
    return { action: 'promoted', ...ids };
  }
  const password = input.password ?? temporaryPassword();
  const organizationId = randomUUID();
  const { id } = await ctx.db.transaction().execute(async (trx) => {
    await insertOrganization(trx, { id: organizationId, name: `Operations – ${email.data}` });
    return createPoolUser(
      ctx,
      {
        orgId: organizationId,
        email: email.data,
        name: 'SuperAdmin',
        password,
        groups: ['SuperAdmins'],
        // A generated password only travels through a terminal: it must be replaced.
        status: input.password === undefined ? 'FORCE_CHANGE_PASSWORD' : 'CONFIRMED',
      },
      trx,
    );
  });
  return {
    action: 'created',
    userId: id,
    organizationId,
    ...(input.password === undefined ? { temporaryPassword: password } : {}),
  };
}
