import type { AppContext } from '../../app-context.ts';
import { AuthChallenges } from './auth-challenges.service.ts';
import { cognitoErrors } from './cognito-error.ts';
import { assertPasswordPolicy, Credentials, type SignInIdentity } from './credentials.service.ts';
import { findUserById, type PoolUser } from './pool-users.repository.ts';
import {
  claimSignature,
  createServerEphemeral,
  deriveSessionKey,
  parseClientA,
  parseTimestamp,
  signatureMatches,
} from './srp.ts';
import { Throttle } from './throttle.service.ts';
import { type AuthenticationResult, Tokens } from './tokens.service.ts';
import { UserPool } from './user-pool.service.ts';

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
}

const sameName = (a: string | undefined, b: string) =>
  (a ?? '').trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The sign-in flows Amplify drives: SRP, plain password, and the user-choice flow. Wrong
 * passwords and unknown names fail alike ('Incorrect username or password.'); status-specific
 * answers (not confirmed, disabled, new password) come only after a correct password.
 */
export class SignIn {
  readonly #challenges: AuthChallenges;
  readonly #credentials: Credentials;
  readonly #throttle: Throttle;
  readonly #tokens: Tokens;
  readonly #pool: UserPool;

  constructor(private readonly ctx: AppContext) {
    this.#challenges = new AuthChallenges(ctx);
    this.#credentials = new Credentials(ctx);
    this.#throttle = new Throttle(ctx);
    this.#tokens = new Tokens(ctx);
    this.#pool = new UserPool(ctx);
  }

  /** USER_PASSWORD_AUTH, and USER_AUTH with the PASSWORD challenge. */
  async withPassword(username: string, password: string, address: string): Promise<SignInResponse> {
    await this.#throttle.assertAddressAllowed(address);
    const identity = await this.#credentials.resolve(username);
    if (await this.#throttle.isLocked('user', identity.userIdForSrp)) {
      throw cognitoErrors.passwordAttemptsExceeded();
    }
    // Computed for unknown names too, so both take the same time.
    const matches = this.#credentials.passwordMatches(identity, password);
    if (!identity.user || !matches) {
      await this.#throttle.countFailure(address, identity.userIdForSrp);
      throw cognitoErrors.incorrectCredentials();
    }
    return this.#passwordAccepted(identity.user);
  }

  /** USER_SRP_AUTH (and PASSWORD_SRP): answers PASSWORD_VERIFIER, real or stand-in alike. */
  async startSrp(username: string, srpA: string, address: string): Promise<SignInResponse> {
    await this.#throttle.assertAddressAllowed(address);
    const A = parseClientA(srpA);
    if (A === null) {
      await this.#throttle.countFailure(address);
      throw cognitoErrors.invalidParameter('SRP_A is not a valid SRP value.');
    }
    const identity = await this.#credentials.resolve(username);
    const { b, B } = createServerEphemeral(identity.verifierHex);
    const payload: SrpPayload = {
      username: username.trim(),
      userIdForSrp: identity.userIdForSrp,
      A: A.toString(16),
      B: B.toString(16),
      b: this.ctx.secrets.seal('srp-ephemeral', b.toString(16)),
    };
    const handle = await this.#challenges.open('PASSWORD_VERIFIER', {
      userId: identity.user?.id ?? null,
      payload: { ...payload },
      ttlMs: SRP_CHALLENGE_TTL_MS,
    });
    return {
      ChallengeName: 'PASSWORD_VERIFIER',
      ChallengeParameters: {
        SALT: identity.salt,
        SRP_B: payload.B,
        SECRET_BLOCK: AuthChallenges.toSecretBlock(handle),
        USERNAME: identity.userIdForSrp,
        USER_ID_FOR_SRP: identity.userIdForSrp,
      },
    };
  }

  /** USER_AUTH without a preferred challenge: the client picks one (SELECT_CHALLENGE). */
  async offerChallenges(username: string, address: string): Promise<SignInResponse> {
    await this.#throttle.assertAddressAllowed(address);
    const handle = await this.#challenges.open('SELECT_CHALLENGE', {
      userId: null,
      payload: { username: username.trim() },
      ttlMs: SESSION_TTL_MS,
    });
    return {
      ChallengeName: 'SELECT_CHALLENGE',
      Session: AuthChallenges.toSession(handle),
      ChallengeParameters: {},
      AvailableChallenges: AVAILABLE_CHALLENGES,
    };
  }

  /** PASSWORD_VERIFIER: checks the client's proof of the password over the SRP session key. */
  async answerPasswordVerifier(
    responses: {
      USERNAME: string;
      PASSWORD_CLAIM_SECRET_BLOCK: string;
      TIMESTAMP: string;
      PASSWORD_CLAIM_SIGNATURE: string;
    },
    address: string,
  ): Promise<SignInResponse> {
    await this.#throttle.assertAddressAllowed(address);
    const handle = AuthChallenges.fromSecretBlock(responses.PASSWORD_CLAIM_SECRET_BLOCK);
    const challenge = await this.#challenges
      .take('PASSWORD_VERIFIER', handle, cognitoErrors.incorrectCredentials)
      .catch(async (error: unknown) => {
        await this.#throttle.countFailure(address);
        throw error;
      });
    const srp = challenge.payload as unknown as SrpPayload;
    if (
      !sameName(responses.USERNAME, srp.userIdForSrp) &&
      !sameName(responses.USERNAME, srp.username)
    ) {
      await this.#throttle.countFailure(address);
      throw cognitoErrors.incorrectCredentials();
    }
    if (await this.#throttle.isLocked('user', srp.userIdForSrp)) {
      throw cognitoErrors.passwordAttemptsExceeded();
    }
    const identity: SignInIdentity = challenge.userId
      ? await this.#credentials.resolve(challenge.userId)
      : this.#credentials.fakeIdentity(srp.username);
    const timestamp = parseTimestamp(responses.TIMESTAMP);
    const b = this.ctx.secrets.open('srp-ephemeral', srp.b);
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
      timestamp !== null &&
      Math.abs(timestamp.getTime() - this.ctx.now().getTime()) <= TIMESTAMP_SKEW_MS;
    const proven =
      key !== null &&
      signatureMatches(
        claimSignature({
          key,
          poolName: this.#credentials.poolName,
          userIdForSrp: srp.userIdForSrp,
          secretBlock: Buffer.from(responses.PASSWORD_CLAIM_SECRET_BLOCK, 'base64'),
          timestamp: responses.TIMESTAMP,
        }),
        responses.PASSWORD_CLAIM_SIGNATURE,
      );
    if (!fresh || !proven || !identity.user || identity.userIdForSrp !== srp.userIdForSrp) {
      await this.#throttle.countFailure(address, srp.userIdForSrp);
      throw cognitoErrors.incorrectCredentials();
    }
    return this.#passwordAccepted(identity.user);
  }

  /** SELECT_CHALLENGE: the chosen challenge, answered in the same call as Amplify sends it. */
  async answerSelectChallenge(
    session: string | undefined,
    responses: { USERNAME?: string; ANSWER: string; PASSWORD?: string; SRP_A?: string },
    address: string,
  ): Promise<SignInResponse> {
    const { ANSWER, PASSWORD, SRP_A } = responses;
    if (ANSWER === 'PASSWORD' && !PASSWORD)
      throw cognitoErrors.invalidParameter('Missing PASSWORD.');
    if (ANSWER === 'PASSWORD_SRP' && !SRP_A) throw cognitoErrors.invalidParameter('Missing SRP_A.');
    if (ANSWER !== 'PASSWORD' && ANSWER !== 'PASSWORD_SRP') {
      throw cognitoErrors.invalidParameter(
        `Unsupported challenge ${ANSWER}; choose PASSWORD or PASSWORD_SRP.`,
      );
    }
    const challenge = await this.#challenges.take(
      'SELECT_CHALLENGE',
      AuthChallenges.fromSession(session ?? ''),
      () => cognitoErrors.sessionExpired(),
    );
    const username = String(challenge.payload.username);
    if (responses.USERNAME && !sameName(responses.USERNAME, username)) {
      throw cognitoErrors.incorrectCredentials();
    }
    return PASSWORD
      ? this.withPassword(username, PASSWORD, address)
      : this.startSrp(username, SRP_A ?? '', address);
  }

  /** NEW_PASSWORD_REQUIRED: an invited user replaces the temporary password. */
  async answerNewPassword(
    session: string | undefined,
    responses: { USERNAME?: string; NEW_PASSWORD: string },
  ): Promise<SignInResponse> {
    // Checked before the session is spent, so a rejected password can be retried.
    assertPasswordPolicy(responses.NEW_PASSWORD);
    const challenge = await this.#challenges.take(
      'NEW_PASSWORD_REQUIRED',
      AuthChallenges.fromSession(session ?? ''),
      () => cognitoErrors.sessionExpired(),
    );
    const user = challenge.userId ? await findUserById(this.ctx.db, challenge.userId) : undefined;
    if (user?.status !== 'FORCE_CHANGE_PASSWORD') throw cognitoErrors.sessionExpired();
    if (
      responses.USERNAME &&
      !sameName(responses.USERNAME, user.id) &&
      !sameName(responses.USERNAME, user.email)
    ) {
      throw cognitoErrors.incorrectCredentials();
    }
    await this.#pool.setPassword(user.id, responses.NEW_PASSWORD, 'CONFIRMED');
    return this.#passwordAccepted({ ...user, status: 'CONFIRMED' });
  }

  async #passwordAccepted(user: PoolUser): Promise<SignInResponse> {
    await this.#throttle.clear('user', user.id);
    if (!user.enabled) throw cognitoErrors.userDisabled();
    if (user.status === 'UNCONFIRMED') throw cognitoErrors.userNotConfirmed();
    if (user.status === 'RESET_REQUIRED') throw cognitoErrors.passwordResetRequired();
    if (user.status === 'FORCE_CHANGE_PASSWORD') {
      const handle = await this.#challenges.open('NEW_PASSWORD_REQUIRED', {
        userId: user.id,
        payload: {},
        ttlMs: SESSION_TTL_MS,
      });
      return {
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: AuthChallenges.toSession(handle),
        ChallengeParameters: {
          USER_ID_FOR_SRP: user.id,
          requiredAttributes: '[]',
          userAttributes: JSON.stringify({ email: user.email, email_verified: 'true' }),
        },
      };
    }
    return { AuthenticationResult: await this.#tokens.startSession(user), ChallengeParameters: {} };
  }
}
