import { messages } from '@baletrack/contracts/errors/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInOwner } from '../balers/machines-fixtures.ts';
import { newConfirmedUser, signIn } from '../helpers/identity.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { apiCall } from '../helpers/user-api.ts';
import {
  addEmail,
  changeEmail,
  DAY_MS,
  listEmails,
  mailedConfirmation,
  newHolderEmail,
  openLink,
  pressConfirm,
} from './authorized-email-fixtures.ts';

// The holder of an authorized email confirms from the mailed link, without an account: the link
// opens a page saying what they agree to; its Confirm button makes the email Active, once.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const htmlText = async (response: Response) => {
  expect(response.headers.get('content-type')).toContain('text/html');
  return response.text();
};

describe('the confirmation link', () => {
  it('opens without signing in, confirms with the button, and works once', async () => {
    const owner = await signedInOwner(t);
    const email = newHolderEmail();
    await addEmail(owner, email);
    const { token } = await mailedConfirmation(t, email);

    const page = await openLink(t, token);
    expect(page.status).toBe(200);
    const html = await htmlText(page);
    expect(html).toContain(email);
    expect(html).toContain('<button type="submit">Confirm</button>');
    // Looking at the page (as mail scanners do) confirms nothing.
    expect((await listEmails(owner))[0]?.status).toBe('Pending');

    const confirmed = await pressConfirm(t, token);
    expect(confirmed.status).toBe(200);
    expect(await htmlText(confirmed)).toContain(`${email} is now an authorized email`);
    expect((await listEmails(owner))[0]).toMatchObject({ status: 'Active', confirmBy: null });

    const twice = await pressConfirm(t, token);
    expect(twice.status).toBe(404);
    expect(await htmlText(twice)).toContain(messages.authorizedEmail.linkInvalid.slice(0, 40));
    expect((await openLink(t, token)).status).toBe(404);
  });

  it('escapes the organization name it shows', async () => {
    const user = await newConfirmedUser(t.ctx, { organizationName: '<b>Bold</b> & Sons' });
    const { IdToken } = await signIn(t, user.email, user.password);
    const email = newHolderEmail();
    const added = await apiCall(t, IdToken, 'POST', `/user-api/authorized-emails/${email}`);
    expect(added.status).toBe(201);
    const { token } = await mailedConfirmation(t, email);
    const html = await (await openLink(t, token)).text();
    expect(html).toContain('&lt;b&gt;Bold&lt;/b&gt; &amp; Sons');
    expect(html).not.toContain('<b>Bold</b>');
  });

  it('stops working when a newer mail replaces it, or the email is removed', async () => {
    const owner = await signedInOwner(t);
    const [resent, removed] = [newHolderEmail(), newHolderEmail()];
    await addEmail(owner, resent);
    await addEmail(owner, removed);
    const old = await mailedConfirmation(t, resent);
    await changeEmail(owner, resent, { resend: 'true' });
    expect((await pressConfirm(t, old.token)).status).toBe(404);
    const newer = await mailedConfirmation(t, resent);
    expect((await pressConfirm(t, newer.token)).status).toBe(200);

    const gone = await mailedConfirmation(t, removed);
    await owner.call('DELETE', `/authorized-emails/${removed}`);
    expect((await pressConfirm(t, gone.token)).status).toBe(404);
    const statuses = Object.fromEntries((await listEmails(owner)).map((e) => [e.email, e.status]));
    expect(statuses).toEqual({ [resent]: 'Active', [removed]: 'Deleted' });
  });

  it('has expired after 7 days', async () => {
    const owner = await signedInOwner(t);
    const email = newHolderEmail();
    await addEmail(owner, email);
    const { token } = await mailedConfirmation(t, email);
    t.advance(7 * DAY_MS + 1000);
    try {
      const late = await pressConfirm(t, token);
      expect(late.status).toBe(410);
      expect(await htmlText(late)).toContain(messages.authorizedEmail.linkExpired);
      expect((await openLink(t, token)).status).toBe(410);
    } finally {
      t.advance(-(7 * DAY_MS + 1000));
    }
    expect((await listEmails(owner))[0]?.status).toBe('Pending');
  });

  it('refuses an unknown or missing token', async () => {
    expect((await openLink(t, 'not-a-token')).status).toBe(404);
    expect((await pressConfirm(t, 'not-a-token')).status).toBe(404);
    const missing = await fetch(`${t.url}/user-api/public/authorized-emails/confirm`);
    expect(missing.status).toBe(400);
  });
});
