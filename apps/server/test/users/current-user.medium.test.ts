import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newConfirmedUser, signIn } from '../helpers/identity.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const get = (path: string, headers: Record<string, string>) =>
  fetch(`${t.url}/user-api${path}`, { headers });

describe('GET /user and /user/organization', () => {
  it('refuses a call without a valid id token', async () => {
    for (const authorization of [undefined, '', 'garbage', 'eyJhbGciOiJub25lIn0.e30.']) {
      const response = await get('/user', authorization === undefined ? {} : { authorization });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({
        code: 'UNAUTHORIZED',
        message: 'Invalid auth tokens',
      });
    }
  });

  it('refuses an access token where the id token belongs', async () => {
    const owner = await newConfirmedUser(t.ctx);
    const tokens = await signIn(t, owner.email, owner.password);
    expect((await get('/user', { authorization: tokens.AccessToken })).status).toBe(401);
  });

  it("ignores X-Organization-Id from anyone but a SuperAdmin: another farm's data never shows", async () => {
    const owner = await newConfirmedUser(t.ctx, { organizationName: 'Home Farm' });
    const other = await newConfirmedUser(t.ctx, { organizationName: 'Other Farm' });
    const tokens = await signIn(t, owner.email, owner.password);
    const response = await get('/user/organization', {
      authorization: tokens.IdToken,
      'x-organization-id': other.orgId,
    });
    expect(await response.json()).toMatchObject({ id: owner.orgId, name: 'Home Farm' });
  });

  it('lets a SuperAdmin act on another organization with X-Organization-Id', async () => {
    const admin = await newConfirmedUser(t.ctx, {
      groups: ['SuperAdmins'],
      organizationName: 'Operator',
    });
    const farm = await newConfirmedUser(t.ctx, { organizationName: 'Client Farm' });
    const tokens = await signIn(t, admin.email, admin.password);

    const acting = await get('/user/organization', {
      authorization: tokens.IdToken,
      'x-organization-id': farm.orgId,
    });
    expect(await acting.json()).toMatchObject({ id: farm.orgId, name: 'Client Farm' });
    // The admin's own user record stays their own.
    const me = await get('/user', {
      authorization: tokens.IdToken,
      'x-organization-id': farm.orgId,
    });
    expect(await me.json()).toMatchObject({
      id: admin.id,
      organizationId: admin.orgId,
      groups: ['SuperAdmins'],
    });
    const home = await get('/user/organization', { authorization: tokens.IdToken });
    expect(await home.json()).toMatchObject({ id: admin.orgId });
  });
});
