import crypto from 'node:crypto';
import type { AppContext } from '../../app-context.ts';
import {
  answerChallenge,
  handleFromSession,
  openChallenge,
  sessionOf,
} from './auth-challenges.service.ts';
import { CognitoError } from './cognito-error.ts';
import { findUserById, type PoolUser } from './pool-users.repository.ts';
import { refreshSession, startSession } from './tokens.service.ts';

/*
 * The hosted sign-in's OAuth 2.0 side (docs/product.md#hosted-sign-in), as Cognito's hosted UI
 * answers it: the authorization code grant with PKCE (S256 only; the implicit grant refused),
 * refresh tokens, and a sign-in session kept in a sealed cookie. A code is a pending sign-in
 * step (auth-challenges.service.ts): bound to its user, client, redirect and PKCE challenge,
 * answerable once and for 5 minutes.
 */

const MINUTE = 60_000;
/** Cognito's authorization codes live 5 minutes. */
export const AUTHORIZATION_CODE_TTL_MS = 5 * MINUTE;
/** The hosted sign-in remembers a signed-in browser for an hour, as Cognito's cookie does. */
export const HOSTED_SESSION_TTL_MS = 60 * MINUTE;
export const HOSTED_SESSION_COOKIE = 'bt_hosted_session';

/** An OAuth error answer (RFC 6749 §5.2): a code, a description, its status. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly statusCode = 400,
  ) {
    super(description);
  }
}

/** What /oauth2/authorize was asked, as the client sent it. */
export interface AuthorizeRequest {
  responseType: string;
  clientId: string;
  redirectUri: string;
  state?: string | undefined;
  scope?: string | undefined;
  codeChallenge?: string | undefined;
  codeChallengeMethod?: string | undefined;
}

/** The scopes a client may ask for; others are dropped from the grant. */
export const SUPPORTED_SCOPES = ['openid', 'email', 'profile', 'aws.cognito.signin.user.admin'];

/**
 * Why a request may not even be sent back to its redirect: an unknown client or a redirect not
 * registered for it (never an open redirect). Null when both are known.
 */
export function unknownClientOrRedirect(
  ctx: AppContext,
  clientId: string,
  redirectUri: string,
  registered: readonly string[],
): string | null {
  if (clientId !== ctx.config.userPool.clientId) return 'The client is not known to this pool.';
  if (!registered.includes(redirectUri)) {
    return 'The redirect address is not registered for this client.';
  }
  return null;
}

/** The client's redirect with OAuth parameters added (an error, or a code), state echoed. */
export function redirectWith(redirectUri: string, parameters: Record<string, string | undefined>) {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(parameters)) {
    if (value !== undefined) url.searchParams.set(key, value);
  }
  return url.toString();
}

// RFC 7636: a verifier is 43–128 unreserved characters; its S256 challenge is 43 base64url.
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
const CHALLENGE = /^[A-Za-z0-9\-_]{43}$/;

/**
 * An authorize request's problem that goes back to the client as an OAuth error (the client
 * and redirect already known): only the code grant, only PKCE with S256.
 */
export function authorizeProblem(request: AuthorizeRequest): OAuthError | null {
  if (request.responseType === 'token') {
    return new OAuthError(
      'unsupported_response_type',
      'The implicit grant is not offered: use the authorization code grant with PKCE.',
    );
  }
  if (request.responseType !== 'code') {
    return new OAuthError('unsupported_response_type', 'response_type must be code.');
  }
  if (request.codeChallengeMethod !== 'S256' || !CHALLENGE.test(request.codeChallenge ?? '')) {
    return new OAuthError(
      'invalid_request',
      'PKCE is required: send a code_challenge with code_challenge_method S256.',
    );
  }
  return null;
}

/** The scopes granted: those asked for that the pool knows, openid at least. */
export function grantedScopes(scope: string | undefined): string {
  const asked = (scope ?? 'openid').split(/\s+/).filter((s) => SUPPORTED_SCOPES.includes(s));
  return [...new Set(['openid', ...asked])].join(' ');
}

/** A user the hosted sign-in may hand a code to: enabled and confirmed. */
export const mayUseHostedSignIn = (user: PoolUser) => user.enabled && user.status === 'CONFIRMED';

/** Issues a single-use code for a signed-in user and the request's client, redirect and PKCE. */
export async function issueAuthorizationCode(
  ctx: AppContext,
  user: PoolUser,
  request: AuthorizeRequest,
): Promise<string> {
  const handle = await openChallenge(ctx, 'AUTHORIZATION_CODE', {
    userId: user.id,
    payload: {
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      scope: grantedScopes(request.scope),
    },
    ttlMs: AUTHORIZATION_CODE_TTL_MS,
  });
  return sessionOf(handle);
}

/** The token endpoint's answer (RFC 6749 §5.1). */
export interface TokenAnswer {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  token_type: 'Bearer';
  expires_in: number;
}

const invalidGrant = () =>
  new OAuthError(
    'invalid_grant',
    'The code is not valid: it is unknown, used, expired, or for another client or redirect.',
  );

/** grant_type=authorization_code: the code once, for its client and redirect, with its verifier. */
export async function exchangeCode(
  ctx: AppContext,
  input: { code: string; clientId: string; redirectUri: string; codeVerifier: string },
): Promise<TokenAnswer> {
  const challenge = await answerChallenge(
    ctx,
    'AUTHORIZATION_CODE',
    handleFromSession(input.code),
    invalidGrant,
  ).catch((error: unknown) => {
    // An expired code reads as any other bad code.
    throw error instanceof CognitoError ? invalidGrant() : error;
  });
  const payload = challenge.payload as {
    clientId: string;
    redirectUri: string;
    codeChallenge: string;
  };
  const verified =
    VERIFIER.test(input.codeVerifier) &&
    crypto.createHash('sha256').update(input.codeVerifier).digest('base64url') ===
      payload.codeChallenge;
  if (
    input.clientId !== payload.clientId ||
    input.redirectUri !== payload.redirectUri ||
    !verified
  ) {
    throw invalidGrant();
  }
  const user = challenge.userId ? await findUserById(ctx.db, challenge.userId) : undefined;
  if (!user || !mayUseHostedSignIn(user)) throw invalidGrant();
  const tokens = await startSession(ctx, user);
  return {
    access_token: tokens.AccessToken,
    id_token: tokens.IdToken,
    refresh_token: tokens.RefreshToken,
    token_type: 'Bearer',
    expires_in: tokens.ExpiresIn,
  };
}

/** grant_type=refresh_token: new id and access tokens, as InitiateAuth REFRESH_TOKEN_AUTH. */
export async function refreshGrant(ctx: AppContext, refreshToken: string): Promise<TokenAnswer> {
  try {
    const tokens = await refreshSession(ctx, refreshToken);
    return {
      access_token: tokens.AccessToken,
      id_token: tokens.IdToken,
      token_type: 'Bearer',
      expires_in: tokens.ExpiresIn,
    };
  } catch (error) {
    if (error instanceof CognitoError) throw new OAuthError('invalid_grant', error.message);
    throw error;
  }
}

/** The hosted sign-in's cookie: the user and when it ends, sealed with the server key. */
export function sealHostedSession(ctx: AppContext, userId: string): string {
  const expiresAt = ctx.now().getTime() + HOSTED_SESSION_TTL_MS;
  return ctx.secrets.seal('hosted-session', JSON.stringify({ userId, expiresAt }));
}

/** The user a hosted-session cookie speaks for while it lasts; null for none or a forged one. */
export function openHostedSession(ctx: AppContext, cookie: string | undefined): string | null {
  const opened = cookie ? ctx.secrets.open('hosted-session', cookie) : null;
  if (!opened) return null;
  try {
    const { userId, expiresAt } = JSON.parse(opened) as { userId: string; expiresAt: number };
    return typeof userId === 'string' && expiresAt > ctx.now().getTime() ? userId : null;
  } catch {
    return null;
  }
}
