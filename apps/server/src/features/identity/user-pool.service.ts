import crypto from 'node:crypto';
import { userGroups } from '@baletrack/contracts/identity/user';
import type { Db } from '@baletrack/db/database';
import type { AppContext } from '../../app-context.ts';
import { deleteUserChallenges } from './auth-challenges.repository.ts';
import { cognitoErrors, UserExistsError } from './cognito-error.ts';
import {
  assertPasswordPolicy,
  newVerifier,
  passwordMatches,
  resolveSignInIdentity,
  standInUserId,
} from './credentials.service.ts';
import { codeDeliveryDetails } from './identity-mails.ts';
import {
  deleteUserById,
  emailExists,
  findUserById,
  findUserByUsername,
  insertUser,
  type PoolUser,
  updateUser,
} from './pool-users.repository.ts';
import {
  assertAddressAllowed,
  clearAttempts,
  countAttempt,
  isLockedOut,
} from './throttle.service.ts';
import { revokeAllSessions, verifyAccessTokenForPool } from './tokens.service.ts';
import { deleteCode } from './user-codes.repository.ts';
import { type CodeHolder, consumeUserCode, sendUserCode } from './user-codes.service.ts';

export { UserExistsError } from './cognito-error.ts';

export type PoolUserStatus =
  | 'UNCONFIRMED'
  | 'CONFIRMED'
  | 'FORCE_CHANGE_PASSWORD'
  | 'RESET_REQUIRED';

export interface NewPoolUser {
  orgId: string;
  email: string;
  name: string;
  password: string;
  groups: string[];
  status: 'UNCONFIRMED' | 'CONFIRMED' | 'FORCE_CHANGE_PASSWORD';
}

/*
 * The embedded user pool's users: creation and changes for the rest of the server, and the
 * account operations of the Cognito protocol (confirmation, codes, password change and reset,
 * GetUser).
 */

/**
 * Creates a user with a password verifier; pass the caller's transaction as `db` to create it
 * with its organization. Throws UserExistsError when the email is taken, and an
 * InvalidPasswordException CognitoError when the password breaks the policy.
 * @example await createPoolUser(ctx, { orgId, email, name: '', password, groups: ['AccountsOwner'], status: 'UNCONFIRMED' }, trx)
 */
export async function createPoolUser(
  ctx: AppContext,
  input: NewPoolUser,
  db: Db = ctx.db,
): Promise<{ id: string }> {
  assertPasswordPolicy(input.password);
  const unknown = input.groups.filter(
    (group) => !(userGroups as readonly string[]).includes(group),
  );
  if (unknown.length > 0) throw new Error(`Unknown user groups: ${unknown.join(', ')}`);
  const email = input.email.trim().toLowerCase();
  if (await emailExists(db, email)) throw new UserExistsError();
  const id = crypto.randomUUID();
  try {
    await insertUser(db, {
      id,
      orgId: input.orgId,
      email,
      name: input.name,
      status: input.status,
      groups: input.groups,
      ...newVerifier(ctx, id, input.password),
    });
  } catch (error) {
    // A registration racing ours for the same address: the unique index decides.
    if ((error as { code?: string }).code === '23505') throw new UserExistsError();
    throw error;
  }
  return { id };
}

/** Mails a new sign-up confirmation code to a new user (registration). */
export async function sendConfirmationCode(ctx: AppContext, userId: string): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new Error(`No user ${userId}`);
  if (user.status !== 'UNCONFIRMED') {
    throw cognitoErrors.invalidParameter('User is already confirmed.');
  }
  await sendUserCode(ctx, { id: user.id, mailTo: user.email }, 'confirm-sign-up');
}

/*
 * The four code operations answer every name alike (docs/product.md#hardening), as Cognito does
 * when user-existence errors are prevented: a name the operation does not apply to (no user, a
 * disabled one, or one already confirmed for sign-up confirmation) goes through the same steps
 * with a code that is never mailed and never matches, kept under the user's id or the name's
 * stand-in id. A wrong code and the 10 mails an hour read the same whatever the name's user did
 * before (user-codes.service.ts), so a pending, used-up or expired code and a spent mail limit
 * tell nothing either.
 */

/** Who an operation's code is for: the user, when the operation applies to them. */
export async function codeHolder(
  ctx: AppContext,
  username: string,
  appliesTo: (user: PoolUser) => boolean,
): Promise<{ holder: CodeHolder; user: PoolUser | null }> {
  const user = (await findUserByUsername(ctx.db, username)) ?? null;
  if (user && appliesTo(user)) return { holder: { id: user.id, mailTo: user.email }, user };
  return { holder: { id: user?.id ?? standInUserId(ctx, username), mailTo: null }, user: null };
}

const awaitsConfirmation = (user: PoolUser) => user.enabled && user.status === 'UNCONFIRMED';
const mayReset = (user: PoolUser) => user.enabled;

/** ResendConfirmationCode: a new code for an unconfirmed user; any other name, the same answer. */
export async function resendConfirmationCode(ctx: AppContext, username: string) {
  const { holder } = await codeHolder(ctx, username, awaitsConfirmation);
  await sendUserCode(ctx, holder, 'confirm-sign-up');
  return codeDeliveryDetails(username);
}

export async function confirmSignUp(
  ctx: AppContext,
  username: string,
  code: string,
  address: string,
): Promise<void> {
  await assertAddressAllowed(ctx, address);
  const { holder, user } = await codeHolder(ctx, username, awaitsConfirmation);
  await consumeUserCode(ctx, holder, 'confirm-sign-up', code, address);
  if (user) await updateUser(ctx.db, user.id, { status: 'CONFIRMED' });
}

/** ForgotPassword: mails a reset code to an enabled user; any other name, the same answer. */
export async function forgotPassword(ctx: AppContext, username: string) {
  const { holder } = await codeHolder(ctx, username, mayReset);
  await sendUserCode(ctx, holder, 'reset-password');
  return codeDeliveryDetails(username);
}

/**
 * ConfirmForgotPassword. The code proves the mailbox, so an unconfirmed or invited user ends
 * up confirmed (and a sign-up code left over goes); every session ends (a reset often follows a
 * compromise) and the lockout clears.
 */
export async function confirmForgotPassword(
  ctx: AppContext,
  username: string,
  code: string,
  password: string,
  address: string,
): Promise<void> {
  assertPasswordPolicy(password);
  await assertAddressAllowed(ctx, address);
  const { holder, user } = await codeHolder(ctx, username, mayReset);
  await consumeUserCode(ctx, holder, 'reset-password', code, address);
  if (!user) return;
  await setPassword(ctx, user.id, password, 'CONFIRMED');
  await deleteCode(ctx.db, user.id, 'confirm-sign-up');
  await revokeAllSessions(ctx, user.id);
  await clearAttempts(ctx, 'user', user.id);
}

/** ChangePassword with an access token; wrong old passwords count toward the lockout. */
export async function changePassword(
  ctx: AppContext,
  accessToken: string,
  previous: string,
  proposed: string,
): Promise<void> {
  const { user } = await verifyAccessTokenForPool(ctx, accessToken);
  assertPasswordPolicy(proposed);
  if (await isLockedOut(ctx, 'user', user.id)) throw cognitoErrors.attemptLimitExceeded();
  const identity = await resolveSignInIdentity(ctx, user.id);
  if (!passwordMatches(ctx, identity, previous)) {
    await countAttempt(ctx, 'user', user.id);
    throw cognitoErrors.incorrectCredentials();
  }
  await setPassword(ctx, user.id, proposed);
}

/** GetUser: the attributes Amplify's fetchUserAttributes returns. */
export async function poolUserAttributes(ctx: AppContext, accessToken: string) {
  const { user } = await verifyAccessTokenForPool(ctx, accessToken);
  const attributes: Record<string, string> = {
    sub: user.id,
    email: user.email,
    email_verified: 'true',
    'custom:accountId': user.orgId,
  };
  if (user.name) attributes.name = user.name;
  return {
    Username: user.id,
    UserAttributes: Object.entries(attributes).map(([Name, Value]) => ({ Name, Value })),
  };
}

/** Sets a new password (policy enforced) and optionally the status it leads to. */
export async function setPassword(
  ctx: AppContext,
  userId: string,
  password: string,
  status?: PoolUserStatus,
): Promise<void> {
  assertPasswordPolicy(password);
  const changes = {
    ...newVerifier(ctx, userId, password),
    ...(status ? { status } : {}),
  };
  await updateUser(ctx.db, userId, changes);
}

/** Enables or disables sign-in; disabling also ends every session at once. */
export async function setUserEnabled(
  ctx: AppContext,
  userId: string,
  enabled: boolean,
): Promise<void> {
  await updateUser(ctx.db, userId, { enabled });
  if (!enabled) await revokeAllSessions(ctx, userId);
}

/**
 * Gives an invited user a new temporary password (a re-sent invite): the old one, and any
 * sign-in already half-way through it, stop working.
 */
export async function resetTemporaryPassword(
  ctx: AppContext,
  userId: string,
  password: string,
): Promise<void> {
  await setPassword(ctx, userId, password, 'FORCE_CHANGE_PASSWORD');
  await deleteUserChallenges(ctx.db, userId);
}

/** Removes a user from the pool; their sessions end with them (cascade). */
export async function deletePoolUser(ctx: AppContext, userId: string): Promise<void> {
  await deleteUserById(ctx.db, userId);
}
