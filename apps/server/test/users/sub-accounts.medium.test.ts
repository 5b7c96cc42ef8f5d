import { messages } from '@baletrack/contracts/errors/messages';
import { subAccountListSchema, subAccountSchema } from '@baletrack/contracts/users/sub-account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newConfirmedUser, signIn } from '../helpers/identity.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { acceptInvite, apiCall, type CallOptions } from '../helpers/user-api.ts';

// The owner's user management (API 2): invites, lists, renames and who may do them.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

let counter = 0;
const newEmail = () => `hand-${Date.now()}-${++counter}@example.com`;

async function signedInOwner(groups = ['AccountsOwner']) {
  const owner = await newConfirmedUser(t.ctx, { groups });
  const { IdToken } = await signIn(t, owner.email, owner.password);
  const call = (method: string, path: string, options?: CallOptions) =>
    apiCall(t, IdToken, method, `/user-api${path}`, options);
  return { ...owner, token: IdToken, call };
}

const countUsers = async (orgId: string) =>
  (await t.ctx.db.selectFrom('users').select('id').where('orgId', '=', orgId).execute()).length;
const mailsTo = async (email: string) =>
  (await t.ctx.db.selectFrom('outbox').selectAll().where('recipient', '=', email).execute()).length;

describe('POST /user (invite)', () => {
  it('creates a user in status sent and mails a temporary password and the sign-in address', async () => {
    const owner = await signedInOwner();
    const email = newEmail();
    const response = await owner.call('POST', '/user', { body: { name: ' Hired Hand ', email } });
    expect(response.status).toBe(201);
    const invited = subAccountSchema.parse(await response.json());
    expect(invited).toEqual({
      id: expect.any(String),
      name: 'Hired Hand',
      email,
      status: 'sent',
      enabled: true,
      groups: ['AccountsViewer'],
      role: 'viewer',
    });
    const mail = await t.ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', email)
      .executeTakeFirstOrThrow();
    expect(mail.text).toContain(`${t.url}/login`);
    const password = /temporary password:\n\n(\S+)\n/.exec(mail.text)?.[1] ?? '';
    expect(password).toMatch(/^(?=.*\d)(?=.*[a-z])(?=.*[A-Z]).{8,}$/);

    // The first sign-in asks for a new password; then the user is confirmed, a viewer (no role
    // asked for).
    const tokens = await acceptInvite(t, email, 'Own-password9');
    const me = await apiCall(t, tokens.IdToken, 'GET', '/user-api/user');
    expect(await me.json()).toMatchObject({
      id: invited.id,
      organizationId: owner.orgId,
      groups: ['AccountsViewer'],
      status: 'confirmed',
    });
    const list = subAccountListSchema.parse(await (await owner.call('GET', '/users')).json());
    expect(list.users).toEqual([{ ...invited, status: 'confirmed' }]);
  });

  it('refuses an address already in this organization or in another, storing nothing', async () => {
    const owner = await signedInOwner();
    const elsewhere = await newConfirmedUser(t.ctx);
    const email = newEmail();
    expect((await owner.call('POST', '/user', { body: { name: 'A', email } })).status).toBe(201);

    const again = await owner.call('POST', '/user', {
      body: { name: 'B', email: email.toUpperCase() },
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: messages.user.alreadyExists });
    const self = await owner.call('POST', '/user', { body: { name: 'Me', email: owner.email } });
    expect(await self.json()).toMatchObject({ message: messages.user.alreadyExists });

    const other = await owner.call('POST', '/user', {
      body: { name: 'C', email: elsewhere.email },
    });
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({
      message: messages.user.existsInAnotherOrganization,
    });
    expect(await countUsers(owner.orgId)).toBe(2);
    expect(await countUsers(elsewhere.orgId)).toBe(1);
    expect(await mailsTo(elsewhere.email)).toBe(0);
  });

  it('answers bad input with 400 and stores and mails nothing', async () => {
    const owner = await signedInOwner();
    const email = newEmail();
    for (const body of [
      { name: '', email },
      { name: 'Bo', email: 'not-an-email' },
      { email },
      {},
    ]) {
      const response = await owner.call('POST', '/user', { body });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    const raw = await fetch(`${t.url}/user-api/user`, {
      method: 'POST',
      headers: { authorization: owner.token, 'content-type': 'application/json' },
      body: '{"name": "Bo", ',
    });
    expect(raw.status).toBe(400);
    expect(await countUsers(owner.orgId)).toBe(1);
    expect(await mailsTo(email)).toBe(0);
  });
});

describe('GET /users, /users/group, /users/organization', () => {
  it("lists the sub-accounts, a group's users and everyone, of the caller's organization only", async () => {
    const owner = await signedInOwner();
    const other = await signedInOwner();
    const hand = newEmail();
    await owner.call('POST', '/user', { body: { name: 'Hand', email: hand } });
    await other.call('POST', '/user', { body: { name: 'Other hand', email: newEmail() } });

    const emails = async (path: string, query?: Record<string, string>) => {
      const response = await owner.call('GET', path, { query });
      expect(response.status).toBe(200);
      return subAccountListSchema.parse(await response.json()).users.map((u) => u.email);
    };
    expect(await emails('/users')).toEqual([hand]);
    expect(await emails('/users/group', { group: 'AccountsOwner' })).toEqual([owner.email]);
    expect(await emails('/users/group', { group: 'SuperAdmins' })).toEqual([]);
    expect((await emails('/users/organization')).sort()).toEqual([hand, owner.email].sort());

    const bad = await owner.call('GET', '/users/group', { query: { group: 'Everyone' } });
    expect(bad.status).toBe(400);
    expect((await owner.call('GET', '/users/group')).status).toBe(400);
  });
});

describe('PUT /user (rename)', () => {
  it('renames a user of the organization and nobody elsewhere', async () => {
    const owner = await signedInOwner();
    const other = await signedInOwner();
    const invited = subAccountSchema.parse(
      await (
        await owner.call('POST', '/user', { body: { name: 'Hand', email: newEmail() } })
      ).json(),
    );

    const renamed = await owner.call('PUT', '/user', { body: { id: invited.id, name: 'Foreman' } });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ id: invited.id, name: 'Foreman' });

    const foreign = await owner.call('PUT', '/user', { body: { id: other.id, name: 'Stolen' } });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ message: messages.user.doesNotExist });
    const foreignRow = await t.ctx.db
      .selectFrom('users')
      .select('name')
      .where('id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(foreignRow.name).toBe('Test User');

    const empty = await owner.call('PUT', '/user', { body: { id: invited.id, name: '  ' } });
    expect(empty.status).toBe(400);
    const list = subAccountListSchema.parse(await (await owner.call('GET', '/users')).json());
    expect(list.users.map((u) => u.name)).toEqual(['Foreman']);
  });
});

describe('who may manage users', () => {
  it("gives managers 'Only the account owner can modify users.' everywhere, changing nothing", async () => {
    const owner = await signedInOwner();
    const email = newEmail();
    await owner.call('POST', '/user', { body: { name: 'Hand', email, role: 'manager' } });
    const hand = await acceptInvite(t, email, 'Own-password9');
    const as = (method: string, path: string, options?: CallOptions) =>
      apiCall(t, hand.IdToken, method, `/user-api${path}`, options);

    for (const [method, path, options] of [
      ['GET', '/users', {}],
      ['GET', '/users/group', { query: { group: 'AccountsOwner' } }],
      ['GET', '/users/organization', {}],
      ['POST', '/user', { body: { name: 'Friend', email: newEmail() } }],
      ['PUT', '/user', { body: { id: owner.id, name: 'Renamed' } }],
      ['PUT', '/user/disable', { query: { email: owner.email } }],
      ['PUT', '/user/enable', { query: { email: owner.email } }],
      ['PUT', '/user/reinvite', { query: { email: owner.email } }],
      ['DELETE', '/user', { query: { email: owner.email } }],
    ] as const) {
      const response = await as(method, path, options as CallOptions);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(await response.json()).toMatchObject({ message: messages.roles.ownerOnlyUsers });
    }
    expect(await countUsers(owner.orgId)).toBe(2);
    const me = await (await owner.call('GET', '/user')).json();
    expect(me).toMatchObject({ name: 'Test User', enabled: true });
  });

  it('lets a SuperAdmin manage the users of the organization named by X-Organization-Id', async () => {
    const admin = await signedInOwner(['SuperAdmins']);
    const farm = await signedInOwner();
    const headers = { 'x-organization-id': farm.orgId };
    const email = newEmail();
    const invited = await admin.call('POST', '/user', { body: { name: 'Hand', email }, headers });
    expect(invited.status).toBe(201);
    const list = subAccountListSchema.parse(await (await farm.call('GET', '/users')).json());
    expect(list.users.map((u) => u.email)).toEqual([email]);
    expect(await countUsers(admin.orgId)).toBe(1);
  });
});
