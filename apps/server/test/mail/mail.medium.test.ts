import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server in this process, keeping what it receives. */
async function startSmtpServer() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

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

  it('sends the confirmation code by SMTP and keeps nothing in the outbox', async () => {
    const response = await fetch(`${t.url}/user-api/public/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(registration('smtp@farm.example')),
    });
    expect(response.status).toBe(201);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({ from: 'hay@farm.example', to: ['smtp@farm.example'] });
    expect(smtp.received[0]?.raw).toMatch(/\b\d{6}\b/);
    expect(await t.ctx.db.selectFrom('outbox').selectAll().execute()).toEqual([]);
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
