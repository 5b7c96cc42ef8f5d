import { messages } from '@baletrack/contracts/errors/messages';
import { subAccountListSchema, subAccountSchema } from '@baletrack/contracts/users/sub-account';
import { up as migrateRoles } from '@baletrack/db/migrations/2026-11-23-0014-roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPoolUser } from '../../src/features/identity/user-pool.service.ts';
import { square } from '../helpers/farm.ts';
import { cognito, newConfirmedUser, signIn } from '../helpers/identity.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { acceptInvite, apiCall } from '../helpers/user-api.ts';

// The three roles (docs/product.md#roles): the owner invites a manager or a viewer, changes their
// role, and the change applies to their next call; sub-users from before roles become managers.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

let counter = 0;
const newEmail = () => `role-${Date.now()}-${++counter}@example.com`;
const newFieldBody = () => ({
  body: { name: `Role Field ${++counter}`, sizeHectares: null, boundary: square(-121.6, 45.4) },
});
const feedback = {
  body: { type: 'bug', name: 'Role Tester', email: 'tester@example.com', details: 'Hello' },
};
/** The `cognito:groups` claim of an id token. */
const groupsClaim = (idToken: string) =>
  (
    JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) as {
      'cognito:groups'?: string[];
    }
  )['cognito:groups'];

async function ownerOfNewFarm() {
  const owner = await newConfirmedUser(t.ctx);
  const { IdToken } = await signIn(t, owner.email, owner.password);
  return { ...owner, token: IdToken };
}

/** Invites someone with `role` (or none) and signs them in with their own password. */
async function invited(ownerToken: string, role?: 'manager' | 'viewer') {
  const email = newEmail();
  const response = await apiCall(t, ownerToken, 'POST', '/user-api/user', {
    body: { name: 'Hired Hand', email, ...(role ? { role } : {}) },
  });
  expect(response.status).toBe(201);
  const user = subAccountSchema.parse(await response.json());
  const tokens = await acceptInvite(t, email, 'Own-password9');
  return { ...user, tokens, token: tokens.IdToken };
}

describe('inviting with a role', () => {
  it('gives a manager the AccountsManager group: changes farm data, never people or balers', async () => {
    const owner = await ownerOfNewFarm();
    const manager = await invited(owner.token, 'manager');
    expect(manager).toMatchObject({ groups: ['AccountsManager'], role: 'manager' });
    expect(groupsClaim(manager.token)).toEqual(['AccountsManager']);

    const field = await apiCall(t, manager.token, 'POST', '/data-api/fields', newFieldBody());
    expect(field.status).toBe(201);
    const invite = await apiCall(t, manager.token, 'POST', '/user-api/user', {
      body: { name: 'Another', email: newEmail() },
    });
    expect(invite.status).toBe(403);
    expect(await invite.json()).toMatchObject({ message: messages.roles.ownerOnlyUsers });
    const reports = await apiCall(t, manager.token, 'GET', '/data-api/autoreport/settings');
    expect(reports.status).toBe(200);
  });

  it('gives a viewer AccountsViewer: reads, sends feedback, and is refused every change', async () => {
    const owner = await ownerOfNewFarm();
    const viewer = await invited(owner.token, 'viewer');
    expect(viewer).toMatchObject({ groups: ['AccountsViewer'], role: 'viewer' });
    expect(groupsClaim(viewer.token)).toEqual(['AccountsViewer']);

    expect((await apiCall(t, viewer.token, 'GET', '/data-api/fields')).status).toBe(200);
    const field = await apiCall(t, viewer.token, 'POST', '/data-api/fields', newFieldBody());
    expect(field.status).toBe(403);
    expect(await field.json()).toMatchObject({ message: messages.roles.viewerReadOnly });
    const sent = await apiCall(t, viewer.token, 'POST', '/user-api/feedback', feedback);
    expect(sent.status).toBe(201);
    const reports = await apiCall(t, viewer.token, 'GET', '/data-api/autoreport/settings');
    expect(await reports.json()).toMatchObject({
      message: messages.roles.automatedReportsNotForViewers,
    });
  });

  it('makes a viewer of an invite that names no role, and lists everyone with their role', async () => {
    const owner = await ownerOfNewFarm();
    const plain = await invited(owner.token);
    expect(plain).toMatchObject({ groups: ['AccountsViewer'], role: 'viewer' });
    const manager = await invited(owner.token, 'manager');
    const list = await apiCall(t, owner.token, 'GET', '/user-api/users');
    expect(subAccountListSchema.parse(await list.json()).users.map((u) => [u.id, u.role])).toEqual([
      [plain.id, 'viewer'],
      [manager.id, 'manager'],
    ]);
    const everyone = await apiCall(t, owner.token, 'GET', '/user-api/users/organization');
    expect(subAccountListSchema.parse(await everyone.json()).users.map((u) => u.role)).toEqual([
      'owner',
      'viewer',
      'manager',
    ]);
  });
});

describe('PUT /user/role', () => {
  it('applies to the very next call with the same id token, both ways', async () => {
    const owner = await ownerOfNewFarm();
    const hand = await invited(owner.token, 'viewer');
    expect((await apiCall(t, hand.token, 'POST', '/data-api/fields', newFieldBody())).status).toBe(
      403,
    );

    const promoted = await apiCall(t, owner.token, 'PUT', '/user-api/user/role', {
      body: { id: hand.id, role: 'manager' },
    });
    expect(promoted.status).toBe(200);
    expect(subAccountSchema.parse(await promoted.json())).toMatchObject({
      groups: ['AccountsManager'],
      role: 'manager',
    });
    expect((await apiCall(t, hand.token, 'POST', '/data-api/fields', newFieldBody())).status).toBe(
      201,
    );
    const me = await apiCall(t, hand.token, 'GET', '/user-api/user');
    expect(await me.json()).toMatchObject({ groups: ['AccountsManager'] });

    await apiCall(t, owner.token, 'PUT', '/user-api/user/role', {
      body: { id: hand.id, role: 'viewer' },
    });
    expect((await apiCall(t, hand.token, 'POST', '/data-api/fields', newFieldBody())).status).toBe(
      403,
    );
  });

  it('puts the new role in the next id token a refresh gives', async () => {
    const owner = await ownerOfNewFarm();
    const hand = await invited(owner.token, 'viewer');
    await apiCall(t, owner.token, 'PUT', '/user-api/user/role', {
      body: { id: hand.id, role: 'manager' },
    });
    const refreshed = await cognito(t.url, 'InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: t.ctx.config.userPool.clientId,
      AuthParameters: { REFRESH_TOKEN: hand.tokens.RefreshToken },
    });
    const body = (await refreshed.json()) as { AuthenticationResult: { IdToken: string } };
    expect(groupsClaim(body.AuthenticationResult.IdToken)).toEqual(['AccountsManager']);
  });

  it("never changes the owner's role, and only the owner changes roles", async () => {
    const owner = await ownerOfNewFarm();
    const manager = await invited(owner.token, 'manager');
    const self = await apiCall(t, owner.token, 'PUT', '/user-api/user/role', {
      body: { id: owner.id, role: 'viewer' },
    });
    expect(self.status).toBe(400);
    expect(await self.json()).toMatchObject({ message: messages.roles.ownerRoleFixed });
    const byManager = await apiCall(t, manager.token, 'PUT', '/user-api/user/role', {
      body: { id: manager.id, role: 'viewer' },
    });
    expect(byManager.status).toBe(403);
    expect(await byManager.json()).toMatchObject({ message: messages.roles.ownerOnlyUsers });
    const other = await ownerOfNewFarm();
    const elsewhere = await apiCall(t, other.token, 'PUT', '/user-api/user/role', {
      body: { id: manager.id, role: 'viewer' },
    });
    expect(elsewhere.status).toBe(404);
  });
});

describe('migration 2026-11-23-0014-roles', () => {
  it('makes every sub-user from before roles a manager and leaves everyone else', async () => {
    const owner = await newConfirmedUser(t.ctx);
    const user = async (groups: string[]) => {
      const email = newEmail();
      const { id } = await createPoolUser(t.ctx, {
        orgId: owner.orgId,
        email,
        name: 'Before Roles',
        password: 'Own-password9',
        groups,
        status: 'CONFIRMED',
      });
      return { id, email };
    };
    const legacy = await user([]);
    const viewer = await user(['AccountsViewer']);
    const admin = await user(['SuperAdmins']);
    const { IdToken } = await signIn(t, legacy.email, 'Own-password9');

    await migrateRoles(t.ctx.db);

    const groupsOf = async (id: string) =>
      (
        await t.ctx.db
          .selectFrom('users')
          .select('groups')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).groups;
    expect(await groupsOf(legacy.id)).toEqual(['AccountsManager']);
    expect(await groupsOf(viewer.id)).toEqual(['AccountsViewer']);
    expect(await groupsOf(admin.id)).toEqual(['SuperAdmins']);
    expect(await groupsOf(owner.id)).toEqual(['AccountsOwner']);
    // What they could do before, they still can.
    const field = await apiCall(t, IdToken, 'POST', '/data-api/fields', newFieldBody());
    expect(field.status).toBe(201);
  });
});
