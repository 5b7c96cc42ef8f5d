import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailWorker } from '../../src/lib/mail/mail-worker.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { startSmtpServer } from './smtp-server.ts';

const registration = (email: string) => ({
  organizationName: 'Mail Test Farm',
  email,
  password: 'Mailtest2026',
  confirmPassword: 'Mailtest2026',
  eulaAccepted: true,
  privacyAccepted: true,
});

describe('with SMTP configured', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Baletrack <hay@farm.example>' },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('queues the confirmation code, which the mail worker sends by SMTP, keeping no body', async () => {
    const response = await fetch(`${t.url}/user-api/public/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(registration('smtp@farm.example')),
    });
    expect(response.status).toBe(201);
    expect(smtp.received).toHaveLength(0);
    const worker = createMailWorker(t.ctx, {
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      from: t.ctx.config.mail.from,
    });
    expect(await worker.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
    await worker.stop();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({ from: 'hay@farm.example', to: ['smtp@farm.example'] });
    expect(smtp.received[0]?.raw).toMatch(/\b\d{6}\b/);
    // Sent: the envelope stays a while for operators, the code does not.
    expect(await t.ctx.db.selectFrom('outbox').selectAll().execute()).toEqual([
      expect.objectContaining({ recipient: 'smtp@farm.example', status: 'sent', text: '' }),
    ]);
  });

  it('has no mailbox page: codes would be shown to anyone', async () => {
    expect((await fetch(`${t.url}/mailbox`)).status).toBe(404);
    expect(await (await fetch(`${t.url}/config.json`)).json()).not.toHaveProperty('mailboxUrl');
  });
});

describe('without SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('keeps mail in the local outbox and shows it on the loopback mailbox page', async () => {
    await fetch(`${t.url}/user-api/public/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(registration('outbox@farm.example')),
    });
    const page = await (await fetch(`${t.url}/mailbox`)).text();
    expect(page).toContain('outbox@farm.example');
    expect(page).toMatch(/\b\d{6}\b/);
    expect(await (await fetch(`${t.url}/config.json`)).json()).toMatchObject({
      mailboxUrl: `${t.url}/mailbox`,
    });
  });

  it('escapes what it shows, so a hostile organization name cannot run script in the page', async () => {
    await t.ctx.mailer.send({
      to: 'x@farm.example',
      subject: '<script>alert(1)</script>',
      text: '<img src=x onerror=alert(1)>',
    });
    const page = await (await fetch(`${t.url}/mailbox`)).text();
    expect(page).not.toContain('<script>alert(1)</script>');
    expect(page).not.toContain('<img src=x');
  });

  it("links each of a mail's files, in order, each downloading its own bytes", async () => {
    const csv = (text: string) => ({
      contentType: 'text/csv; charset=utf-8',
      content: Buffer.from(text, 'utf8'),
    });
    await t.ctx.mailer.send({
      to: 'files@farm.example',
      subject: 'Nightly report',
      text: 'Two files.',
      attachments: [
        { filename: 'bales.csv', ...csv('UID\r\nA\r\n') },
        { filename: '<b>yield</b>.csv', ...csv('Rank\r\n1\r\n') },
      ],
    });
    const page = await (await fetch(`${t.url}/mailbox`)).text();
    const article = page.split('<article>').find((a) => a.includes('files@farm.example')) ?? '';
    const links = [...article.matchAll(/href="([^"]+)" download="([^"]+)"/g)];
    expect(links.map((link) => link[2])).toEqual(['bales.csv', '&#60;b&#62;yield&#60;/b&#62;.csv']);
    const bodies = await Promise.all(
      links.map(async (link) => (await fetch(`${t.url}${link[1]}`)).text()),
    );
    expect(bodies).toEqual(['UID\r\nA\r\n', 'Rank\r\n1\r\n']);
  });
});

describe('listening beyond loopback', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { HOST: '0.0.0.0' } });
  });
  afterAll(() => t.close());

  it('turns the mailbox off even without SMTP', async () => {
    expect((await fetch(`${t.url}/mailbox`)).status).toBe(404);
  });
});
