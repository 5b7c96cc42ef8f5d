import crypto from 'node:crypto';
import { type CryptoKey, type JWTPayload, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { AppContext } from '../../app-context.ts';
import { cognitoErrors } from './cognito-error.ts';
import type { PoolUser } from './pool-users.repository.ts';
import {
  findFamilyByTokenHash,
  findFamilyWithUser,
  insertFamily,
  revokeAllFamilies,
  revokeFamily,
} from './refresh-tokens.repository.ts';
import { tokenChecks } from './token-checks.ts';

/** What Cognito returns on a successful sign-in or refresh (refresh omits RefreshToken). */
export interface AuthenticationResult {
  AccessToken: string;
  IdToken: string;
  RefreshToken?: string;
  ExpiresIn: number;
  TokenType: 'Bearer';
}

export type TokenUse = 'id' | 'access';

/** A verified token and the user it speaks for, as the database has them now. */
export interface VerifiedToken {
  claims: JWTPayload;
  familyId: string;
  user: { id: string; orgId: string; email: string; name: string; groups: string[] };
}

/** A presented id or access token that must not be honoured; `reason` is for logs and tests. */
export class InvalidTokenError extends Error {
  constructor(readonly reason: 'malformed' | 'expired' | 'revoked' | 'user') {
    super(`Invalid token (${reason})`);
  }
}

type TokenUser = Pick<PoolUser, 'id' | 'orgId' | 'email' | 'groups'>;

const CLOCK_TOLERANCE_S = 5;

/*
 * Id, access and refresh tokens. A refresh token is opaque and stored hashed; its row is the
 * token family whose id every id and access token carries as `origin_jti`, so revoking the
 * family (RevokeToken, GlobalSignOut) also stops the short-lived tokens at our APIs. The signing
 * keys are the per-process cache `ctx.signingKeys`.
 */

/** `<public URL>/cognito/<pool id>`; read per call because the public URL may change in tests. */
export function tokenIssuer(ctx: AppContext): string {
  return `${ctx.config.publicUrl}/cognito/${ctx.config.userPool.id}`;
}

/** A new refresh-token family for a signed-in user, with its first id and access tokens. */
export async function startSession(
  ctx: AppContext,
  user: TokenUser,
): Promise<AuthenticationResult> {
  const now = ctx.now();
  const familyId = crypto.randomUUID();
  const refreshToken = crypto.randomBytes(48).toString('base64url');
  const days = ctx.config.userPool.refreshTokenTtlDays;
  await insertFamily(ctx.db, {
    id: familyId,
    userId: user.id,
    tokenHash: hashRefreshToken(ctx, refreshToken),
    authTime: now,
    expiresAt: new Date(now.getTime() + days * 86_400_000),
  });
  return { ...(await issueTokens(ctx, user, familyId, now)), RefreshToken: refreshToken };
}

/** New id and access tokens from a refresh token (not rotated, as in Cognito's default). */
export async function refreshSession(
  ctx: AppContext,
  refreshToken: string,
): Promise<AuthenticationResult> {
  const family = await findFamilyByTokenHash(ctx.db, hashRefreshToken(ctx, refreshToken));
  if (!family || family.expiresAt <= ctx.now()) throw cognitoErrors.invalidRefreshToken();
  if (family.revokedAt) throw cognitoErrors.refreshTokenRevoked();
  const current = await findFamilyWithUser(ctx.db, family.id);
  if (!current) throw cognitoErrors.invalidRefreshToken();
  if (!current.enabled) throw cognitoErrors.userDisabled();
  const user = {
    id: current.userId,
    orgId: current.orgId,
    email: current.email,
    groups: current.groups,
  };
  return issueTokens(ctx, user, family.id, family.authTime);
}

/** RevokeToken: ends the family of a refresh token; unknown tokens are ignored (RFC 7009). */
export async function revokeSession(ctx: AppContext, refreshToken: string): Promise<void> {
  const family = await findFamilyByTokenHash(ctx.db, hashRefreshToken(ctx, refreshToken));
  if (family) await revokeFamily(ctx.db, family.id, ctx.now());
}

/** GlobalSignOut, password resets and disabling: every session of the user ends. */
export async function revokeAllSessions(ctx: AppContext, userId: string): Promise<void> {
  await revokeAllFamilies(ctx.db, userId, ctx.now());
}

/**
 * Checks signature (current JWKS), issuer, audience or client id, `token_use`, expiry, and
 * that the token's family is not revoked and its user still exists and is enabled (as this
 * process saw it within TOKEN_CHECK_TTL_MS; at once after its own writes).
 * @example const { user } = await verifyToken(ctx, request.headers.authorization, 'id');
 */
export async function verifyToken(
  ctx: AppContext,
  token: string,
  use: TokenUse,
): Promise<VerifiedToken> {
  const claims =
    ctx.signingKeys.verifiedBefore(
      token,
      use,
      Math.floor(ctx.now().getTime() / 1000),
      CLOCK_TOLERANCE_S,
    ) ?? (await verifySigned(ctx, token, use));
  const familyId = claims.origin_jti as string;
  const family = await checkFamily(ctx, familyId);
  if (!family || family.userId !== claims.sub) throw new InvalidTokenError('user');
  if (family.revokedAt) throw new InvalidTokenError('revoked');
  if (!family.enabled) throw new InvalidTokenError('user');
  const { userId: id, orgId, email, name, groups } = family;
  return { claims, familyId, user: { id, orgId, email, name, groups } };
}

/**
 * Checks signature (current JWKS), issuer, audience or client id, `token_use` and expiry, and
 * remembers the token as verified (`SigningKeys.verifiedBefore`).
 */
async function verifySigned(ctx: AppContext, token: string, use: TokenUse): Promise<JWTPayload> {
  const { clientId } = ctx.config.userPool;
  let claims: JWTPayload;
  let verifiedBy: { kid: string; key: CryptoKey } | undefined;
  try {
    ({ payload: claims } = await jwtVerify(
      token,
      async (header) => {
        const key = await ctx.signingKeys.verificationKey(header.kid);
        if (!key || !header.kid) throw new InvalidTokenError('malformed');
        verifiedBy = { kid: header.kid, key };
        return key;
      },
      {
        issuer: tokenIssuer(ctx),
        algorithms: ['RS256'],
        currentDate: ctx.now(),
        clockTolerance: CLOCK_TOLERANCE_S,
        ...(use === 'id' ? { audience: clientId } : {}),
      },
    ));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new InvalidTokenError('expired');
    throw new InvalidTokenError('malformed');
  }
  if (
    !verifiedBy ||
    claims.token_use !== use ||
    (use === 'access' && claims.client_id !== clientId) ||
    typeof claims.origin_jti !== 'string' ||
    typeof claims.sub !== 'string'
  ) {
    throw new InvalidTokenError('malformed');
  }
  ctx.signingKeys.rememberVerified(token, { use, ...verifiedBy, claims });
  return claims;
}

/**
 * The family and its user, from memory when honoured moments ago, or from the check of it in
 * flight (token-checks.ts).
 */
async function checkFamily(ctx: AppContext, familyId: string) {
  const remembered = tokenChecks.get(familyId);
  if (remembered) return remembered;
  return tokenChecks.read(familyId, async () => {
    const readAt = tokenChecks.readStarts();
    const family = await findFamilyWithUser(ctx.db, familyId);
    if (family && !family.revokedAt && family.enabled) tokenChecks.remember(family, readAt);
    return family;
  });
}

/** Like `verifyToken` for access tokens, answered with Cognito's errors for the protocol. */
export async function verifyAccessTokenForPool(
  ctx: AppContext,
  token: string,
): Promise<VerifiedToken> {
  try {
    return await verifyToken(ctx, token, 'access');
  } catch (error) {
    if (error instanceof InvalidTokenError && error.reason === 'revoked') {
      throw cognitoErrors.accessTokenRevoked();
    }
    throw cognitoErrors.invalidAccessToken();
  }
}

async function issueTokens(
  ctx: AppContext,
  user: TokenUser,
  familyId: string,
  authTime: Date,
): Promise<AuthenticationResult> {
  const { clientId, idTokenTtlSeconds: ttl } = ctx.config.userPool;
  const { kid, key } = await ctx.signingKeys.signingKey();
  const iat = Math.floor(ctx.now().getTime() / 1000);
  const common = {
    sub: user.id,
    iss: tokenIssuer(ctx),
    auth_time: Math.floor(authTime.getTime() / 1000),
    iat,
    exp: iat + ttl,
    origin_jti: familyId,
  };
  const sign = (claims: Record<string, unknown>) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid }).sign(key);
  const [IdToken, AccessToken] = await Promise.all([
    sign({
      ...common,
      'cognito:username': user.id,
      email: user.email,
      email_verified: true,
      'cognito:groups': user.groups,
      'custom:accountId': user.orgId,
      aud: clientId,
      token_use: 'id',
      jti: crypto.randomUUID(),
    }),
    sign({
      ...common,
      username: user.id,
      client_id: clientId,
      scope: 'aws.cognito.signin.user.admin',
      'cognito:groups': user.groups,
      token_use: 'access',
      jti: crypto.randomUUID(),
    }),
  ]);
  return { AccessToken, IdToken, ExpiresIn: ttl, TokenType: 'Bearer' };
}

function hashRefreshToken(ctx: AppContext, token: string): string {
  return ctx.secrets.hash('refresh-token', token);
}
