import { authorizedEmailEntrySchema } from '@baletrack/contracts/balers/authorized-email';
import { messages } from '@baletrack/contracts/errors/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, signedInOwner, signedInSubUser } from '../balers/machines-fixtures.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  addEmail,
  changeEmail,
  DAY_MS,
  listEmails,
  mailedConfirmation,
  newestMail,
  newHolderEmail,
  signInAgain,
} from './authorized-email-fixtures.ts';

// The owner's authorized emails (API 2 /authorized-emails): Pending until the holder confirms,
// Active once confirmed, Expired when the confirmation lapses, Deleted when removed.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('POST /authorized-emails/{email}', () => {
  it('adds a Pending email and mails its holder a code and a link open for 7 days', async () => {
    const owner = await signedInOwner(t);
    const email = newHolderEmail();
    const before = t.ctx.now().getTime();
    const entry = await addEmail(owner, ` ${email.toUpperCase()} `);
    expect(entry).toMatchObject({ email, status: 'Pending', confirmedAt: null, deletedAt: null });
    const confirmBy = new Date(entry.confirmBy ?? '').getTime();
    expect(confirmBy - before).toBeGreaterThanOrEqual(7 * DAY_MS - 5_000);
    expect(confirmBy - before).toBeLessThanOrEqual(7 * DAY_MS + 5_000);
    const mail = await newestMail(t, email);
    expect(mail.subject).toContain(email);
    expect(mail.text).toContain('/user-api/public/authorized-emails/confirm?token=');
    await mailedConfirmation(t, email);
    expect(await listEmails(owner)).toEqual([entry]);
  });

  it("refuses a duplicate with 'Email already exists', whatever the case", async () => {
    const owner = await signedInOwner(t);
    const email = newHolderEmail();
    await addEmail(owner, email);
    const again = await owner.call('POST', `/authorized-emails/${email.toUpperCase()}`);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(messages.baler.emailExists);
    const { code } = await mailedConfirmation(t, email);
    await changeEmail(owner, email, { code });
    const active = await owner.call('POST', `/authorized-emails/${email}`);
    expect((await errorOf(active)).message).toBe('Email already exists');
    expect(await listEmails(owner)).toHaveLength(1);
  });

  it('lets another organization authorize the same email on its own', async () => {
    const [a, b] = [await signedInOwner(t), await signedInOwner(t)];
    const email = newHolderEmail();
    await addEmail(a, email);
    await addEmail(b, email);
    expect((await listEmails(a)).map((e) => e.email)).toEqual([email]);
    expect((await listEmails(b)).map((e) => e.email)).toEqual([email]);
  });

  it('refuses an address that is not an email, and sub-users', async () => {
    const owner = await signedInOwner(t);
    const bad = await owner.call('POST', '/authorized-emails/not-an-email');
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toBe(messages.validation.emailInvalid);
    const hand = await signedInSubUser(t, owner.orgId);
    const refused = await hand.call('POST', `/authorized-emails/${newHolderEmail()}`);
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe(messages.roles.ownerOnlyBalers);
    expect(await listEmails(owner)).toEqual([]);
  });
});

describe('GET /authorized-emails', () => {
  it("shows sub-users the organization's list and no other organization's", async () => {
    const owner = await signedInOwner(t);
    const other = await signedInOwner(t);
    const email = newHolderEmail();
    await addEmail(owner, email);
    await addEmail(other, newHolderEmail());
    const hand = await signedInSubUser(t, owner.orgId);
    expect((await listEmails(hand)).map((e) => [e.email, e.status])).toEqual([[email, 'Pending']]);
  });
});

describe('PUT /authorized-emails/{email}', () => {
  it('confirms with the mailed code; a wrong code is refused and counted', async () => {
    const owner = await signedInOwner(t);
    const email = newHolderEmail();
    await addEmail(owner, email);
    const { code } = await mailedConfirmation(t, email);
    const wrong = await changeEmail(owner, email, {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).message).toBe(messages.authorizedEmail.codeInvalid);
    const right = await changeEmail(owner, email, { code });
    expect(right.status).toBe(200);
    const entry = authorizedEmailEntrySchema.parse(await right.json());
    expect(entry).toMatchObject({ email, status: 'Active', confirmBy: null });
    expect(entry.confirmedAt).not.toBeNull();
    const again = await changeEmail(owner, email, { code });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(messages.authorizedEmail.notPending);
  });

  it('allows 5 tries per mail; then only a resend helps', async () => {
    const owner = await signedInOwner(t);
    const email = newHolderEmail();
    await addEmail(owner, email);
    const { code } = await mailedConfirmation(t, email);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect((await changeEmail(owner, email, { code: wrongCode })).status).toBe(400);
    }
    const spent = await changeEmail(owner, email, { code });
    expect(spent.status).toBe(409);
    expect((await errorOf(spent)).message).toBe(messages.authorizedEmail.codeAttemptsExceeded);
    expect((await changeEmail(owner, email, { resend: 'true' })).status).toBe(200);
    const fresh = await mailedConfirmation(t, email);
    expect((await changeEmail(owner, email, { code: fresh.code })).status).toBe(200);
  });

  it('resends a new code and link; the old code stops working', async () => {
    const owner = await signedInOwner(t);
    const email = newHolderEmail();
    await addEmail(owner, email);
    const first = await mailedConfirmation(t, email);
    const resent = await changeEmail(owner, email, { resend: 'true' });
    expect(resent.status).toBe(200);
    expect(await resent.json()).toMatchObject({ status: 'Pending' });
    const second = await mailedConfirmation(t, email);
    expect(second.token).not.toBe(first.token);
    if (first.code !== second.code) {
      const old = await changeEmail(owner, email, { code: first.code });
      expect((await errorOf(old)).message).toBe(messages.authorizedEmail.codeInvalid);
    }
    expect((await changeEmail(owner, email, { code: second.code })).status).toBe(200);
  });

  it('needs exactly one of code and resend, and a 6-digit code', async () => {
    const owner = await signedInOwner(t);
    const email = newHolderEmail();
    await addEmail(owner, email);
    const none = await changeEmail(owner, email, {});
    expect(none.status).toBe(400);
    expect((await errorOf(none)).message).toBe(messages.authorizedEmail.actionRequired);
    const both = await changeEmail(owner, email, { code: '123456', resend: 'true' });
    expect(both.status).toBe(400);
    const short = await changeEmail(owner, email, { code: '12a' });
    expect((await errorOf(short)).message).toBe(messages.validation.confirmationCodeInvalid);
    const unknown = await changeEmail(owner, newHolderEmail(), { resend: 'true' });
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).message).toBe(messages.authorizedEmail.notFound);
  });

  it('is the owner’s: a sub-user and another organization cannot confirm or resend', async () => {
    const owner = await signedInOwner(t);
    const email = newHolderEmail();
    await addEmail(owner, email);
    const { code } = await mailedConfirmation(t, email);
    const hand = await signedInSubUser(t, owner.orgId);
    const byHand = await changeEmail(hand, email, { code });
    expect(byHand.status).toBe(403);
    expect((await errorOf(byHand)).message).toBe(messages.roles.ownerOnlyBalers);
    const other = await signedInOwner(t);
    expect((await changeEmail(other, email, { code })).status).toBe(404);
    expect((await listEmails(owner))[0]?.status).toBe('Pending');
  });
});

describe('Expired', () => {
  it('lapses after 7 days; a code is then refused, and a resend or re-add asks again', async () => {
    const first = await signedInOwner(t);
    const [resent, readded] = [newHolderEmail(), newHolderEmail()];
    await addEmail(first, resent);
    await addEmail(first, readded);
    const { code } = await mailedConfirmation(t, resent);
    t.advance(7 * DAY_MS - 60_000);
    let owner = await signInAgain(t, first);
    expect((await listEmails(owner)).map((e) => e.status)).toEqual(['Pending', 'Pending']);
    t.advance(2 * 60_000);
    owner = await signInAgain(t, owner);
    try {
      expect((await listEmails(owner)).map((e) => e.status)).toEqual(['Expired', 'Expired']);
      const late = await changeEmail(owner, resent, { code });
      expect(late.status).toBe(409);
      expect((await errorOf(late)).message).toBe(messages.authorizedEmail.expired);

      const again = await changeEmail(owner, resent, { resend: 'true' });
      expect(await again.json()).toMatchObject({ status: 'Pending' });
      const added = await addEmail(owner, readded);
      expect(added.status).toBe('Pending');
      expect(new Date(added.confirmBy ?? '').getTime()).toBeGreaterThan(t.ctx.now().getTime());
      // Re-asking reuses the entry: still one line per email.
      expect(await listEmails(owner)).toHaveLength(2);
      const fresh = await mailedConfirmation(t, readded);
      expect((await changeEmail(owner, readded, { code: fresh.code })).status).toBe(200);
    } finally {
      t.advance(-(7 * DAY_MS + 60_000));
    }
  });

  it('follows AUTHORIZED_EMAIL_CONFIRM_DAYS', async () => {
    const short = await startTestApp({ env: { AUTHORIZED_EMAIL_CONFIRM_DAYS: '2' } });
    try {
      const owner = await signedInOwner(short);
      const entry = await addEmail(owner, newHolderEmail());
      const days = (new Date(entry.confirmBy ?? '').getTime() - Date.now()) / DAY_MS;
      expect(days).toBeCloseTo(2, 1);
      short.advance(2 * DAY_MS + 1000);
      expect((await listEmails(await signInAgain(short, owner)))[0]?.status).toBe('Expired');
    } finally {
      await short.close();
    }
  });
});

describe('DELETE /authorized-emails/{email}', () => {
  it('marks the email Deleted and keeps it; it can be added again', async () => {
    const owner = await signedInOwner(t);
    const email = newHolderEmail();
    await addEmail(owner, email);
    const { code } = await mailedConfirmation(t, email);
    await changeEmail(owner, email, { code });
    const removed = await owner.call('DELETE', `/authorized-emails/${email}`);
    expect(removed.status).toBe(204);
    const [entry] = await listEmails(owner);
    expect(entry).toMatchObject({ email, status: 'Deleted' });
    expect(entry?.deletedAt).not.toBeNull();
    expect((await owner.call('DELETE', `/authorized-emails/${email}`)).status).toBe(404);
    expect((await changeEmail(owner, email, { resend: 'true' })).status).toBe(404);

    await addEmail(owner, email);
    expect((await listEmails(owner)).map((e) => e.status)).toEqual(['Pending', 'Deleted']);
  });

  it('is refused to sub-users and unknown emails', async () => {
    const owner = await signedInOwner(t);
    const email = newHolderEmail();
    await addEmail(owner, email);
    const hand = await signedInSubUser(t, owner.orgId);
    const byHand = await hand.call('DELETE', `/authorized-emails/${email}`);
    expect(byHand.status).toBe(403);
    expect((await errorOf(byHand)).message).toBe(messages.roles.ownerOnlyBalers);
    const unknown = await owner.call('DELETE', `/authorized-emails/${newHolderEmail()}`);
    expect(unknown.status).toBe(404);
    expect((await listEmails(owner))[0]?.status).toBe('Pending');
  });
});
