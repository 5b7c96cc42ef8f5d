import { automatedReportsResponseSchema } from '@baletrack/contracts/automated-reports/automated-report';
import { emptyFilter } from '@baletrack/contracts/filters/filter';
import { afterEach, describe, expect, it } from 'vitest';
import {
  claimDueRuns,
  offerReportRun,
} from '../../src/features/automated-reports/report-runs.repository.ts';
import { runReportSchedule } from '../../src/features/automated-reports/report-scheduler.ts';
import { createMailer, type Mailer } from '../../src/lib/mail/mailer.ts';
import { findMailAttachments } from '../../src/lib/mail/outbox.repository.ts';
import { type Farm, ingest, newBale, newBaler, newFarm, newField } from '../helpers/farm.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { csvRecords } from '../reports/read-csv.ts';

// Sending automated reports with the test clock: each period once, at 06:00 in the report's
// timezone, across restarts, downtime, daylight-saving changes, failures and two processes
// (docs/operations.md#automated-reports).

const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0).reverse()) await app.close();
});

async function app(startAt: string, options: { mailer?: Mailer; sameDatabaseAs?: TestApp } = {}) {
  const t = await startTestApp({ startAt, env: { BILLING: 'off' }, ...options });
  apps.push(t);
  return t;
}

let counter = 0;
/** A farm with a filter of everything, a baler and bales made at the given instants. */
async function farmWithBales(t: TestApp, made: Record<string, string>) {
  const farm = await newFarm(t, `Schedule Farm ${++counter}`);
  const filter = await farm.post('/filters/create', { ...emptyFilter, name: 'All bales' });
  const { id: filterId } = (await filter.json()) as { id: string };
  const baler = await newBaler(t.ctx, farm.orgId);
  const bales = Object.entries(made).map(([uid, creationTime]) => newBale({ uid, creationTime }));
  if (bales.length > 0) await ingest(t, baler.apiKey, bales);
  return { ...farm, filterId };
}

async function newReport(
  farm: Farm & { filterId: string },
  settings: { frequency: string; timezone: string; recipients: string[]; includeYield?: boolean },
) {
  const response = await farm.post('/autoreport/settings', {
    filterId: farm.filterId,
    units: 'US',
    includeCuttingless: true,
    ...settings,
  });
  expect(response.status).toBe(201);
}

/** Every mail in the outbox in order (to one address, if given), with its files in order. */
async function mailsWithFiles(t: TestApp, recipient?: string) {
  const rows = await t.ctx.db
    .selectFrom('outbox')
    .select(['recipient', 'subject', 'text', 'attachmentIds'])
    .where((eb) => (recipient ? eb('recipient', '=', recipient) : eb.val(true)))
    .orderBy('id')
    .execute();
  return Promise.all(
    rows.map(async (row) => ({
      ...row,
      files: await findMailAttachments(t.ctx.db, row.attachmentIds),
    })),
  );
}

/** The report mails each address received, with the CSV's uids. */
async function reportMails(t: TestApp, recipient: string) {
  const rows = (await mailsWithFiles(t, recipient)).map((mail) => ({
    subject: mail.subject,
    text: mail.text,
    filename: mail.files[0]?.filename ?? '',
    content: mail.files[0]?.content ?? new Uint8Array(),
  }));
  return rows.map((row) => ({
    subject: row.subject,
    text: row.text,
    filename: row.filename,
    uids: csvRecords(Buffer.from(row.content).toString('utf8'))
      .records.map((r) => r.UID ?? r.Uid ?? r.uid ?? Object.values(r)[0])
      .sort(),
  }));
}

const at = (iso: string) => ({ at: new Date(iso) });

describe('sending automated reports', () => {
  it('sends last week on Monday at 06:00 in Chicago, across the spring-forward week, once', async () => {
    const t = await app('2026-03-04T18:00:00Z');
    const farm = await farmWithBales(t, {
      // Sunday 1 March 23:30 CST: the week before.
      'SUN-BEFORE': '2026-03-02T05:30:00Z',
      // Monday 2 March 00:30 CST: the week's first minutes.
      'MON-FIRST': '2026-03-02T06:30:00Z',
      // Sunday 8 March 23:30 CDT, after the clocks went forward: the week's last minutes.
      'SUN-LAST': '2026-03-09T04:30:00Z',
      // Monday 9 March 00:30 CDT: the next week.
      'MON-NEXT': '2026-03-09T05:30:00Z',
    });
    await newReport(farm, {
      frequency: 'weekly',
      timezone: 'America/Chicago',
      recipients: ['ann@spring.example', 'buyer@spring.example'],
    });

    // 05:59 CDT on Monday: not yet.
    await runReportSchedule(t.ctx, at('2026-03-09T10:59:00Z'));
    expect(await reportMails(t, 'ann@spring.example')).toEqual([]);
    // 06:00 CDT.
    const round = await runReportSchedule(t.ctx, at('2026-03-09T11:00:00Z'));
    expect(round).toMatchObject({ offered: 1, sent: 1 });
    for (const recipient of ['ann@spring.example', 'buyer@spring.example']) {
      const mails = await reportMails(t, recipient);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.uids).toEqual(['MON-FIRST', 'SUN-LAST']);
      expect(mails[0]?.subject).toBe('Baletrack weekly report: All bales, Mar 2 – Mar 8, 2026');
      expect(mails[0]?.text).toContain('Bales: 2');
      expect(mails[0]?.filename).toMatch(/\.csv$/);
    }

    // Later rounds, and a restarted process on the same database, send nothing more.
    await runReportSchedule(t.ctx, at('2026-03-09T11:01:00Z'));
    const restarted = await app('2026-03-09T12:00:00Z', { sameDatabaseAs: t });
    await runReportSchedule(restarted.ctx, at('2026-03-10T12:00:00Z'));
    expect(await reportMails(t, 'ann@spring.example')).toHaveLength(1);

    const [report] = automatedReportsResponseSchema.parse(
      await (await farm.get('/autoreport/settings')).json(),
    );
    expect(report?.lastRun).toMatchObject({
      periodStart: '2026-03-02T06:00:00.000Z',
      periodEnd: '2026-03-09T05:00:00.000Z',
      status: 'sent',
      baleCount: 2,
      lastError: null,
    });
  });

  it('attaches the yield per field of the crop year the period ends in, only when asked', async () => {
    const t = await app('2025-12-30T12:00:00Z');
    const farm = await farmWithBales(t, {});
    // The bales' default place lies in this field, drawn before they arrive.
    await newField(t.ctx, farm.orgId, { name: 'North 40' });
    const baler = await newBaler(t.ctx, farm.orgId);
    await ingest(t, baler.apiKey, [
      // 31 December, 14:00 in Chicago (20:00 UTC): the night the report covers.
      newBale({ uid: 'DEC-31', creationTime: '2025-12-31T20:00:00Z' }),
      // June: in the crop year, long before the period.
      newBale({ uid: 'JUN-10', creationTime: '2025-06-10T10:00:00Z' }),
    ]);
    const night = { frequency: 'nightly', timezone: 'America/Chicago' };
    await newReport(farm, { ...night, recipients: ['yield@farm.example'], includeYield: true });
    await newReport(farm, { ...night, recipients: ['plain@farm.example'] });
    // 06:00 in Chicago on 1 January: the night of 31 December ended at 06:00 UTC, in 2026, and
    // still belongs to crop year 2025.
    expect(await runReportSchedule(t.ctx, at('2026-01-01T12:00:00Z'))).toMatchObject({ sent: 2 });

    const [report, ...more] = await mailsWithFiles(t, 'yield@farm.example');
    expect(more).toEqual([]);
    // One mail, two files: the night's bales and the yield per field.
    const [bales, yieldFile] = report?.files ?? [];
    expect(report?.files).toHaveLength(2);
    expect(bales?.filename).toMatch(/-bales-2025-12-31-to-2026-01-01\.csv$/);
    expect(report?.text).toContain(
      'Also attached, baletrack-yield-2025.csv: the yield per field of crop year 2025 ' +
        '(2025-01-01 to 2025-12-31)',
    );
    expect(report?.text).toContain(
      "It counts every visible bale of crop year 2025 on the farm's fields, not only the report " +
        "filter's selection.",
    );
    expect(yieldFile?.filename).toBe('baletrack-yield-2025.csv');
    // The attachment is the Yield per Field page's CSV of 2025, byte for byte: both bales of the
    // crop year, not only the night's.
    const page = await farm.get('/yield/csv', { year: 2025 });
    const attached = Buffer.from(yieldFile?.content ?? new Uint8Array());
    expect(attached.equals(Buffer.from(await page.arrayBuffer()))).toBe(true);
    const { records } = csvRecords(attached.toString('utf8'));
    expect(records.map((r) => [r.Field, r.Cutting, r.Bales])).toEqual([
      ['North 40', 'Crop year 2025', '2'],
      ['North 40', 'Outside cuttings', '2'],
    ]);

    // Without the setting: the bale CSV alone, and not a word of yield.
    const plain = await mailsWithFiles(t, 'plain@farm.example');
    expect(plain.map((mail) => mail.files.map((file) => file.filename))).toEqual([
      [bales?.filename],
    ]);
    expect(plain[0]?.text).not.toMatch(/yield/i);
  });

  it('sends last month on the 1st at 06:00 in Berlin, the month by the local calendar', async () => {
    const t = await app('2026-10-20T12:00:00Z');
    const farm = await farmWithBales(t, {
      // 31 October 23:30 CET (the clocks went back on the 25th).
      'OCT-LAST': '2026-10-31T22:30:00Z',
      // 1 November 00:30 CET.
      'NOV-FIRST': '2026-10-31T23:30:00Z',
    });
    await newReport(farm, {
      frequency: 'monthly',
      timezone: 'Europe/Berlin',
      recipients: ['monthly@berlin.example'],
    });
    await runReportSchedule(t.ctx, at('2026-11-01T04:59:00Z'));
    expect(await reportMails(t, 'monthly@berlin.example')).toEqual([]);
    await runReportSchedule(t.ctx, at('2026-11-01T05:00:00Z'));
    const mails = await reportMails(t, 'monthly@berlin.example');
    expect(mails.map((m) => [m.subject, m.uids])).toEqual([
      ['Baletrack monthly report: All bales, October 2026', ['OCT-LAST']],
    ]);
  });

  it('after downtime sends the newest missed night once, not every night missed', async () => {
    const t = await app('2026-11-02T12:00:00Z');
    const farm = await farmWithBales(t, {
      'NOV-02': '2026-11-02T15:00:00Z',
      'NOV-04': '2026-11-04T15:00:00Z',
    });
    await newReport(farm, {
      frequency: 'nightly',
      timezone: 'UTC',
      recipients: ['n@down.example'],
    });
    // The server was down from the 2nd until the 5th at 09:00.
    await runReportSchedule(t.ctx, at('2026-11-05T09:00:00Z'));
    await runReportSchedule(t.ctx, at('2026-11-05T09:01:00Z'));
    const mails = await reportMails(t, 'n@down.example');
    expect(mails.map((m) => [m.subject, m.uids])).toEqual([
      ['Baletrack nightly report: All bales, Wed, Nov 4, 2026', ['NOV-04']],
    ]);
    // The next night goes out as usual, with no bales.
    await runReportSchedule(t.ctx, at('2026-11-06T06:00:00Z'));
    const next = await reportMails(t, 'n@down.example');
    expect(next).toHaveLength(2);
    expect(next[1]?.uids).toEqual([]);
    expect(next[1]?.text).toContain('No bales were made in this period');
  });

  it('never sends a period that ended before the report was set up', async () => {
    const t = await app('2026-11-23T07:00:00Z');
    const farm = await farmWithBales(t, { 'NOV-22': '2026-11-22T15:00:00Z' });
    // Set up after today's 06:00: yesterday's report time has passed already.
    await newReport(farm, {
      frequency: 'nightly',
      timezone: 'UTC',
      recipients: ['late@x.example'],
    });
    await runReportSchedule(t.ctx, at('2026-11-23T07:30:00Z'));
    expect(await reportMails(t, 'late@x.example')).toEqual([]);
    await runReportSchedule(t.ctx, at('2026-11-24T06:00:00Z'));
    expect(await reportMails(t, 'late@x.example')).toHaveLength(1);
  });

  it('retries a failed send with a growing delay, shows the error, then sends once', async () => {
    let failing = true;
    let real: Mailer | undefined;
    const mailer: Mailer = {
      kind: 'outbox',
      async send(mail, trx) {
        if (failing) throw new Error('Mail relay refused the connection');
        return real?.send(mail, trx);
      },
    };
    const t = await app('2026-11-20T12:00:00Z', { mailer });
    real = createMailer({ db: t.ctx.db, log: () => {} });
    const farm = await farmWithBales(t, { 'NOV-21': '2026-11-21T10:00:00Z' });
    await newReport(farm, {
      frequency: 'nightly',
      timezone: 'UTC',
      recipients: ['r@retry.example'],
    });

    expect(await runReportSchedule(t.ctx, at('2026-11-22T06:00:00Z'))).toMatchObject({
      retried: 1,
    });
    const [report] = automatedReportsResponseSchema.parse(
      await (await farm.get('/autoreport/settings')).json(),
    );
    expect(report?.lastRun).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'Mail relay refused the connection',
      sentAt: null,
    });
    // The first retry waits a minute; the second two.
    expect(await runReportSchedule(t.ctx, at('2026-11-22T06:00:59Z'))).toMatchObject({
      retried: 0,
    });
    expect(await runReportSchedule(t.ctx, at('2026-11-22T06:01:00Z'))).toMatchObject({
      retried: 1,
    });
    failing = false;
    expect(await runReportSchedule(t.ctx, at('2026-11-22T06:02:59Z'))).toMatchObject({ sent: 0 });
    expect(await runReportSchedule(t.ctx, at('2026-11-22T06:03:00Z'))).toMatchObject({ sent: 1 });
    await runReportSchedule(t.ctx, at('2026-11-22T07:00:00Z'));
    expect((await reportMails(t, 'r@retry.example')).map((m) => m.uids)).toEqual([['NOV-21']]);
    const [after] = automatedReportsResponseSchema.parse(
      await (await farm.get('/autoreport/settings')).json(),
    );
    expect(after?.lastRun).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
  });

  it('gives a period up after 8 failed attempts, shows it failed, and sends the next period', async () => {
    let failing = true;
    let real: Mailer | undefined;
    const mailer: Mailer = {
      kind: 'outbox',
      async send(mail, trx) {
        if (failing) throw new Error('Mail relay refused the connection');
        return real?.send(mail, trx);
      },
    };
    const t = await app('2026-11-20T12:00:00Z', { mailer });
    real = createMailer({ db: t.ctx.db, log: () => {} });
    const farm = await farmWithBales(t, {
      'NOV-21': '2026-11-21T10:00:00Z',
      'NOV-22': '2026-11-22T10:00:00Z',
    });
    await newReport(farm, {
      frequency: 'nightly',
      timezone: 'UTC',
      recipients: ['r@down.example'],
    });
    const lastRun = async () =>
      automatedReportsResponseSchema.parse(await (await farm.get('/autoreport/settings')).json())[0]
        ?.lastRun;

    // Attempt n fails, and attempt n + 1 waits 2^(n-1) minutes, at most an hour: 06:00, 06:01,
    // 06:03, 06:07, 06:15, 06:31, 07:03, 08:03 (docs/operations.md#automated-reports).
    const attempts = ['06:00', '06:01', '06:03', '06:07', '06:15', '06:31', '07:03', '08:03'];
    for (const [i, time] of attempts.entries()) {
      const due = Date.parse(`2026-11-22T${time}:00Z`);
      if (i > 0) {
        // A second before its time, the attempt is not made.
        expect(await runReportSchedule(t.ctx, { at: new Date(due - 1_000) })).toMatchObject({
          retried: 0,
          failed: 0,
        });
      }
      const final = i === attempts.length - 1;
      expect(await runReportSchedule(t.ctx, { at: new Date(due) })).toMatchObject({
        sent: 0,
        retried: final ? 0 : 1,
        failed: final ? 1 : 0,
      });
      expect(await lastRun()).toMatchObject({
        status: final ? 'failed' : 'pending',
        attempts: i + 1,
        lastError: 'Mail relay refused the connection',
        sentAt: null,
      });
    }

    // Given up: later rounds, even with the relay back, never send that period.
    failing = false;
    for (const when of ['2026-11-22T09:03:00Z', '2026-11-22T20:00:00Z', '2026-11-23T05:59:00Z']) {
      expect(await runReportSchedule(t.ctx, at(when))).toMatchObject({ sent: 0, retried: 0 });
    }
    expect(await reportMails(t, 'r@down.example')).toEqual([]);
    expect(await lastRun()).toMatchObject({
      periodStart: '2026-11-21T00:00:00.000Z',
      status: 'failed',
      attempts: 8,
    });

    // The next night's period is its own, sent once at its time.
    expect(await runReportSchedule(t.ctx, at('2026-11-23T06:00:00Z'))).toMatchObject({ sent: 1 });
    expect((await reportMails(t, 'r@down.example')).map((m) => m.uids)).toEqual([['NOV-22']]);
    expect(await lastRun()).toMatchObject({
      periodStart: '2026-11-22T00:00:00.000Z',
      status: 'sent',
      attempts: 1,
      lastError: null,
    });
  });

  it('two processes racing for the same period send it once', async () => {
    const first = await app('2026-11-20T12:00:00Z');
    const second = await app('2026-11-20T12:00:00Z', { sameDatabaseAs: first });
    const farm = await farmWithBales(first, { 'NOV-21': '2026-11-21T10:00:00Z' });
    const recipients = Array.from({ length: 5 }, (_, i) => `race${i}@two.example`);
    await newReport(farm, { frequency: 'nightly', timezone: 'UTC', recipients });
    await Promise.all([
      runReportSchedule(first.ctx, at('2026-11-22T06:00:00Z')),
      runReportSchedule(second.ctx, at('2026-11-22T06:00:00Z')),
      runReportSchedule(first.ctx, at('2026-11-22T06:00:01Z')),
      runReportSchedule(second.ctx, at('2026-11-22T06:00:01Z')),
    ]);
    for (const recipient of recipients) {
      expect(await reportMails(first, recipient)).toHaveLength(1);
    }
  });

  it('a period whose process died mid-send is taken up once its claim lapses', async () => {
    const t = await app('2026-11-21T12:00:00Z');
    const farm = await farmWithBales(t, { 'NOV-21': '2026-11-21T10:00:00Z' });
    await newReport(farm, {
      frequency: 'nightly',
      timezone: 'UTC',
      recipients: ['d@died.example'],
    });
    const [report] = automatedReportsResponseSchema.parse(
      await (await farm.get('/autoreport/settings')).json(),
    );
    // Another process offers the night of the 21st, claims it for ten minutes, then dies.
    const due = new Date('2026-11-22T06:00:00Z');
    await offerReportRun(t.ctx.db, {
      orgId: farm.orgId,
      reportId: report?.id ?? '',
      periodStart: new Date('2026-11-21T00:00:00Z'),
      periodEnd: new Date('2026-11-22T00:00:00Z'),
      dueAt: due,
    });
    const claimed = await claimDueRuns(t.ctx.db, {
      now: due,
      leaseUntil: new Date(due.getTime() + 10 * 60_000),
      limit: 10,
    });
    expect(claimed).toHaveLength(1);
    await runReportSchedule(t.ctx, at('2026-11-22T06:09:59Z'));
    expect(await reportMails(t, 'd@died.example')).toEqual([]);
    await runReportSchedule(t.ctx, at('2026-11-22T06:10:00Z'));
    expect((await reportMails(t, 'd@died.example')).map((m) => m.uids)).toEqual([['NOV-21']]);
  });
});
