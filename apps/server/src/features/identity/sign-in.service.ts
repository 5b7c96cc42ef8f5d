import type { AppContext } from '../../app-context.ts';
import {
  answerChallenge,
  handleFromSecretBlock,
  handleFromSession,
  openChallenge,
  secretBlockOf,
  sessionOf,
} from './auth-challenges.service.ts';
import { cognitoErrors } from './cognito-error.ts';
import {
  assertPasswordPolicy,
  passwordMatches,
  resolveSignInIdentity,
  type SignInIdentity,
  srpPoolName,
  standInIdentity,
} from './credentials.service.ts';
import { findUserById, type PoolUser } from './pool-users.repository.ts';
import {
  claimSignature,
  createServerEphemeral,
  deriveSessionKey,
  parseClientA,
  parseTimestamp,
  signatureMatches,
} from './srp.ts';
import {
  assertAddressAllowed,
  clearAttempts,
  countFailedAttempt,
  isLockedOut,
} from './throttle.service.ts';
import { type AuthenticationResult, startSession } from './tokens.service.ts';
import { setPassword } from './user-pool.service.ts';

const MINUTE = 60_000;
const SRP_CHALLENGE_TTL_MS = 5 * MINUTE;
const SESSION_TTL_MS = 15 * MINUTE;
const TIMESTAMP_SKEW_MS = 5 * MINUTE;
export const AVAILABLE_CHALLENGES = ['PASSWORD', 'PASSWORD_SRP'];

/** InitiateAuth's and RespondToAuthChallenge's answer: tokens, or the next challenge. */
export type SignInResponse =
  | { AuthenticationResult: AuthenticationResult; ChallengeParameters: Record<string, string> }
  | {
      ChallengeName: string;
      Session?: string;
      ChallengeParameters: Record<string, string>;
      AvailableChallenges?: string[];
    };

interface SrpPayload {
  username: string;
  userIdForSrp: string;
  A: string;
  B: string;
  b: string;
  /** CUSTOM_AUTH with SRP: a mailed code follows the password (custom-auth.service.ts). */
  thenCode?: boolean;
}

/** What follows a proven password in CUSTOM_AUTH with SRP: the code challenge. */
export type CodeAfterPassword = (user: PoolUser) => Promise<SignInResponse>;

const sameName = (a: string | undefined, b: string) =>
  (a ?? '').trim().toLowerCase() === b.trim().toLowerCase();

/*
 * The sign-in flows Amplify drives: SRP, plain password, and the user-choice flow. Wrong
 * passwords and unknown names fail alike ('Incorrect username or password.'); status-specific
 * answers (not confirmed, disabled, new password) come only after a correct password.
 */

/** USER_PASSWORD_AUTH, and USER_AUTH with the PASSWORD challenge. */
export async function signInWithPassword(
  ctx: AppContext,
  username: string,
  password: string,
  address: string,
): Promise<SignInResponse> {
  return passwordAccepted(ctx, await verifyPassword(ctx, username, password, address));
}

/**
 * The user a name and password belong to, under the address and name lockouts; a wrong
 * password or an unknown name fails alike (and counts). The user's status is not yet checked.
 */
export async function verifyPassword(
  ctx: AppContext,
  username: string,
  password: string,
  address: string,
): Promise<PoolUser> {
  await assertAddressAllowed(ctx, address);
  const identity = await resolveSignInIdentity(ctx, username);
  if (await isLockedOut(ctx, 'user', identity.userIdForSrp)) {
    throw cognitoErrors.passwordAttemptsExceeded();
  }
  // Computed for unknown names too, so both take the same time.
  const matches = passwordMatches(ctx, identity, password);
  if (!identity.user || !matches) {
    await countFailedAttempt(ctx, address, identity.userIdForSrp);
    throw cognitoErrors.incorrectCredentials();
  }
  return identity.user;
}

/**
 * USER_SRP_AUTH (and PASSWORD_SRP, and CUSTOM_AUTH with SRP when `thenCode`): answers
 * PASSWORD_VERIFIER, real or stand-in alike.
 */
export async function startSrpSignIn(
  ctx: AppContext,
  username: string,
  srpA: string,
  address: string,
  thenCode = false,
): Promise<SignInResponse> {
  await assertAddressAllowed(ctx, address);
  const A = parseClientA(srpA);
  if (A === null) {
    await countFailedAttempt(ctx, address);
    throw cognitoErrors.invalidParameter('SRP_A is not a valid SRP value.');
  }
  const identity = await resolveSignInIdentity(ctx, username);
  const { b, B } = createServerEphemeral(identity.verifierHex);
  const payload: SrpPayload = {
    username: username.trim(),
    userIdForSrp: identity.userIdForSrp,
    A: A.toString(16),
    B: B.toString(16),
    b: ctx.secrets.seal('srp-ephemeral', b.toString(16)),
    ...(thenCode ? { thenCode } : {}),
  };
  const handle = await openChallenge(ctx, 'PASSWORD_VERIFIER', {
    userId: identity.user?.id ?? null,
    payload: { ...payload },
    ttlMs: SRP_CHALLENGE_TTL_MS,
  });
  return {
    ChallengeName: 'PASSWORD_VERIFIER',
    ChallengeParameters: {
      SALT: identity.salt,
      SRP_B: payload.B,
      SECRET_BLOCK: secretBlockOf(handle),
      USERNAME: identity.userIdForSrp,
      USER_ID_FOR_SRP: identity.userIdForSrp,
    },
  };
}

/** USER_AUTH without a preferred challenge: the client picks one (SELECT_CHALLENGE). */
export async function offerSignInChallenges(
  ctx: AppContext,
  username: string,
  address: string,
): Promise<SignInResponse> {
  await assertAddressAllowed(ctx, address);
  const handle = await openChallenge(ctx, 'SELECT_CHALLENGE', {
    userId: null,
    payload: { username: username.trim() },
    ttlMs: SESSION_TTL_MS,
  });
  return {
    ChallengeName: 'SELECT_CHALLENGE',
    Session: sessionOf(handle),
    ChallengeParameters: {},
    AvailableChallenges: AVAILABLE_CHALLENGES,
  };
}

/** PASSWORD_VERIFIER: checks the client's proof of the password over the SRP session key. */
export async function answerPasswordVerifier(
  ctx: AppContext,
  responses: {
    USERNAME: string;
    PASSWORD_CLAIM_SECRET_BLOCK: string;
    TIMESTAMP: string;
    PASSWORD_CLAIM_SIGNATURE: string;
  },
  address: string,
  codeAfterPassword: CodeAfterPassword,
): Promise<SignInResponse> {
  await assertAddressAllowed(ctx, address);
  const handle = handleFromSecretBlock(responses.PASSWORD_CLAIM_SECRET_BLOCK);
  const challenge = await answerChallenge(
    ctx,
    'PASSWORD_VERIFIER',
    handle,
    cognitoErrors.incorrectCredentials,
  ).catch(async (error: unknown) => {
    await countFailedAttempt(ctx, address);
    throw error;
  });
  const srp = challenge.payload as unknown as SrpPayload;
  if (
    !sameName(responses.USERNAME, srp.userIdForSrp) &&
    !sameName(responses.USERNAME, srp.username)
  ) {
    await countFailedAttempt(ctx, address);
    throw cognitoErrors.incorrectCredentials();
  }
  if (await isLockedOut(ctx, 'user', srp.userIdForSrp)) {
    throw cognitoErrors.passwordAttemptsExceeded();
  }
  const identity: SignInIdentity = challenge.userId
    ? await resolveSignInIdentity(ctx, challenge.userId)
    : standInIdentity(ctx, srp.username);
  const timestamp = parseTimestamp(responses.TIMESTAMP);
  const b = ctx.secrets.open('srp-ephemeral', srp.b);
  const key =
    b === null
      ? null
      : deriveSessionKey({
          A: BigInt(`0x${srp.A}`),
          B: BigInt(`0x${srp.B}`),
          b: BigInt(`0x${b}`),
          verifierHex: identity.verifierHex,
        });
  const fresh =
    timestamp !== null && Math.abs(timestamp.getTime() - ctx.now().getTime()) <= TIMESTAMP_SKEW_MS;
  const proven =
    key !== null &&
    signatureMatches(
      claimSignature({
        key,
        poolName: srpPoolName(ctx),
        userIdForSrp: srp.userIdForSrp,
        secretBlock: Buffer.from(responses.PASSWORD_CLAIM_SECRET_BLOCK, 'base64'),
        timestamp: responses.TIMESTAMP,
      }),
      responses.PASSWORD_CLAIM_SIGNATURE,
    );
  if (!fresh || !proven || !identity.user || identity.userIdForSrp !== srp.userIdForSrp) {
    await countFailedAttempt(ctx, address, srp.userIdForSrp);
    throw cognitoErrors.incorrectCredentials();
  }
  return srp.thenCode ? codeAfterPassword(identity.user) : passwordAccepted(ctx, identity.user);
}

/** SELECT_CHALLENGE: the chosen challenge, answered in the same call as Amplify sends it. */
export async function answerSelectChallenge(
  ctx: AppContext,
  session: string | undefined,
  responses: { USERNAME?: string; ANSWER: string; PASSWORD?: string; SRP_A?: string },
  address: string,
): Promise<SignInResponse> {
  const { ANSWER, PASSWORD, SRP_A } = responses;
  if (ANSWER === 'PASSWORD' && !PASSWORD) throw cognitoErrors.invalidParameter('Missing PASSWORD.');
  if (ANSWER === 'PASSWORD_SRP' && !SRP_A) throw cognitoErrors.invalidParameter('Missing SRP_A.');
  if (ANSWER !== 'PASSWORD' && ANSWER !== 'PASSWORD_SRP') {
    throw cognitoErrors.invalidParameter(
      `Unsupported challenge ${ANSWER}; choose PASSWORD or PASSWORD_SRP.`,
    );
  }
  const challenge = await answerChallenge(
    ctx,
    'SELECT_CHALLENGE',
    handleFromSession(session ?? ''),
    () => cognitoErrors.sessionExpired(),
  );
  const username = String(challenge.payload.username);
  if (responses.USERNAME && !sameName(responses.USERNAME, username)) {
    throw cognitoErrors.incorrectCredentials();
  }
  return PASSWORD
    ? signInWithPassword(ctx, username, PASSWORD, address)
    : startSrpSignIn(ctx, username, SRP_A ?? '', address);
}

/** NEW_PASSWORD_REQUIRED: an invited user replaces the temporary password. */
export async function answerNewPassword(
  ctx: AppContext,
  session: string | undefined,
  responses: { USERNAME?: string; NEW_PASSWORD: string },
): Promise<SignInResponse> {
  // Checked before the session is spent, so a rejected password can be retried.
  assertPasswordPolicy(responses.NEW_PASSWORD);
  const challenge = await answerChallenge(
    ctx,
    'NEW_PASSWORD_REQUIRED',
    handleFromSession(session ?? ''),
    () => cognitoErrors.sessionExpired(),
  );
  const user = challenge.userId ? await findUserById(ctx.db, challenge.userId) : undefined;
  if (user?.status !== 'FORCE_CHANGE_PASSWORD') throw cognitoErrors.sessionExpired();
  if (
    responses.USERNAME &&
    !sameName(responses.USERNAME, user.id) &&
    !sameName(responses.USERNAME, user.email)
  ) {
    throw cognitoErrors.incorrectCredentials();
  }
  await setPassword(ctx, user.id, responses.NEW_PASSWORD, 'CONFIRMED');
  return passwordAccepted(ctx, { ...user, status: 'CONFIRMED' });
}

/**
 * A user who proved a password (or a mailed code): tokens, or what their status asks first. Only
 * now may the answer tell the status, as Cognito's does.
 */
export async function passwordAccepted(ctx: AppContext, user: PoolUser): Promise<SignInResponse> {
  await clearAttempts(ctx, 'user', user.id);
  if (!user.enabled) throw cognitoErrors.userDisabled();
  if (user.status === 'UNCONFIRMED') throw cognitoErrors.userNotConfirmed();
  if (user.status === 'RESET_REQUIRED') throw cognitoErrors.passwordResetRequired();
  if (user.status === 'FORCE_CHANGE_PASSWORD') {
    const handle = await openChallenge(ctx, 'NEW_PASSWORD_REQUIRED', {
      userId: user.id,
      payload: {},
      ttlMs: SESSION_TTL_MS,
    });
    return {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: sessionOf(handle),
      ChallengeParameters: {
        USER_ID_FOR_SRP: user.id,
        requiredAttributes: '[]',
        userAttributes: JSON.stringify({ email: user.email, email_verified: 'true' }),
      },
    };
  }
  return { AuthenticationResult: await startSession(ctx, user), ChallengeParameters: {} };
}
