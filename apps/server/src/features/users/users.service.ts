import { randomUUID } from 'node:crypto';
import { messages } from '@baletrack/contracts/errors/messages';
import type { RegisterRequest, RegisterResponse } from '@baletrack/contracts/identity/register';
import type { AppContext, Principal } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { emailExists } from '../identity/pool-users.repository.ts';
import {
  createPoolUser,
  sendConfirmationCode,
  UserExistsError,
} from '../identity/user-pool.service.ts';
import { toUserView } from './user-view.ts';
import { findOrganization, findUser, insertOrganization } from './users.repository.ts';

/* Registration and the signed-in user's own records (API 2's /user calls). */

/**
 * Creates the organization and its owner in one transaction, then mails the confirmation
 * code. A failed mail leaves a complete, unconfirmed account: 'Resend code' recovers it.
 */
export async function registerOrganization(
  ctx: AppContext,
  input: RegisterRequest,
  log: { error(obj: object, msg: string): void },
): Promise<RegisterResponse> {
  if (await emailExists(ctx.db, input.email)) {
    throw new AppError('CONFLICT', messages.user.alreadyExists);
  }
  const organizationId = randomUUID();
  let userId: string;
  try {
    userId = await ctx.db.transaction().execute(async (trx) => {
      await insertOrganization(trx, { id: organizationId, name: input.organizationName });
      const user = await createPoolUser(
        ctx,
        {
          orgId: organizationId,
          email: input.email,
          name: '',
          password: input.password,
          groups: ['AccountsOwner'],
          status: 'UNCONFIRMED',
        },
        trx,
      );
      return user.id;
    });
  } catch (error) {
    // Two registrations racing for one address: the database's unique index decides.
    if (error instanceof UserExistsError)
      throw new AppError('CONFLICT', messages.user.alreadyExists);
    throw error;
  }
  try {
    await sendConfirmationCode(ctx, userId);
  } catch (error) {
    log.error({ err: error, userId }, 'confirmation code not sent; the user can resend it');
  }
  return { userId, organizationId, email: input.email, userConfirmed: false };
}

/** GET /user: the caller, looked up in their own organization (not the one acted on). */
export async function signedInUser(ctx: AppContext, principal: Principal) {
  const user = await findUser(ctx.db, principal.accountId, principal.userId);
  if (!user) throw new AppError('NOT_FOUND', messages.user.doesNotExist);
  return { ...toUserView(user), organizationId: user.orgId };
}

/** GET /user/organization: the organization the caller acts on. */
export async function actingOrganization(ctx: AppContext, principal: Principal) {
  const organization = await findOrganization(ctx.db, principal.orgId);
  if (!organization) throw new AppError('NOT_FOUND', 'This organization does not exist.');
  return {
    id: organization.id,
    name: organization.name,
    createdAt: organization.createdAt.toISOString(),
  };
}
