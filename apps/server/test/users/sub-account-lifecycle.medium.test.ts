import { messages } from '@baletrack/contracts/errors/messages';
import { subAccountSchema } from '@baletrack/contracts/users/sub-account';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, type Mail, type Mailer } from '../../src/lib/mail/mailer.ts';
import { cognito, newConfirmedUser, signIn } from '../helpers/identity.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { acceptInvite, apiCall, readInvitePassword } from '../helpers/user-api.ts';

// An invited user's life: disable, enable, re-invite, delete, and the failures on the way.

let t: TestApp;
/** Mail goes to the outbox unless a test makes the mail server fail. */
let mailFails = false;
beforeAll(async () => {
  let outbox: Mailer | undefined;
  const mailer: Mailer = {
    kind: 'outbox',
    send: async (mail: Mail) => {
      if (mailFails) throw new Error('SMTP server unreachable');
      await outbox?.send(mail);
    },
  };
  t = await startTestApp({ mailer });
  outbox = createMailer({ db: t.ctx.db, log: () => {} });
});
afterAll(() => t.close());

let counter = 0;

/** An owner with one invited user who has signed in and chosen a password. */
async function farmWithHand(options: { accepted?: boolean } = { accepted: true }) {
  const owner = await newConfirmedUser(t.ctx);
  const { IdToken } = await signIn(t, owner.email, owner.password);
  const call = (method: string, path: string, query?: Record<string, string>, body?: unknown) =>
    apiCall(t, IdToken, method, `/user-api${path}`, { query, body });
  const email = `life-${Date.now()}-${++counter}@example.com`;
  const invited = await call('POST', '/user', undefined, { name: 'Hand', email });
  expect(invited.status).toBe(201);
  const { id } = subAccountSchema.parse(await invited.json());
  const tokens = options.accepted ? await acceptInvite(t, email, 'Own-password9') : undefined;
  return { owner, call, hand: { id, email, tokens } };
}

const passwordSignIn = (email: string, password: string) =>
  cognito(t.url, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: t.ctx.config.userPool.clientId,
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });

describe('PUT /user/disable and /user/enable', () => {
  it("stops a disabled user's sign-in and tokens at once, and lets them back in when enabled", async () => {
    const { call, hand } = await farmWithHand();
    const idToken = hand.tokens?.IdToken as string;
    expect((await apiCall(t, idToken, 'GET', '/user-api/user')).status).toBe(200);

    const disabled = await call('PUT', '/user/disable', { email: hand.email });
    expect(disabled.status).toBe(200);
    expect(await disabled.json()).toMatchObject({ id: hand.id, enabled: false });
    expect((await apiCall(t, idToken, 'GET', '/user-api/user')).status).toBe(401);
    expect((await apiCall(t, idToken, 'GET', '/data-api/fields')).status).toBe(401);
    const refused = await passwordSignIn(hand.email, 'Own-password9');
    expect(await refused.json()).toMatchObject({ message: 'User is disabled.' });

    const enabled = await call('PUT', '/user/enable', { id: hand.id });
    expect(await enabled.json()).toMatchObject({ enabled: true });
    const tokens = await signIn(t, hand.email, 'Own-password9');
    expect((await apiCall(t, tokens.IdToken, 'GET', '/user-api/user')).status).toBe(200);
  });

  it('will not let the owner disable themself, nor touch unknown users', async () => {
    const { owner, call } = await farmWithHand();
    const self = await call('PUT', '/user/disable', { email: owner.email });
    expect(self.status).toBe(400);
    expect(await self.json()).toMatchObject({ message: messages.user.cannotDisableSelf });
    const stranger = await newConfirmedUser(t.ctx);
    const refs: Record<string, string>[] = [
      { email: stranger.email },
      { id: stranger.id },
      { email: 'no@one.example' },
    ];
    for (const query of refs) {
      const response = await call('PUT', '/user/disable', query);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ message: messages.user.doesNotExist });
    }
    expect((await signIn(t, stranger.email, stranger.password)).IdToken).toBeTruthy();
    const none = await call('PUT', '/user/enable', {});
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ message: messages.user.refRequired });
    expect((await call('PUT', '/user/enable', { id: 'not-a-uuid' })).status).toBe(400);
  });
});

describe('PUT /user/reinvite', () => {
  it('mails a new temporary password that replaces the old one, while the invite is pending', async () => {
    const { call, hand } = await farmWithHand({ accepted: false });
    const first = await readInvitePassword(t.ctx, hand.email);
    // A sign-in half-way through the old password (at its 'New password' step).
    const halfWay = (await (await passwordSignIn(hand.email, first)).json()) as { Session: string };
    const response = await call('PUT', '/user/reinvite', { email: hand.email });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'sent' });
    const second = await readInvitePassword(t.ctx, hand.email);
    expect(second).not.toBe(first);
    expect((await passwordSignIn(hand.email, first)).status).toBe(400);
    const stale = await cognito(t.url, 'RespondToAuthChallenge', {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      ClientId: t.ctx.config.userPool.clientId,
      Session: halfWay.Session,
      ChallengeResponses: { USERNAME: hand.email, NEW_PASSWORD: 'Sneaky-pass9' },
    });
    expect(stale.status).toBe(400);
    await acceptInvite(t, hand.email, 'Own-password9');

    const late = await call('PUT', '/user/reinvite', { email: hand.email });
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ message: messages.user.inviteAlreadyAccepted });
  });

  it("answers 'Re-sending the invite failed' when the mail cannot go out", async () => {
    const { call, hand } = await farmWithHand({ accepted: false });
    mailFails = true;
    try {
      const response = await call('PUT', '/user/reinvite', { id: hand.id });
      expect(response.status).toBe(500);
      expect(await response.json()).toMatchObject({ message: messages.user.reinviteFailed });
    } finally {
      mailFails = false;
    }
  });
});

describe('failures', () => {
  it("answers 'User creation failed' and keeps no user when the invite mail cannot go out", async () => {
    const { call } = await farmWithHand();
    mailFails = true;
    try {
      const email = `lost-${Date.now()}@example.com`;
      const response = await call('POST', '/user', undefined, { name: 'Lost', email });
      expect(response.status).toBe(500);
      expect(await response.json()).toMatchObject({ message: messages.user.creationFailed });
      const row = await t.ctx.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    } finally {
      mailFails = false;
    }
  });

  it("answers 'User update failed' and 'User deletion failed' when the database refuses", async () => {
    const { call, hand } = await farmWithHand();
    // Stand-ins for rows that may hold a user back (a later feature's references).
    await sql`create table held_users (user_id uuid references users(id))`.execute(t.ctx.db);
    await sql`insert into held_users values (${hand.id})`.execute(t.ctx.db);
    await sql`alter table users add constraint no_boom check (name <> 'Boom')`.execute(t.ctx.db);
    try {
      const update = await call('PUT', '/user', undefined, { id: hand.id, name: 'Boom' });
      expect(update.status).toBe(500);
      expect(await update.json()).toMatchObject({ message: messages.user.updateFailed });
      const remove = await call('DELETE', '/user', { id: hand.id });
      expect(remove.status).toBe(500);
      expect(await remove.json()).toMatchObject({ message: messages.user.deleteFailed });
    } finally {
      await sql`drop table held_users`.execute(t.ctx.db);
      await sql`alter table users drop constraint no_boom`.execute(t.ctx.db);
    }
  });
});

describe('DELETE /user', () => {
  it('removes the user from the pool: no sign-in, no tokens, gone from the list', async () => {
    const { call, hand } = await farmWithHand();
    const response = await call('DELETE', '/user', { email: hand.email });
    expect(response.status).toBe(204);
    expect((await apiCall(t, hand.tokens?.IdToken, 'GET', '/user-api/user')).status).toBe(401);
    expect((await passwordSignIn(hand.email, 'Own-password9')).status).toBe(400);
    expect(await (await call('GET', '/users')).json()).toEqual({ users: [] });
    const again = await call('DELETE', '/user', { id: hand.id });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ message: messages.user.doesNotExist });
  });

  it('will not let the owner delete themself', async () => {
    const { owner, call } = await farmWithHand();
    const response = await call('DELETE', '/user', { id: owner.id });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: messages.user.cannotDeleteSelf });
    expect((await call('GET', '/user')).status).toBe(200);
  });
});
