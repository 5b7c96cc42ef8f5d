import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createMailWorker,
  type MailWorker,
  type MailWorkerOptions,
} from '../../src/lib/mail/mail-worker.ts';
import { claimDueMail, finishMail, renewClaim } from '../../src/lib/mail/outbox.repository.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { call, newPoolUser } from '../identity/pool-fixtures.ts';
import { codeIn, eventually, startSmtpServer, unreachableSmtpUrl } from './smtp-server.ts';

// Mail goes through the outbox and a background worker, so a slow or unreachable SMTP
// server neither slows nor fails a request nor loses a code (docs/operations.md#mail-outbox).

const workers: MailWorker[] = [];
function worker(
  t: TestApp,
  options: Omit<MailWorkerOptions, 'from'>,
  now: () => Date = t.ctx.now,
): MailWorker {
  const created = createMailWorker({ db: t.ctx.db, now }, { from: 'hay@farm.example', ...options });
  workers.push(created);
  return created;
}
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});

const outbox = (t: TestApp) => t.ctx.db.selectFrom('outbox').selectAll().orderBy('id').execute();

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await run();
  return { ms: performance.now() - started, result };
}

const forgotPassword = (t: TestApp, Username: string) =>
  call(t.url, 'ForgotPassword', { ClientId: t.ctx.config.userPool.clientId, Username });

describe('a slow SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer({ delayMs: 3000 });
    t = await startTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('slows no request, even while the worker waits on it; the mail arrives later', async () => {
    const running = worker(t, { smtpUrl: smtp.url });
    running.start(t.ctx.mailer);
    const first = await newPoolUser(t.ctx);
    const second = await newPoolUser(t.ctx);

    const asked = await timed(() => forgotPassword(t, first.email));
    expect(asked.result.status).toBe(200);
    expect(asked.ms).toBeLessThan(1500);
    // The worker is now held up by the server; a second request does not wait for it.
    await eventually(async () => (await outbox(t))[0]?.status === 'sending');
    const again = await timed(() => forgotPassword(t, second.email));
    expect(again.result.status).toBe(200);
    expect(again.ms).toBeLessThan(1500);

    await eventually(() => smtp.received.length === 2, 15_000);
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([first.email, second.email].sort());
    await eventually(async () => (await outbox(t)).every((r) => r.status === 'sent'));
  });
});

describe('an unreachable SMTP server', () => {
  let t: TestApp;
  let down: string;
  beforeAll(async () => {
    down = await unreachableSmtpUrl();
    t = await startTestApp({ env: { SMTP_URL: down } });
  });
  afterAll(() => t.close());

  it('fails no request and loses no code: the mail waits and goes once the server is back', async () => {
    const user = await newPoolUser(t.ctx);
    const asked = await timed(() => forgotPassword(t, user.email));
    expect(asked.result.status).toBe(200);
    expect(asked.ms).toBeLessThan(1500);

    expect(await worker(t, { smtpUrl: down }).drain()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const [row] = await outbox(t);
    expect(row).toMatchObject({ recipient: user.email, status: 'pending', attempts: 1 });
    expect(row?.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(t.ctx.now().getTime() + 25_000);

    const smtp = await startSmtpServer();
    try {
      const back = worker(t, { smtpUrl: smtp.url });
      expect((await back.drain()).sent).toBe(0); // not due yet: the retry waits its 30 s
      t.advance(30_000);
      expect(await back.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
      expect((await outbox(t))[0]).toMatchObject({ status: 'sent', attempts: 2, text: '' });
      const reset = await call(
        t.url,
        'ConfirmForgotPassword',
        {
          ClientId: t.ctx.config.userPool.clientId,
          Username: user.email,
          ConfirmationCode: codeIn(smtp.received[0]),
          Password: 'Back-online8',
        },
        { address: '203.0.113.50' },
      );
      expect(reset.status).toBe(200);
    } finally {
      await smtp.close();
    }
  });
});

describe('retries', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** A clock that stands still unless moved (a second ahead, so queued mail is due at once). */
  function frozenClock() {
    let at = Date.now() + 1000;
    return {
      now: () => new Date(at),
      advance(ms: number) {
        at += ms;
      },
    };
  }

  it('back off exponentially after a refusal and send once the server accepts', async () => {
    const clock = frozenClock();
    const w = worker(t, { smtpUrl: smtp.url, retryBaseMs: 1000 }, clock.now);
    smtp.refuseNext(2);
    await t.ctx.mailer.send({ to: 'retry@farm.example', subject: 'Hello', text: 'Hay' });
    expect(await w.drain()).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect((await outbox(t))[0]?.lastError).toMatch(/451/);
    clock.advance(999);
    expect((await w.drain()).retried).toBe(0);
    clock.advance(1);
    expect(await w.drain()).toEqual({ sent: 0, retried: 1, failed: 0 }); // next in 2 s
    clock.advance(1999);
    expect((await w.drain()).sent).toBe(0);
    clock.advance(1);
    expect(await w.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received.filter((m) => m.to[0] === 'retry@farm.example')).toHaveLength(1);
  });

  it('end in a failed mail kept for operators once the attempts are spent', async () => {
    const clock = frozenClock();
    const w = worker(t, { smtpUrl: smtp.url, retryBaseMs: 1000, maxAttempts: 3 }, clock.now);
    smtp.refuseNext(3);
    await t.ctx.mailer.send({ to: 'never@farm.example', subject: 'Hello', text: 'Hay' });
    expect(await w.drain()).toMatchObject({ retried: 1 });
    clock.advance(1000);
    expect(await w.drain()).toMatchObject({ retried: 1 });
    clock.advance(2000);
    expect(await w.drain()).toEqual({ sent: 0, retried: 0, failed: 1 });
    clock.advance(3_600_000);
    expect(await w.drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
    const failed = (await outbox(t)).find((r) => r.recipient === 'never@farm.example');
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, text: 'Hay' });
    expect(failed?.lastError).toMatch(/451/);
  });

  it('stop at once when the server refuses the recipient for good', async () => {
    const w = worker(t, { smtpUrl: smtp.url });
    smtp.refuseNext(1, 550);
    await t.ctx.mailer.send({ to: 'nobody@farm.example', subject: 'Hello', text: 'Hay' });
    expect(await w.drain()).toEqual({ sent: 0, retried: 0, failed: 1 });
    const failed = (await outbox(t)).find((r) => r.recipient === 'nobody@farm.example');
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed?.lastError).toMatch(/550/);
  });
});

describe('several workers', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer({ delayMs: 5 });
    t = await startTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('never send one mail twice', async () => {
    const recipients = Array.from({ length: 40 }, (_, i) => `hand-${i}@farm.example`);
    for (const to of recipients) await t.ctx.mailer.send({ to, subject: 'Hello', text: 'Hay' });
    const three = [1, 2, 3].map(() => worker(t, { smtpUrl: smtp.url, batchSize: 4 }));
    const counts = await Promise.all(three.map((w) => w.drain()));
    expect(counts.reduce((sum, c) => sum + c.sent, 0)).toBe(40);
    expect(counts.every((c) => c.sent > 0)).toBe(true);
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([...recipients].sort());
  });

  it('leave a claimed mail to its worker until the claim lapses, then take it over', async () => {
    await t.ctx.mailer.send({ to: 'lapsed@farm.example', subject: 'Hello', text: 'Hay' });
    const now = t.ctx.now();
    // A worker claims the mail and dies before sending it.
    const [claim] = await claimDueMail(t.ctx.db, {
      now,
      leaseUntil: new Date(now.getTime() + 300_000),
      limit: 1,
    });
    expect(claim).toBeDefined();
    const other = worker(t, { smtpUrl: smtp.url });
    expect((await other.drain()).sent).toBe(0);
    t.advance(300_000);
    expect((await other.drain()).sent).toBe(1);
    // Had the first worker only been slow, it would neither send the mail nor change its row.
    if (claim) {
      expect(await renewClaim(t.ctx.db, claim, t.ctx.now())).toBe(false);
      expect(await finishMail(t.ctx.db, claim, { status: 'sent', at: now })).toBe(false);
    }
    const row = (await outbox(t)).find((r) => r.recipient === 'lapsed@farm.example');
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('hand back what a stopping worker had not tried', async () => {
    const slow = await startSmtpServer({ delayMs: 500 });
    try {
      for (const i of [1, 2, 3]) {
        await t.ctx.mailer.send({ to: `stop-${i}@farm.example`, subject: 'Hi', text: 'Hay' });
      }
      const stopping = worker(t, { smtpUrl: slow.url });
      const draining = stopping.drain();
      // All three claimed; the first is with the server when the worker is told to stop.
      await eventually(async () =>
        (await outbox(t)).some((r) => r.recipient.startsWith('stop-') && r.status === 'sending'),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      await stopping.stop();
      expect((await draining).sent).toBe(1);
      const rows = (await outbox(t)).filter((r) => r.recipient.startsWith('stop-'));
      expect(rows.map((r) => [r.status, r.attempts])).toEqual([
        ['sent', 1],
        ['pending', 0],
        ['pending', 0],
      ]);
    } finally {
      await slow.close();
    }
  });
});

describe('without SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('keeps mail for the local mailbox, which no worker ever sends', async () => {
    const smtp = await startSmtpServer();
    try {
      await t.ctx.mailer.send({ to: 'kept@farm.example', subject: 'Hello', text: 'Hay' });
      expect(await worker(t, { smtpUrl: smtp.url }).drain()).toEqual({
        sent: 0,
        retried: 0,
        failed: 0,
      });
      expect(await outbox(t)).toEqual([expect.objectContaining({ status: 'kept', text: 'Hay' })]);
      expect(smtp.received).toEqual([]);
    } finally {
      await smtp.close();
    }
  });
});

describe('attachments', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends each recipient their own copy with the files, stored once and dropped once sent', async () => {
    const csv = '\uFEFFUID,Weight (lb)\r\nBALE-1,1102.31\r\n';
    const yieldCsv = '\uFEFFRank,Field\r\n1,North 40\r\n';
    const file = (filename: string, text: string) => ({
      filename,
      contentType: 'text/csv; charset=utf-8',
      content: Buffer.from(text, 'utf8'),
    });
    await t.ctx.mailer.send({
      to: ['ann@farm.example', 'buyer@coop.example'],
      subject: 'Weekly report',
      text: 'The attached CSV lists all 1 bales.',
      attachments: [
        file('farm-bales-2026-11-16-to-2026-11-22.csv', csv),
        file('baletrack-yield-2026.csv', yieldCsv),
      ],
    });
    expect(await t.ctx.db.selectFrom('mailAttachments').select('id').execute()).toHaveLength(2);
    await worker(t, { smtpUrl: smtp.url }).drain();

    expect(smtp.received.map((m) => m.to)).toEqual([['ann@farm.example'], ['buyer@coop.example']]);
    for (const mail of smtp.received) {
      const raw = mail.raw.replace(/\r\n/g, '');
      // Both files, in order, their bytes base64 as nodemailer writes them, BOM included.
      const bales = raw.indexOf('filename=farm-bales-2026-11-16-to-2026-11-22.csv');
      expect(bales).toBeGreaterThan(-1);
      expect(raw.indexOf('filename=baletrack-yield-2026.csv')).toBeGreaterThan(bales);
      expect(mail.raw).toContain('Content-Type: text/csv; charset=utf-8');
      expect(raw).toContain(Buffer.from(csv, 'utf8').toString('base64'));
      expect(raw).toContain(Buffer.from(yieldCsv, 'utf8').toString('base64'));
    }
    // Nothing still needs the file: the worker's hourly purge (its first round's) removed it.
    expect(await t.ctx.db.selectFrom('mailAttachments').select('id').execute()).toEqual([]);
  });
});
