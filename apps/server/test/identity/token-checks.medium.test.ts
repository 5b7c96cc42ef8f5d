import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteOrganization } from '../../src/features/account/close-account.repository.ts';
import { updateUser } from '../../src/features/identity/pool-users.repository.ts';
import { deletePoolUser, setUserEnabled } from '../../src/features/identity/user-pool.service.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { apiCall } from '../helpers/user-api.ts';
import { call, newPoolUser } from './pool-fixtures.ts';

// A signed-in call remembers the token's family for a few seconds (token-checks.ts) so it skips
// the database; every way of ending or changing a session in this process still applies to the
// very next call (docs/product.md#tokens).

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function signedIn(groups?: string[]) {
  const user = await newPoolUser(t.ctx, { groups });
  const answer = await call(t.url, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: t.ctx.config.userPool.clientId,
    AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
  });
  const tokens = answer.body.AuthenticationResult as {
    IdToken: string;
    AccessToken: string;
    RefreshToken: string;
  };
  const whoami = () => apiCall(t, tokens.IdToken, 'GET', '/user-api/user');
  // Honoured once, and so remembered.
  expect((await whoami()).status).toBe(200);
  expect((await whoami()).status).toBe(200);
  return { user, tokens, whoami };
}

describe('a remembered token check', () => {
  it('ends with sign-out: the refresh token revoked, or every session of the user', async () => {
    const one = await signedIn();
    await call(t.url, 'RevokeToken', {
      ClientId: t.ctx.config.userPool.clientId,
      Token: one.tokens.RefreshToken,
    });
    expect((await one.whoami()).status).toBe(401);

    const all = await signedIn();
    await call(t.url, 'GlobalSignOut', { AccessToken: all.tokens.AccessToken });
    expect((await all.whoami()).status).toBe(401);
  });

  it('ends when the user is disabled or deleted, or the organization closed', async () => {
    const disabled = await signedIn();
    await setUserEnabled(t.ctx, disabled.user.id, false);
    expect((await disabled.whoami()).status).toBe(401);

    const deleted = await signedIn();
    await deletePoolUser(t.ctx, deleted.user.id);
    expect((await deleted.whoami()).status).toBe(401);

    const closed = await signedIn();
    await t.ctx.db.transaction().execute((trx) => deleteOrganization(trx, closed.user.orgId));
    expect((await closed.whoami()).status).toBe(401);
  });

  it('follows a change of role at once', async () => {
    const owner = await signedIn(['AccountsOwner']);
    const other = await newPoolUser(t.ctx);
    // Only a SuperAdmin's X-Organization-Id is honoured (docs/product.md#superadmins).
    const acting = async () => {
      const response = await apiCall(
        t,
        owner.tokens.IdToken,
        'GET',
        '/user-api/user/organization',
        {
          headers: { 'x-organization-id': other.orgId },
        },
      );
      return ((await response.json()) as { id: string }).id;
    };
    expect(await acting()).toBe(owner.user.orgId);
    await updateUser(t.ctx.db, owner.user.id, { groups: ['AccountsOwner', 'SuperAdmins'] });
    expect(await acting()).toBe(other.orgId);
  });
});
