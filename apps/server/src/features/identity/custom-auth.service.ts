import type { AppContext } from '../../app-context.ts';
import {
  answerChallenge,
  handleFromSession,
  openChallenge,
  sessionOf,
} from './auth-challenges.service.ts';
import { CognitoError, cognitoErrors } from './cognito-error.ts';
import type { PoolUser } from './pool-users.repository.ts';
import { passwordAccepted, type SignInResponse } from './sign-in.service.ts';
import {
  assertAddressAllowed,
  clearAttempts,
  countAttempt,
  isLockedOut,
} from './throttle.service.ts';
import { consumeUserCode, SIGN_IN_CODE_TTL_MS, sendUserCode } from './user-codes.service.ts';
import { codeHolder } from './user-pool.service.ts';

/*
 * CUSTOM_AUTH, the pool's one custom challenge: a six-digit code mailed to the user
 * (docs/product.md#sign-in-flows). Without SRP the code alone signs in; with SRP (Amplify's
 * CUSTOM_WITH_SRP) the password is proven first and the code follows. The code goes only to an
 * enabled, confirmed user; any other name (unknown, unconfirmed, disabled) gets the same
 * challenge with a code nobody knows, so the answers tell nothing about who has an account. A
 * wrong code is counted against the name's lockout and the address, as a wrong password is,
 * and answered with a new challenge (Cognito's custom flow re-asks) until the code's tries or
 * life run out.
 */

interface CodeChallengePayload {
  username: string;
  holderId: string;
}

const mayReceiveCode = (user: PoolUser) => user.enabled && user.status === 'CONFIRMED';

/** Mails a sign-in code (when the name has a user who may sign in) and asks for it. */
export async function askForSignInCode(
  ctx: AppContext,
  username: string,
  address: string,
): Promise<SignInResponse> {
  await assertAddressAllowed(ctx, address);
  const { holder } = await codeHolder(ctx, username, mayReceiveCode);
  if (await isLockedOut(ctx, 'user', holder.id)) throw cognitoErrors.passwordAttemptsExceeded();
  await sendUserCode(ctx, holder, 'sign-in');
  return codeChallenge(
    ctx,
    { username: username.trim(), holderId: holder.id },
    SIGN_IN_CODE_TTL_MS,
  );
}

async function codeChallenge(
  ctx: AppContext,
  payload: CodeChallengePayload,
  ttlMs: number,
): Promise<SignInResponse> {
  const handle = await openChallenge(ctx, 'CUSTOM_CHALLENGE', {
    userId: null,
    payload: { ...payload },
    ttlMs,
  });
  return {
    ChallengeName: 'CUSTOM_CHALLENGE',
    Session: sessionOf(handle),
    ChallengeParameters: { USERNAME: payload.holderId, DELIVERY_MEDIUM: 'EMAIL' },
  };
}

/** CUSTOM_CHALLENGE: the mailed code signs in; a wrong one asks again while tries are left. */
export async function answerSignInCode(
  ctx: AppContext,
  session: string | undefined,
  responses: { USERNAME?: string; ANSWER: string },
  address: string,
): Promise<SignInResponse> {
  await assertAddressAllowed(ctx, address);
  const challenge = await answerChallenge(
    ctx,
    'CUSTOM_CHALLENGE',
    handleFromSession(session ?? ''),
    () => cognitoErrors.sessionExpired(),
  );
  const payload = challenge.payload as unknown as CodeChallengePayload;
  const name = (responses.USERNAME ?? '').trim().toLowerCase();
  if (name && name !== payload.holderId && name !== payload.username.toLowerCase()) {
    throw cognitoErrors.incorrectCredentials();
  }
  if (await isLockedOut(ctx, 'user', payload.holderId)) {
    throw cognitoErrors.passwordAttemptsExceeded();
  }
  const { holder, user } = await codeHolder(ctx, payload.username, mayReceiveCode);
  try {
    const code = responses.ANSWER;
    await consumeUserCode(ctx, { ...holder, id: payload.holderId }, 'sign-in', code, address);
  } catch (error) {
    // Only the mailed code learns that it expired or ran out of tries; any other is just wrong.
    if (!(error instanceof CognitoError) || error.type !== 'CodeMismatchException') throw error;
    await countAttempt(ctx, 'user', payload.holderId);
    const left = challenge.expiresAt.getTime() - ctx.now().getTime();
    return codeChallenge(ctx, payload, left);
  }
  if (!user || user.id !== payload.holderId) throw cognitoErrors.incorrectCredentials();
  return passwordAccepted(ctx, user);
}

/** CUSTOM_AUTH with SRP, once the password is proven: the code follows for a confirmed user. */
export async function askForSignInCodeAfterPassword(
  ctx: AppContext,
  user: PoolUser,
): Promise<SignInResponse> {
  // Any other status is the password flow's to answer (it may tell the status now).
  if (!mayReceiveCode(user)) return passwordAccepted(ctx, user);
  await clearAttempts(ctx, 'user', user.id);
  await sendUserCode(ctx, { id: user.id, mailTo: user.email }, 'sign-in');
  return codeChallenge(ctx, { username: user.email, holderId: user.id }, SIGN_IN_CODE_TTL_MS);
}
