import crypto from 'node:crypto';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { newPoolUser } from './pool-fixtures.ts';

// The hosted sign-in as a browser and an OAuth client use it: authorize, the sign-in form, the
// code for tokens with PKCE, user info, refresh and sign-out, and every way a hostile link or
// client could try to turn it into an open redirect or a second use of a code.

const CALLBACK = 'https://app.example.com/';
const SIGN_OUT = 'https://app.example.com/login';

let t: TestApp;
let clientId: string;

beforeAll(async () => {
  t = await startTestApp({
    env: {
      OAUTH_CALLBACK_URLS: `${CALLBACK},http://localhost:5173/callback`,
      OAUTH_SIGN_OUT_URLS: SIGN_OUT,
    },
  });
  clientId = t.ctx.config.userPool.clientId;
});
afterAll(() => t.close());

/** A browser's cookie jar for the pool's paths, and requests that do not follow redirects. */
function browser() {
  const jar = new Map<string, string>();
  const send = async (path: string, init: RequestInit = {}) => {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(`${t.url}${path}`, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers ?? {}), ...(cookie ? { cookie } : {}) },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  };
  return { jar, send };
}

function pkce() {
  const verifier = crypto.randomBytes(48).toString('base64url');
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

function authorizeQuery(overrides: Record<string, string | undefined> = {}, challenge = 'x') {
  const fields: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: CALLBACK,
    state: 'abc123',
    scope: 'openid email aws.cognito.signin.user.admin',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...overrides,
  };
  const kept = Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined);
  return new URLSearchParams(kept).toString();
}

/** Signs in through the form; answers the browser, now holding the hosted session. */
async function signInThroughForm(user: { email: string; password: string }, challenge: string) {
  const b = browser();
  const start = await b.send(`/cognito/oauth2/authorize?${authorizeQuery({}, challenge)}`);
  expect(start.status).toBe(302);
  const login = start.headers.get('location') ?? '';
  expect(login).toMatch(/^\/cognito\/login\?/);
  const pageHtml = await (await b.send(login)).text();
  const csrf = /name="_csrf" value="([^"]+)"/.exec(pageHtml)?.[1] ?? '';
  const fields = Object.fromEntries(new URLSearchParams(login.split('?')[1]));
  const posted = await b.send(
    '/cognito/login',
    form({ ...fields, _csrf: csrf, username: user.email, password: user.password }),
  );
  return { b, posted, fields, csrf };
}

async function codeFor(user: { email: string; password: string }, challenge: string) {
  const { b, posted } = await signInThroughForm(user, challenge);
  expect(posted.status).toBe(303);
  const back = await b.send(posted.headers.get('location') ?? '');
  expect(back.status).toBe(302);
  const location = new URL(back.headers.get('location') ?? '');
  expect(`${location.origin}${location.pathname}`).toBe(CALLBACK);
  expect(location.searchParams.get('state')).toBe('abc123');
  return { b, code: location.searchParams.get('code') ?? '' };
}

const token = (fields: Record<string, string>) =>
  fetch(`${t.url}/cognito/oauth2/token`, form({ client_id: clientId, ...fields }));

describe('the hosted sign-in', () => {
  it('signs a user in with the code grant and PKCE, and the tokens work', async () => {
    const user = await newPoolUser(t.ctx);
    const { verifier, challenge } = pkce();
    const { code } = await codeFor(user, challenge);
    const response = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK,
      code_verifier: verifier,
    });
    expect(response.status).toBe(200);
    const tokens = (await response.json()) as Record<string, string>;
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    // The id token is for this client and this user.
    expect(decodeJwt(tokens.id_token ?? '')).toMatchObject({ aud: clientId, sub: user.id });

    const info = await fetch(`${t.url}/cognito/oauth2/userInfo`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(await info.json()).toMatchObject({ sub: user.id, email: user.email });
    const refreshed = await token({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token ?? '',
    });
    expect(((await refreshed.json()) as { access_token?: string }).access_token).toBeTruthy();

    // The same code a second time: refused.
    const again = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK,
      code_verifier: verifier,
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });

    // Revoked through the OAuth endpoint, the refresh token stops.
    await fetch(
      `${t.url}/cognito/oauth2/revoke`,
      form({ client_id: clientId, token: tokens.refresh_token ?? '' }),
    );
    const stopped = await token({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token ?? '',
    });
    expect(await stopped.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('remembers the signed-in browser until sign-out, which goes only to a registered address', async () => {
    const user = await newPoolUser(t.ctx);
    const { b } = await codeFor(user, pkce().challenge);
    // Signed in: a second authorize goes straight back with a code.
    const straight = await b.send(
      `/cognito/oauth2/authorize?${authorizeQuery({}, pkce().challenge)}`,
    );
    expect(straight.headers.get('location')).toMatch(/^https:\/\/app\.example\.com\/\?code=/);

    for (const logoutUri of ['https://evil.example/login', `${SIGN_OUT}/`, 'javascript:alert(1)']) {
      const refused = await b.send(
        `/cognito/logout?${new URLSearchParams({ client_id: clientId, logout_uri: logoutUri })}`,
      );
      expect(refused.status, logoutUri).toBe(400);
      expect(refused.headers.get('location')).toBeNull();
    }
    const out = await b.send(
      `/cognito/logout?${new URLSearchParams({ client_id: clientId, logout_uri: SIGN_OUT })}`,
    );
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe(SIGN_OUT);
    const after = await b.send(`/cognito/oauth2/authorize?${authorizeQuery({}, pkce().challenge)}`);
    expect(after.headers.get('location')).toMatch(/^\/cognito\/login\?/);
  });

  it('never redirects to an address not registered for the client', async () => {
    const hostile = [
      'https://evil.example/',
      'https://app.example.com/other',
      'https://app.example.com',
      'https://app.example.com/?next=1',
      'http://app.example.com/',
      'javascript:alert(document.cookie)',
      '//evil.example/',
    ];
    for (const redirect of hostile) {
      const answer = await fetch(
        `${t.url}/cognito/oauth2/authorize?${authorizeQuery({ redirect_uri: redirect })}`,
        { redirect: 'manual' },
      );
      expect(answer.status, redirect).toBe(400);
      expect(answer.headers.get('location'), redirect).toBeNull();
      expect(await answer.text()).toContain('not registered for this client');
    }
    const otherClient = await fetch(
      `${t.url}/cognito/oauth2/authorize?${authorizeQuery({ client_id: 'someone-else' })}`,
      { redirect: 'manual' },
    );
    expect(otherClient.status).toBe(400);
    const unprintable = await fetch(
      `${t.url}/cognito/oauth2/authorize?${authorizeQuery({ state: 'a\u0000b' })}`,
      { redirect: 'manual' },
    );
    expect(unprintable.status).toBe(400);
  });

  it('refuses the implicit grant and any request without PKCE by S256, back to the client', async () => {
    const { challenge } = pkce();
    const cases = [
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
      [{ code_challenge: undefined, code_challenge_method: undefined }, 'invalid_request'],
      [{ code_challenge: 'short' }, 'invalid_request'],
    ] as const;
    for (const [overrides, error] of cases) {
      const answer = await fetch(
        `${t.url}/cognito/oauth2/authorize?${authorizeQuery(overrides, challenge)}`,
        { redirect: 'manual' },
      );
      const location = new URL(answer.headers.get('location') ?? '');
      expect(location.origin).toBe('https://app.example.com');
      expect(location.searchParams.get('error'), JSON.stringify(overrides)).toBe(error);
      expect(location.searchParams.get('state')).toBe('abc123');
      expect(location.searchParams.get('code')).toBeNull();
    }
  });

  it('gives tokens for a code only with its verifier, client and redirect, within 5 minutes', async () => {
    const user = await newPoolUser(t.ctx);
    const exchange = async (change: Record<string, string>) => {
      const { verifier, challenge } = pkce();
      const { code } = await codeFor(user, challenge);
      const fields = {
        grant_type: 'authorization_code',
        code,
        redirect_uri: CALLBACK,
        code_verifier: verifier,
        ...change,
      };
      return fetch(`${t.url}/cognito/oauth2/token`, form({ client_id: clientId, ...fields }));
    };
    const wrongVerifier = await exchange({ code_verifier: pkce().verifier });
    expect(await wrongVerifier.json()).toMatchObject({ error: 'invalid_grant' });
    const otherRedirect = await exchange({ redirect_uri: 'http://localhost:5173/callback' });
    expect(await otherRedirect.json()).toMatchObject({ error: 'invalid_grant' });
    const otherClient = await exchange({ client_id: 'someone-else' });
    expect(otherClient.status).toBe(401);
    expect(await otherClient.json()).toMatchObject({ error: 'invalid_client' });

    const { verifier, challenge } = pkce();
    const { code } = await codeFor(user, challenge);
    t.advance(5 * 60_000 + 1_000);
    const late = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK,
      code_verifier: verifier,
    });
    expect(await late.json()).toMatchObject({ error: 'invalid_grant' });
    const implicit = await token({ grant_type: 'password', username: user.email });
    expect(await implicit.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it('takes a password only through its own form, as the app does', async () => {
    const user = await newPoolUser(t.ctx);
    const { challenge } = pkce();
    const wrong = await signInThroughForm({ ...user, password: 'Not-it-2026' }, challenge);
    expect(wrong.posted.status).toBe(400);
    expect(await wrong.posted.text()).toContain('Incorrect username or password.');

    // A form posted from elsewhere (no CSRF cookie and token of ours): refused.
    const forged = await fetch(
      `${t.url}/cognito/login`,
      form({ ...wrong.fields, _csrf: wrong.csrf, username: user.email, password: user.password }),
    );
    expect(forged.status).toBe(403);
    expect(forged.headers.getSetCookie().join()).not.toContain('bt_hosted_session');

    const invited = await newPoolUser(t.ctx, { status: 'FORCE_CHANGE_PASSWORD' });
    const early = await signInThroughForm(invited, challenge);
    expect(early.posted.status).toBe(403);
    expect(await early.posted.text()).toContain('Finish setting up your account');
  });

  it("answers user info only for an access token of this pool's own client", async () => {
    const user = await newPoolUser(t.ctx);
    const { verifier, challenge } = pkce();
    const { code } = await codeFor(user, challenge);
    const tokens = (await (
      await token({
        grant_type: 'authorization_code',
        code,
        redirect_uri: CALLBACK,
        code_verifier: verifier,
      })
    ).json()) as Record<string, string>;
    const info = (bearer: string) =>
      fetch(`${t.url}/cognito/oauth2/userInfo`, { headers: { authorization: `Bearer ${bearer}` } });
    expect((await info(tokens.access_token ?? '')).status).toBe(200);
    // The id token is no access token.
    expect((await info(tokens.id_token ?? '')).status).toBe(401);
    // Signed by the pool's own key, but for another app client.
    const { kid, key } = await t.ctx.signingKeys.signingKey();
    const claims = decodeJwt(tokens.access_token ?? '');
    const forOtherClient = await new SignJWT({ ...claims, client_id: 'another-client' })
      .setProtectedHeader({ alg: 'RS256', kid })
      .sign(key);
    const refused = await info(forOtherClient);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: 'invalid_token' });
  });

  it('lists its endpoints in the OpenID configuration', async () => {
    const discovery = await (
      await fetch(`${t.url}/cognito/${t.ctx.config.userPool.id}/.well-known/openid-configuration`)
    ).json();
    const base = `${t.ctx.config.publicUrl}/cognito`;
    expect(discovery).toMatchObject({
      authorization_endpoint: `${base}/oauth2/authorize`,
      token_endpoint: `${base}/oauth2/token`,
      userinfo_endpoint: `${base}/oauth2/userInfo`,
      end_session_endpoint: `${base}/logout`,
      revocation_endpoint: `${base}/oauth2/revoke`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
    });
  });
});
