import crypto from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateUser } from '../../src/features/identity/pool-users.repository.ts';
import { registerFederatedOwner } from '../../src/features/users/users.service.ts';
import { type OidcTestProvider, startOidcTestProvider } from '../helpers/oidc-test-provider.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { newPoolUser } from './pool-fixtures.ts';

// Signing in through an outside OpenID Connect provider, a real one (oidc-provider) beside the
// server: a new person gets an organization, a known address its user, and every answer a
// hostile or broken provider could give (wrong state, a code used twice, a forged signature, an
// unverified address, no answer at all) sends the person back to the app with a reason.

const CALLBACK = 'https://app.example.com/';
const PROVIDER = 'Acme ID';

let idp: OidcTestProvider;
let t: TestApp;

beforeAll(async () => {
  idp = await startOidcTestProvider();
  t = await startTestApp({
    env: {
      OAUTH_CALLBACK_URLS: CALLBACK,
      OAUTH_DOMAIN: 'farm.example.com/cognito',
      OIDC_NAME: PROVIDER,
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
    },
  });
  idp.allowRedirect(`${t.ctx.config.publicUrl}/cognito/oauth2/idpresponse`);
});
afterAll(async () => {
  await t.close();
  await idp.stop();
});

/** A browser: a cookie jar per origin, redirects followed by hand. */
function browser() {
  const jars = new Map<string, Map<string, string>>();
  const send = async (url: string) => {
    const { origin } = new URL(url);
    const jar = jars.get(origin) ?? new Map<string, string>();
    jars.set(origin, jar);
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, {
      redirect: 'manual',
      headers: cookie ? { cookie } : {},
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  };
  /** Follows redirects until the app's callback, a page, or the first URL `stopAt` picks. */
  const follow = async (start: string, stopAt: (url: URL) => boolean = () => false) => {
    let at = start;
    let response = await send(at);
    while (response.status === 302 || response.status === 303) {
      const next = new URL(response.headers.get('location') ?? '', at);
      if (next.href.startsWith(CALLBACK) || stopAt(next)) return { next, response };
      at = next.href;
      response = await send(at);
    }
    return { next: undefined, response };
  };
  return { jars, send, follow };
}

function pkce() {
  const verifier = crypto.randomBytes(48).toString('base64url');
  return { verifier, challenge: crypto.createHash('sha256').update(verifier).digest('base64url') };
}

const authorizeUrl = (challenge: string, provider: string = PROVIDER) =>
  `${t.url}/cognito/oauth2/authorize?${new URLSearchParams({
    response_type: 'code',
    client_id: t.ctx.config.userPool.clientId,
    redirect_uri: CALLBACK,
    state: 'app-state',
    scope: 'openid email profile aws.cognito.signin.user.admin',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    identity_provider: provider,
  })}`;

const isIdpResponse = (url: URL) => url.pathname === '/cognito/oauth2/idpresponse';

/** A person the provider knows, signing in next. */
function personAtProvider(claims: Record<string, unknown>) {
  const accountId = crypto.randomUUID();
  idp.accounts.set(accountId, claims);
  idp.signInAs(accountId);
  return accountId;
}

/** The id token the app's code is worth. */
async function idTokenFor(callback: URL, verifier: string) {
  expect(callback.searchParams.get('state')).toBe('app-state');
  expect(callback.searchParams.get('error_description')).toBeNull();
  const answer = await fetch(`${t.url}/cognito/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: t.ctx.config.userPool.clientId,
      code: callback.searchParams.get('code') ?? '',
      redirect_uri: CALLBACK,
      code_verifier: verifier,
    }),
  });
  expect(answer.status).toBe(200);
  return decodeJwt(((await answer.json()) as { id_token: string }).id_token);
}

/** The error the app is sent back with. */
function refusal(callback: URL | undefined) {
  expect(callback?.href.startsWith(CALLBACK)).toBe(true);
  expect(callback?.searchParams.get('code')).toBeNull();
  expect(callback?.searchParams.get('state')).toBe('app-state');
  return {
    error: callback?.searchParams.get('error'),
    description: callback?.searchParams.get('error_description') ?? '',
  };
}

const usersWithEmail = async (email: string) =>
  (await t.ctx.db.selectFrom('users').select('id').where('email', '=', email).execute()).length;

describe('signing in with an outside provider', () => {
  it('registers a new person with an organization of their own, and knows them next time', async () => {
    const email = `grower-${crypto.randomUUID().slice(0, 8)}@acme.example`;
    personAtProvider({ email, email_verified: true, name: 'Alice Acres' });
    const first = pkce();
    const { next } = await browser().follow(authorizeUrl(first.challenge));
    const claims = await idTokenFor(next as URL, first.verifier);
    expect(claims.email).toBe(email);
    expect(claims['cognito:groups']).toEqual(['AccountsOwner']);
    const organization = await t.ctx.db
      .selectFrom('organizations')
      .select('name')
      .where('id', '=', claims['custom:accountId'] as string)
      .executeTakeFirstOrThrow();
    expect(organization.name).toBe("Alice Acres's farm");

    // Another browser, the same person: the same user, no second organization.
    const again = pkce();
    const second = await browser().follow(authorizeUrl(again.challenge));
    const later = await idTokenFor(second.next as URL, again.verifier);
    expect(later.sub).toBe(claims.sub);
    expect(await usersWithEmail(email)).toBe(1);
  });

  it('signs in the pool user whose address the provider has verified', async () => {
    const user = await newPoolUser(t.ctx);
    personAtProvider({ email: user.email.toUpperCase(), email_verified: true, name: 'Pat' });
    const { verifier, challenge } = pkce();
    const { next } = await browser().follow(authorizeUrl(challenge));
    const claims = await idTokenFor(next as URL, verifier);
    expect(claims.sub).toBe(user.id);
    expect(claims['custom:accountId']).toBe(user.orgId);
  });

  it('tidies what the provider says of a person, and refuses an address that is none', async () => {
    const email = `tidy-${crypto.randomUUID().slice(0, 8)}@acme.example`;
    // Control and direction characters, and far too long: kept as an imported name is.
    personAtProvider({
      email: `  ${email.toUpperCase()} `,
      email_verified: 'true',
      name: `Mia\u0000 \u202EreganaM${'x'.repeat(500)}`,
    });
    const { verifier, challenge } = pkce();
    const claims = await idTokenFor(
      (await browser().follow(authorizeUrl(challenge))).next as URL,
      verifier,
    );
    expect(claims.email).toBe(email);
    const user = await t.ctx.db
      .selectFrom('users')
      .select('name')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.name).toMatch(/^Mia reganaMx+$/);
    expect(user.name).toHaveLength(100);

    for (const wrong of ['not an address', `${'a'.repeat(300)}@acme.example`, 42]) {
      personAtProvider({ email: wrong, email_verified: true, name: 'Odd' });
      const { error, description } = refusal(
        (await browser().follow(authorizeUrl(pkce().challenge))).next,
      );
      expect(error).toBe('access_denied');
      expect(description).toBe(
        `${PROVIDER} gave no email address Baletrack can use, so it cannot sign you in here.`,
      );
    }
  });

  it('registers one organization when two first sign-ins of a person race', async () => {
    const email = `race-${crypto.randomUUID().slice(0, 8)}@acme.example`;
    const person = { email, name: 'Rae', organizationName: undefined };
    const [a, b] = await Promise.all([
      registerFederatedOwner(t.ctx, person),
      registerFederatedOwner(t.ctx, person),
    ]);
    expect(a).toBe(b);
    const organizations = await t.ctx.db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', "Rae's farm")
      .execute();
    expect(organizations).toHaveLength(1);
  });

  it('refuses an address the provider has not verified, creating nobody', async () => {
    const email = `unverified-${crypto.randomUUID().slice(0, 8)}@acme.example`;
    personAtProvider({ email, email_verified: false, name: 'Una' });
    const { next } = await browser().follow(authorizeUrl(pkce().challenge));
    const { error, description } = refusal(next);
    expect(error).toBe('access_denied');
    expect(description).toContain(`${PROVIDER} has not verified your email address`);
    expect(await usersWithEmail(email)).toBe(0);
  });

  it('refuses disabled users and those who have not finished setting up', async () => {
    const disabled = await newPoolUser(t.ctx);
    await updateUser(t.ctx.db, disabled.id, { enabled: false });
    personAtProvider({ email: disabled.email, email_verified: true });
    expect(refusal((await browser().follow(authorizeUrl(pkce().challenge))).next)).toEqual({
      error: 'access_denied',
      description: 'User is disabled.',
    });
    const unconfirmed = await newPoolUser(t.ctx, { status: 'UNCONFIRMED' });
    personAtProvider({ email: unconfirmed.email, email_verified: true });
    const { description } = refusal((await browser().follow(authorizeUrl(pkce().challenge))).next);
    expect(description).toContain('Finish setting up your account in the Baletrack app first');
  });

  it('refuses an answer whose state is not the one it sent', async () => {
    personAtProvider({ email: 'state@acme.example', email_verified: true });
    const b = browser();
    const { next } = await b.follow(authorizeUrl(pkce().challenge), isIdpResponse);
    const forged = new URL(next as URL);
    forged.searchParams.set('state', 'an-attackers-state');
    const { next: back } = await b.follow(forged.href);
    expect(refusal(back).error).toBe('access_denied');
    expect(await usersWithEmail('state@acme.example')).toBe(0);
  });

  it('takes each code from the provider once', async () => {
    personAtProvider({ email: 'replay@acme.example', email_verified: true });
    const b = browser();
    const { next } = await b.follow(authorizeUrl(pkce().challenge), isIdpResponse);
    const pending = new Map(b.jars.get(t.url));
    expect((await b.follow((next as URL).href)).next?.searchParams.get('code')).toBeTruthy();
    // The same answer again, with the round trip's cookie put back.
    const replay = browser();
    replay.jars.set(t.url, pending);
    const { next: back } = await replay.follow((next as URL).href);
    expect(refusal(back).error).toBe('access_denied');
  });

  it('refuses an id token whose signature does not verify', async () => {
    personAtProvider({ email: 'forged@acme.example', email_verified: true });
    idp.tamperNextIdToken();
    const { next } = await browser().follow(authorizeUrl(pkce().challenge));
    expect(refusal(next).description).toBe(
      `The sign-in with ${PROVIDER} could not be completed. Please try again.`,
    );
    expect(await usersWithEmail('forged@acme.example')).toBe(0);
  });

  it('sends a cancelled sign-in back to the app, and a stale answer nowhere', async () => {
    personAtProvider({ email: 'cancel@acme.example', email_verified: true });
    const b = browser();
    const { next } = await b.follow(authorizeUrl(pkce().challenge), (url) =>
      url.href.startsWith(idp.issuer),
    );
    const state = (next as URL).searchParams.get('state') ?? '';
    const cancelled = `${t.url}/cognito/oauth2/idpresponse?${new URLSearchParams({
      error: 'access_denied',
      state,
      iss: idp.issuer,
    })}`;
    expect(refusal((await b.follow(cancelled)).next).description).toBe(
      `The sign-in with ${PROVIDER} was cancelled.`,
    );
    // No round trip under way in this browser (the cookie is gone): a page, no redirect.
    const stale = await b.send(cancelled);
    expect(stale.status).toBe(400);
    expect(await stale.text()).toContain('This sign-in has expired');
  });

  it('refuses a provider it does not know', async () => {
    const { next } = await browser().follow(authorizeUrl(pkce().challenge, 'Evil ID'));
    expect(refusal(next)).toEqual({
      error: 'invalid_request',
      description: 'This identity provider is not set up here.',
    });
  });

  it('offers the provider on its sign-in page, and tells the web app about it', async () => {
    const { challenge } = pkce();
    const page = await browser().follow(authorizeUrl(challenge, 'COGNITO'));
    const html = await page.response.text();
    expect(html).toContain(`Sign in with ${PROVIDER}</a>`);
    const config = (await (await fetch(`${t.url}/config.json`)).json()) as { oauth: unknown };
    expect(config.oauth).toEqual({
      domain: 'farm.example.com/cognito',
      scopes: ['openid', 'email', 'profile', 'aws.cognito.signin.user.admin'],
      redirectSignIn: [CALLBACK],
      redirectSignOut: t.ctx.config.userPool.signOutUrls,
      providers: [PROVIDER],
    });
  });

  it('lets only the registered app origin call the token endpoint from a browser', async () => {
    const ask = (origin: string) =>
      fetch(`${t.url}/cognito/oauth2/token`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,x-amz-user-agent',
        },
      });
    const allowed = await ask('https://app.example.com');
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(allowed.headers.get('access-control-allow-headers')).toContain('x-amz-user-agent');
    const other = await ask('https://evil.example.com');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('an outside provider that does not answer', () => {
  it('sends the person back to the app saying so, before and during the round trip', async () => {
    const down = await startOidcTestProvider();
    const app = await startTestApp({
      env: {
        OAUTH_CALLBACK_URLS: CALLBACK,
        OIDC_NAME: PROVIDER,
        OIDC_ISSUER: down.issuer,
        OIDC_CLIENT_ID: down.clientId,
        OIDC_CLIENT_SECRET: down.clientSecret,
      },
    });
    try {
      down.allowRedirect(`${app.ctx.config.publicUrl}/cognito/oauth2/idpresponse`);
      const accountId = crypto.randomUUID();
      down.accounts.set(accountId, { email: 'late@acme.example', email_verified: true });
      down.signInAs(accountId);
      const url = authorizeUrl(pkce().challenge).replace(t.url, app.url);
      const b = browser();
      const { next } = await b.follow(url, isIdpResponse);
      await down.stop();
      const during = refusal((await b.follow((next as URL).href)).next);
      expect(during).toEqual({
        error: 'temporarily_unavailable',
        description: `${PROVIDER} did not answer. Please try again in a few minutes.`,
      });
    } finally {
      await app.close();
    }
    // A provider that was never reachable: refused at the start, nobody sent to it.
    const nowhere = await startTestApp({
      env: {
        OAUTH_CALLBACK_URLS: CALLBACK,
        OIDC_NAME: PROVIDER,
        OIDC_ISSUER: 'http://127.0.0.1:1',
        OIDC_CLIENT_ID: 'baletrack',
        OIDC_CLIENT_SECRET: 'secret',
      },
    });
    try {
      const url = authorizeUrl(pkce().challenge).replace(t.url, nowhere.url);
      expect(refusal((await browser().follow(url)).next).error).toBe('temporarily_unavailable');
    } finally {
      await nowhere.close();
    }
  });
});
