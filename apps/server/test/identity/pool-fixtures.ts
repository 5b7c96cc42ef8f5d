import crypto from 'node:crypto';
import type { AppContext } from '../../src/app-context.ts';
import {
  claimSignature,
  formatTimestamp,
  g,
  k,
  modPow,
  N,
  padHex,
  poolNameOf,
} from '../../src/features/identity/srp.ts';
import { createPoolUser } from '../../src/features/identity/user-pool.service.ts';
import { insertOrganization } from '../../src/features/users/users.repository.ts';

/**
 * A user in a fresh organization, in any pool status (typed factory, docs/adr/0008-test-tiers.md).
 */
export async function newPoolUser(
  ctx: AppContext,
  options: {
    status?: 'UNCONFIRMED' | 'CONFIRMED' | 'FORCE_CHANGE_PASSWORD';
    groups?: string[];
    password?: string;
  } = {},
) {
  const orgId = crypto.randomUUID();
  const email = `farmer-${orgId.slice(0, 8)}@example.com`;
  const password = options.password ?? 'Meadow-hay1';
  await insertOrganization(ctx.db, { id: orgId, name: `Farm ${orgId.slice(0, 4)}` });
  const { id } = await createPoolUser(ctx, {
    orgId,
    email,
    name: 'Pat Farmer',
    password,
    groups: options.groups ?? ['AccountsOwner'],
    status: options.status ?? 'CONFIRMED',
  });
  return { id, orgId, email, password };
}

/** The members of a Cognito answer the tests read. */
export interface CognitoBody {
  __type?: string;
  message?: string;
  AuthenticationResult?: {
    IdToken: string;
    AccessToken: string;
    RefreshToken?: string;
    ExpiresIn: number;
    TokenType: string;
  };
  ChallengeName?: string;
  Session?: string;
  ChallengeParameters?: Record<string, string>;
  AvailableChallenges?: string[];
  CodeDeliveryDetails?: Record<string, string>;
}

export interface CognitoAnswer {
  status: number;
  errorType: string | null;
  body: CognitoBody;
}

/** A raw protocol call as Amplify makes it, optionally from a given client address. */
export async function call(
  baseUrl: string,
  operation: string,
  body: unknown,
  options: { address?: string; path?: string } = {},
): Promise<CognitoAnswer> {
  const response = await fetch(`${baseUrl}${options.path ?? '/cognito/'}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      ...(options.address ? { 'x-forwarded-for': options.address } : {}),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: response.status,
    errorType: response.headers.get('x-amzn-errortype'),
    body: (await response.json()) as CognitoBody,
  };
}

/** The client half of SRP, written independently of the server code paths it exercises. */
export function srpClient(userPoolId: string) {
  const poolName = poolNameOf(userPoolId);
  const a = BigInt(`0x${crypto.randomBytes(128).toString('hex')}`);
  const A = modPow(g, a, N);
  const hash = (hex: string) =>
    BigInt(`0x${crypto.createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex')}`);
  return {
    A: A.toString(16),
    /** PASSWORD_VERIFIER's ChallengeResponses for a challenge and a password. */
    respond(
      challenge: Record<string, string> | undefined = {},
      password: string,
      timestamp = formatTimestamp(new Date()),
    ): Record<string, string> {
      const B = BigInt(`0x${challenge.SRP_B}`);
      const salt = BigInt(`0x${challenge.SALT}`);
      const userId = challenge.USER_ID_FOR_SRP ?? '';
      const u = hash(padHex(A) + padHex(B));
      const inner = crypto
        .createHash('sha256')
        .update(`${poolName}${userId}:${password}`)
        .digest('hex');
      const x = hash(padHex(salt) + inner);
      const base = (((B - k * modPow(g, x, N)) % N) + N) % N;
      const S = modPow(base, a + u * x, N);
      const key = Buffer.from(
        crypto.hkdfSync(
          'sha256',
          Buffer.from(padHex(S), 'hex'),
          Buffer.from(padHex(u), 'hex'),
          'Caldera Derived Key',
          16,
        ),
      );
      const block = challenge.SECRET_BLOCK ?? '';
      const signature = claimSignature({
        key,
        poolName,
        userIdForSrp: userId,
        secretBlock: Buffer.from(block, 'base64'),
        timestamp,
      });
      return {
        USERNAME: userId,
        PASSWORD_CLAIM_SECRET_BLOCK: block,
        TIMESTAMP: timestamp,
        PASSWORD_CLAIM_SIGNATURE: signature.toString('base64'),
      };
    },
  };
}

/** The newest mailed code for an address, from the local outbox. */
export async function latestCode(ctx: AppContext, email: string): Promise<string> {
  const mail = await ctx.db
    .selectFrom('outbox')
    .select('text')
    .where('recipient', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const code = /^(\d{6})$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`No code in mail to ${email}`);
  return code;
}
