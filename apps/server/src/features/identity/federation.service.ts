import { tidyFileName } from '@baletrack/contracts/common/name';
import { emailSchema } from '@baletrack/contracts/identity/register';
import * as oidc from 'openid-client';
import type { AppContext } from '../../app-context.ts';
import type { Config } from '../../config.ts';
import { findUserByUsername, type PoolUser } from './pool-users.repository.ts';

/*
 * Sign-in through an outside OpenID Connect provider (docs/product.md#an-outside-identity-provider),
 * as Cognito federates: the hosted sign-in sends the browser to the provider with state, nonce and
 * PKCE kept in a sealed cookie, takes the code back at /oauth2/idpresponse, has openid-client check
 * the answer (state, issuer, audience, signature, nonce), and signs in the pool user whose address
 * the provider vouches for, or registers a new organization for them.
 */

export type Federation = NonNullable<Config['userPool']['federation']>;

/** The hosted sign-in's path the provider sends people back to (Cognito's name for it). */
export const IDP_RESPONSE_PATH = '/oauth2/idpresponse';
export const FEDERATION_COOKIE = 'bt_hosted_federation';
/** How long a person has at the provider before the round trip must start again. */
const FEDERATION_TTL_MS = 10 * 60_000;
/** How long the pool waits for the provider before telling the person it did not answer. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** A refusal shown to the person, sent back to the app as an OAuth error. */
export class FederationError extends Error {
  constructor(
    readonly error: 'access_denied' | 'temporarily_unavailable' | 'invalid_request',
    message: string,
  ) {
    super(message);
  }
}

// The provider's metadata and keys, fetched once per process; a failed fetch is tried again.
const discovered = new Map<string, Promise<oidc.Configuration>>();

function providerConfiguration(federation: Federation): Promise<oidc.Configuration> {
  const key = `${federation.issuer} ${federation.clientId}`;
  let found = discovered.get(key);
  if (!found) {
    const issuer = new URL(federation.issuer);
    found = oidc.discovery(
      issuer,
      federation.clientId,
      undefined,
      oidc.ClientSecretBasic(federation.clientSecret),
      {
        timeout: PROVIDER_TIMEOUT_SECONDS,
        execute: [
          // Id tokens' signatures are checked against the provider's keys, not taken on trust
          // of the connection (which OpenID Connect would allow).
          oidc.enableNonRepudiationChecks,
          // config.ts allows http for a provider on this machine only.
          ...(issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : []),
        ],
      },
    );
    found.catch(() => discovered.delete(key));
    discovered.set(key, found);
  }
  return found;
}

/** What the pool keeps while the person is at the provider: sealed, in one cookie. */
interface PendingFederation {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** The app's own authorize request, resumed once the provider answers. */
  authorize: Record<string, string>;
  expiresAt: number;
}

const providerDown = (federation: Federation) =>
  new FederationError(
    'temporarily_unavailable',
    `${federation.name} did not answer. Please try again in a few minutes.`,
  );

/** The provider's authorization URL for this person, and the sealed cookie to keep meanwhile. */
export async function startFederation(
  ctx: AppContext,
  federation: Federation,
  authorize: Record<string, string>,
): Promise<{ url: string; cookie: string }> {
  const configuration = await providerConfiguration(federation).catch(() => {
    throw providerDown(federation);
  });
  const pending: PendingFederation = {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
    authorize,
    expiresAt: ctx.now().getTime() + FEDERATION_TTL_MS,
  };
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: idpResponseUrl(ctx),
    scope: federation.scopes,
    state: pending.state,
    nonce: pending.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
    code_challenge_method: 'S256',
  });
  return { url: url.href, cookie: ctx.secrets.seal('federation', JSON.stringify(pending)) };
}

const idpResponseUrl = (ctx: AppContext) => `${ctx.config.publicUrl}/cognito${IDP_RESPONSE_PATH}`;

/** The pending round trip a cookie holds while it lasts; null for none, a forged or an old one. */
export function openPendingFederation(
  ctx: AppContext,
  cookie: string | undefined,
): PendingFederation | null {
  const opened = cookie ? ctx.secrets.open('federation', cookie) : null;
  if (!opened) return null;
  try {
    const pending = JSON.parse(opened) as PendingFederation;
    return pending.expiresAt > ctx.now().getTime() ? pending : null;
  } catch {
    return null;
  }
}

/** The person the provider vouches for: a verified address and a name. */
export interface FederatedPerson {
  email: string;
  name: string;
  organizationName: string | undefined;
}

const verified = (value: unknown) => value === true || value === 'true';
// A name as the provider gives it, tidied as an imported one: no control or direction
// characters, at most a name's length.
const claimName = (value: unknown) => tidyFileName(typeof value === 'string' ? value : undefined);

/**
 * Checks the provider's answer at /oauth2/idpresponse (state, code, the id token's signature,
 * issuer, audience, expiry and nonce, all by openid-client) and reads the person from its claims.
 */
export async function finishFederation(
  ctx: AppContext,
  federation: Federation,
  pending: PendingFederation,
  query: string,
  log: { warn(obj: object, msg: string): void },
): Promise<FederatedPerson> {
  const configuration = await providerConfiguration(federation).catch(() => {
    throw providerDown(federation);
  });
  const notVerified = new FederationError(
    'access_denied',
    `The sign-in with ${federation.name} could not be completed. Please try again.`,
  );
  let claims: Record<string, unknown>;
  try {
    const tokens = await oidc.authorizationCodeGrant(
      configuration,
      new URL(`${idpResponseUrl(ctx)}?${query}`),
      {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      },
    );
    claims = { ...tokens.claims() };
    const { email: emailClaim, emailVerified } = federation.claims;
    if (claims[emailClaim] === undefined || claims[emailVerified] === undefined) {
      const subject = claims.sub as string;
      const info = await oidc.fetchUserInfo(configuration, tokens.access_token, subject);
      claims = { ...info, ...claims };
    }
  } catch (error) {
    if (error instanceof oidc.AuthorizationResponseError && error.error === 'access_denied') {
      throw new FederationError(
        'access_denied',
        `The sign-in with ${federation.name} was cancelled.`,
      );
    }
    if (isUnreachable(error)) throw providerDown(federation);
    log.warn({ err: error }, 'an outside provider sign-in was refused');
    throw notVerified;
  }
  const email = emailSchema.safeParse(claims[federation.claims.email]);
  if (!email.success) {
    throw new FederationError(
      'access_denied',
      `${federation.name} gave no email address Baletrack can use, so it cannot sign you in here.`,
    );
  }
  if (!verified(claims[federation.claims.emailVerified])) {
    throw new FederationError(
      'access_denied',
      `${federation.name} has not verified your email address, so it cannot sign you in here. Verify it with ${federation.name}, or sign in with your password.`,
    );
  }
  const organization = federation.claims.organization;
  return {
    email: email.data,
    name: claimName(claims[federation.claims.name]) ?? '',
    organizationName: organization ? claimName(claims[organization]) : undefined,
  };
}

// A provider that refused the connection, timed out or answered no HTTP at all.
function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return true;
  return error instanceof TypeError && /fetch failed/i.test(error.message);
}

/** Registers a new person's organization; given by the app, which owns organizations. */
export type RegisterFederatedOwner = (person: FederatedPerson) => Promise<string>;

/**
 * The pool user the person becomes: the enabled, confirmed user with the verified address, or,
 * where nobody has it and the operator allows it, the owner of a new organization.
 */
export async function federatedUser(
  ctx: AppContext,
  federation: Federation,
  person: FederatedPerson,
  registerOwner: RegisterFederatedOwner,
): Promise<string> {
  const existing: PoolUser | undefined = await findUserByUsername(ctx.db, person.email);
  if (existing) {
    if (!existing.enabled) throw new FederationError('access_denied', 'User is disabled.');
    if (existing.status !== 'CONFIRMED') {
      throw new FederationError(
        'access_denied',
        `Finish setting up your account in the Baletrack app first, then sign in with ${federation.name}.`,
      );
    }
    return existing.id;
  }
  if (!federation.createOrganizations) {
    throw new FederationError(
      'access_denied',
      `No Baletrack account uses ${person.email}. Ask your farm's owner to invite you.`,
    );
  }
  return registerOwner(person);
}
