import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUserEnabled } from '../../src/features/identity/user-pool.service.ts';
import { authenticate } from '../../src/plugins/authenticate.ts';
import { registerErrorHandler } from '../../src/plugins/error-handler.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { call, newPoolUser } from './pool-fixtures.ts';

// The authenticate plugin on tiny routes of its own app, sharing the running pool's context:
// tokens come from the real protocol, checks happen as the data and user APIs will see them.

let t: TestApp;
let api: FastifyInstance;

beforeAll(async () => {
  t = await startTestApp();
  api = Fastify();
  api.decorate('ctx', t.ctx);
  registerErrorHandler(api);
  await api.register(async (scope) => {
    await scope.register(authenticate);
    scope.get('/whoami', async (request) => request.principal);
    scope.get('/open', { config: { public: true } }, async (request) => ({
      principal: request.principal,
    }));
  });
  await api.register(
    async (scope) => {
      await scope.register(authenticate, { token: 'access' });
      scope.get('/whoami', async (request) => request.principal);
    },
    { prefix: '/convert' },
  );
  await api.ready();
});
afterAll(async () => {
  await api.close();
  await t.close();
});

async function tokensFor(email: string, password: string) {
  const answer = await call(t.url, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: t.ctx.config.userPool.clientId,
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  return answer.body.AuthenticationResult as {
    IdToken: string;
    AccessToken: string;
    RefreshToken: string;
  };
}

const whoami = (headers: Record<string, string>, url = '/whoami') => api.inject({ url, headers });

function expectUnauthorized(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(401);
  expect(response.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Invalid auth tokens' });
}

describe('authenticate', () => {
  it('sets the principal from a raw id token', async () => {
    const user = await newPoolUser(t.ctx);
    const { IdToken } = await tokensFor(user.email, user.password);
    const response = await whoami({ authorization: IdToken });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      userId: user.id,
      email: user.email,
      groups: ['AccountsOwner'],
      accountId: user.orgId,
      orgId: user.orgId,
    });
  });

  it('refuses missing, malformed, Bearer-prefixed, access and tampered tokens', async () => {
    const user = await newPoolUser(t.ctx);
    const { IdToken, AccessToken } = await tokensFor(user.email, user.password);
    const [header, payload, signature] = IdToken.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const forged = Buffer.from(
      JSON.stringify({ ...claims, 'custom:accountId': crypto.randomUUID() }),
    ).toString('base64url');
    expectUnauthorized(await whoami({}));
    for (const authorization of [
      '',
      'garbage',
      `Bearer ${IdToken}`,
      AccessToken,
      `${header}.${forged}.${signature}`,
      `${header}.${payload}.${(signature ?? '').slice(0, -4)}AAAA`,
    ]) {
      expectUnauthorized(await whoami({ authorization }));
    }
  });

  it('refuses an unsigned token and one signed by a key that is not ours', async () => {
    const user = await newPoolUser(t.ctx);
    const { IdToken } = await tokensFor(user.email, user.password);
    const [, payload] = IdToken.split('.');
    const none = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    expectUnauthorized(await whoami({ authorization: `${none}.${payload}.` }));
    const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const kid = JSON.parse(Buffer.from(IdToken.split('.')[0] ?? '', 'base64url').toString()).kid;
    const head = Buffer.from(JSON.stringify({ alg: 'RS256', kid })).toString('base64url');
    const foreign = crypto
      .sign('sha256', Buffer.from(`${head}.${payload}`), privateKey)
      .toString('base64url');
    expectUnauthorized(await whoami({ authorization: `${head}.${payload}.${foreign}` }));
  });

  it('refuses expired tokens and tokens from another issuer', async () => {
    const user = await newPoolUser(t.ctx);
    const { IdToken } = await tokensFor(user.email, user.password);
    const publicUrl = t.ctx.config.publicUrl;
    t.ctx.config = { ...t.ctx.config, publicUrl: 'https://elsewhere.example' };
    expectUnauthorized(await whoami({ authorization: IdToken }));
    t.ctx.config = { ...t.ctx.config, publicUrl };
    expect((await whoami({ authorization: IdToken })).statusCode).toBe(200);
    // Honoured two seconds before it expires (and remembered as verified), refused ten after.
    t.advance((t.ctx.config.userPool.idTokenTtlSeconds - 2) * 1000);
    expect((await whoami({ authorization: IdToken })).statusCode).toBe(200);
    t.advance(10_000);
    expectUnauthorized(await whoami({ authorization: IdToken }));
  });

  it('refuses tokens of a revoked family, a disabled user and a deleted user', async () => {
    const user = await newPoolUser(t.ctx);
    const revoked = await tokensFor(user.email, user.password);
    const kept = await tokensFor(user.email, user.password);
    await call(t.url, 'RevokeToken', {
      ClientId: t.ctx.config.userPool.clientId,
      Token: revoked.RefreshToken,
    });
    expectUnauthorized(await whoami({ authorization: revoked.IdToken }));
    expect((await whoami({ authorization: kept.IdToken })).statusCode).toBe(200);

    const disabled = await newPoolUser(t.ctx);
    const disabledTokens = await tokensFor(disabled.email, disabled.password);
    await t.ctx.db
      .updateTable('users')
      .set({ enabled: false })
      .where('id', '=', disabled.id)
      .execute();
    expectUnauthorized(await whoami({ authorization: disabledTokens.IdToken }));

    const deleted = await newPoolUser(t.ctx);
    const deletedTokens = await tokensFor(deleted.email, deleted.password);
    await t.ctx.db.deleteFrom('users').where('id', '=', deleted.id).execute();
    expectUnauthorized(await whoami({ authorization: deletedTokens.IdToken }));
  });

  it('disabling through the pool ends sessions at once', async () => {
    const user = await newPoolUser(t.ctx);
    const { IdToken, RefreshToken } = await tokensFor(user.email, user.password);
    await setUserEnabled(t.ctx, user.id, false);
    expectUnauthorized(await whoami({ authorization: IdToken }));
    const refresh = await call(t.url, 'GetTokensFromRefreshToken', {
      ClientId: t.ctx.config.userPool.clientId,
      RefreshToken,
    });
    expect(refresh.body.__type).toBe('NotAuthorizedException');
  });

  it('lets only SuperAdmins pick the organization with X-Organization-Id', async () => {
    const admin = await newPoolUser(t.ctx, { groups: ['SuperAdmins'] });
    const owner = await newPoolUser(t.ctx);
    const adminTokens = await tokensFor(admin.email, admin.password);
    const ownerTokens = await tokensFor(owner.email, owner.password);

    const acting = await whoami({
      authorization: adminTokens.IdToken,
      'x-organization-id': owner.orgId,
    });
    expect(acting.json()).toMatchObject({
      accountId: admin.orgId,
      orgId: owner.orgId,
      groups: ['SuperAdmins'],
    });
    const own = await whoami({ authorization: adminTokens.IdToken });
    expect(own.json()).toMatchObject({ orgId: admin.orgId });

    const notUuid = await whoami({
      authorization: adminTokens.IdToken,
      'x-organization-id': 'farm-1',
    });
    expect(notUuid.statusCode).toBe(400);
    const missing = await whoami({
      authorization: adminTokens.IdToken,
      'x-organization-id': crypto.randomUUID(),
    });
    expect(missing.statusCode).toBe(404);

    const ignored = await whoami({
      authorization: ownerTokens.IdToken,
      'x-organization-id': admin.orgId,
    });
    expect(ignored.json()).toMatchObject({ accountId: owner.orgId, orgId: owner.orgId });
  });

  it('leaves public routes open', async () => {
    const response = await whoami({}, '/open');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ principal: null });
  });

  it('takes Bearer access tokens where configured (the convert API)', async () => {
    const user = await newPoolUser(t.ctx);
    const { IdToken, AccessToken } = await tokensFor(user.email, user.password);
    const ok = await whoami({ authorization: `Bearer ${AccessToken}` }, '/convert/whoami');
    expect(ok.json()).toMatchObject({ userId: user.id, email: user.email, accountId: user.orgId });
    expectUnauthorized(await whoami({ authorization: AccessToken }, '/convert/whoami'));
    expectUnauthorized(await whoami({ authorization: `Bearer ${IdToken}` }, '/convert/whoami'));
  });

  it('keeps verifying tokens across a key rotation until the old key is retired', async () => {
    const keys = t.ctx.signingKeys;
    const user = await newPoolUser(t.ctx);
    const before = await tokensFor(user.email, user.password);
    const oldKid = JSON.parse(
      Buffer.from(before.IdToken.split('.')[0] ?? '', 'base64url').toString(),
    ).kid;
    const newKid = await keys.rotate();
    expect(newKid).not.toBe(oldKid);

    const after = await tokensFor(user.email, user.password);
    expect(
      JSON.parse(Buffer.from(after.IdToken.split('.')[0] ?? '', 'base64url').toString()).kid,
    ).toBe(newKid);
    const jwks = (await (
      await fetch(`${t.url}/cognito/${t.ctx.config.userPool.id}/.well-known/jwks.json`)
    ).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys.map((key) => key.kid).sort()).toEqual([newKid, oldKid].sort());
    expect(jwks.keys.every((key) => !('d' in key))).toBe(true);
    expect((await whoami({ authorization: before.IdToken })).statusCode).toBe(200);

    await keys.retire(oldKid);
    expectUnauthorized(await whoami({ authorization: before.IdToken }));
    expect((await whoami({ authorization: after.IdToken })).statusCode).toBe(200);
  });
});
