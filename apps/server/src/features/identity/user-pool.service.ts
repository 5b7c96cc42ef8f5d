import crypto from 'node:crypto';
import { userGroups } from '@baletrack/contracts/identity/user';
import type { Database } from '@baletrack/db/database';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { deleteUserChallenges } from './auth-challenges.repository.ts';
import { CognitoError, cognitoErrors, UserExistsError } from './cognito-error.ts';
import {
  assertPasswordPolicy,
  newVerifier,
  passwordMatches,
  resolveSignInIdentity,
} from './credentials.service.ts';
import { codeDeliveryDetails } from './identity-mails.ts';
import {
  deleteUserById,
  emailExists,
  findUserById,
  findUserByUsername,
  insertUser,
  updateUser,
} from './pool-users.repository.ts';
import {
  assertAddressAllowed,
  clearAttempts,
  countAttempt,
  countFailedAttempt,
  isLockedOut,
} from './throttle.service.ts';
import { revokeAllSessions, verifyAccessTokenForPool } from './tokens.service.ts';
import { consumeUserCode, sendUserCode } from './user-codes.service.ts';

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
  db: Kysely<Database> | Transaction<Database> = ctx.db,
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

/** Mails a new sign-up confirmation code (the same path as ResendConfirmationCode). */
export async function sendConfirmationCode(ctx: AppContext, userId: string): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new Error(`No user ${userId}`);
  if (user.status !== 'UNCONFIRMED') {
    throw cognitoErrors.invalidParameter('User is already confirmed.');
  }
  await sendUserCode(ctx, user, 'confirm-sign-up');
}

/** ResendConfirmationCode: unknown names get the same answer, and no mail. */
export async function resendConfirmationCode(ctx: AppContext, username: string) {
  const user = await findUserByUsername(ctx.db, username);
  if (user) await sendConfirmationCode(ctx, user.id);
  return codeDeliveryDetails(user?.email ?? username);
}

export async function confirmSignUp(
  ctx: AppContext,
  username: string,
  code: string,
  address: string,
): Promise<void> {
  await assertAddressAllowed(ctx, address);
  const user = await findUserByUsername(ctx.db, username);
  if (!user) {
    await countFailedAttempt(ctx, address);
    throw cognitoErrors.codeMismatch();
  }
  if (user.status !== 'UNCONFIRMED') {
    throw new CognitoError(
      'NotAuthorizedException',
      `User cannot be confirmed. Current status is ${user.status}`,
    );
  }
  await consumeUserCode(ctx, user.id, 'confirm-sign-up', code, address);
  await updateUser(ctx.db, user.id, { status: 'CONFIRMED' });
}

/** ForgotPassword: mails a reset code; unknown or disabled users get the same answer, no mail. */
export async function forgotPassword(ctx: AppContext, username: string) {
  const user = await findUserByUsername(ctx.db, username);
  if (user?.enabled) await sendUserCode(ctx, user, 'reset-password');
  return codeDeliveryDetails(user?.email ?? username);
}

/**
 * ConfirmForgotPassword. The code proves the mailbox, so an unconfirmed or invited user ends
 * up confirmed; every session ends (a reset often follows a compromise) and the lockout clears.
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
  const user = await findUserByUsername(ctx.db, username);
  if (!user?.enabled) {
    await countFailedAttempt(ctx, address);
    throw cognitoErrors.codeMismatch();
  }
  await consumeUserCode(ctx, user.id, 'reset-password', code, address);
  await setPassword(ctx, user.id, password, 'CONFIRMED');
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
