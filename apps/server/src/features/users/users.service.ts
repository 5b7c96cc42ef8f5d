import { randomBytes, randomUUID } from 'node:crypto';
import { messages } from '@baletrack/contracts/errors/messages';
import {
  organizationNameSchema,
  type RegisterRequest,
  type RegisterResponse,
} from '@baletrack/contracts/identity/register';
import type { AppContext, Principal } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { FederatedPerson } from '../identity/federation.service.ts';
import { emailExists, findUserByUsername } from '../identity/pool-users.repository.ts';
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

/**
 * A person an outside provider vouches for, new to the pool: their own organization and its
 * owner, confirmed (the provider verified the address), with a password nobody knows ('Forgot
 * password' or 'Email me a code' sign them in without the provider). Answers the user's id.
 */
export async function registerFederatedOwner(
  ctx: AppContext,
  person: FederatedPerson,
): Promise<string> {
  const organizationId = randomUUID();
  const named = organizationNameSchema.safeParse(
    person.organizationName ?? `${person.name || person.email.split('@')[0]}'s farm`,
  );
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      await insertOrganization(trx, {
        id: organizationId,
        name: named.success ? named.data : 'My farm',
      });
      const user = await createPoolUser(
        ctx,
        {
          orgId: organizationId,
          email: person.email,
          name: person.name,
          password: `${randomBytes(24).toString('base64url')}Aa1!`,
          groups: ['AccountsOwner'],
          status: 'CONFIRMED',
        },
        trx,
      );
      return user.id;
    });
  } catch (error) {
    // Two first sign-ins racing for one address: the one that registered wins for both.
    const winner =
      error instanceof UserExistsError && (await findUserByUsername(ctx.db, person.email));
    if (winner) return winner.id;
    throw error;
  }
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
