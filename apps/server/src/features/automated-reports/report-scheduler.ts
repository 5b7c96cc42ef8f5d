import { measurementSystemByUnitSystem } from '@baletrack/contracts/reports/report';
import { latestDuePeriod, periodLabel } from '@baletrack/domain/automated-reports/report-schedule';
import type { AppContext } from '../../app-context.ts';
import { startPeriodicJob } from '../../lib/periodic-job.ts';
import { reportCsv } from '../reports/reports.service.ts';
import { baleSummary } from '../summaries/summaries.service.ts';
import { findOrganization } from '../users/users.repository.ts';
import { findAutomatedReport, listScheduledReports } from './automated-reports.repository.ts';
import { reportMail } from './report-mail.ts';
import {
  type ClaimedRun,
  claimDueRuns,
  finishRun,
  lockClaimedRun,
  offerReportRun,
} from './report-runs.repository.ts';
import { reportYield } from './report-yield.ts';

// Sending automated reports, each period exactly once (docs/operations.md#automated-reports):
// 1. every process, every minute, offers each report's newest due period (an idempotent insert:
//    the period's row is its key, so offering it twice, or from two processes, makes one row);
// 2. it claims due periods with row locks that skip what another process holds, builds the CSV
//    and the summary (and the yield per field, when asked), and in one transaction queues the
//    mail with its files and marks the period sent (a process that dies before that commit
//    leaves nothing sent: its lease lapses and another process takes the period up again);
// 3. a failure is retried with a doubling delay and shown to the owner as the last error.

export const reportSchedulerDefaults = {
  pollMs: 60_000,
  /** How long a claim holds; a report's CSV is built well within it. */
  leaseMs: 10 * 60_000,
  batchSize: 10,
  retryBaseMs: 60_000,
  retryMaxMs: 60 * 60_000,
  /** Attempts before a period is given up (about four hours of retries). */
  maxAttempts: 8,
};

export interface ScheduleRound {
  offered: number;
  sent: number;
  retried: number;
  failed: number;
}

/** Lines of a CSV text: line breaks outside quoted cells. */
function csvRowCount(text: string): number {
  let rows = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 34) quoted = !quoted;
    else if (c === 10 && !quoted) rows += 1;
  }
  return rows;
}

/**
 * Builds one period's CSV and summary and queues its mail, sent as of the round's instant `at`;
 * false when the claim lapsed.
 */
async function sendRun(ctx: AppContext, run: ClaimedRun, at: Date): Promise<boolean> {
  const report = await findAutomatedReport(ctx.db, run.orgId, run.reportId);
  if (!report || report.frequency === 'none') return false;
  // The period is [start, end); the bale query's `to` is inclusive.
  const range = {
    from: run.periodStart.toISOString(),
    to: new Date(run.periodEnd.getTime() - 1).toISOString(),
  };
  const [csv, { summary }, organization, yieldFile] = await Promise.all([
    reportCsv(ctx, run.orgId, {
      ...range,
      filterId: report.filterId,
      units: report.units,
      includeCuttingless: report.includeCuttingless,
    }),
    baleSummary(ctx, run.orgId, { ...range, filterId: report.filterId }),
    findOrganization(ctx.db, run.orgId),
    report.includeYield
      ? reportYield(ctx, run.orgId, { end: run.periodEnd, timezone: report.timezone })
      : undefined,
  ]);
  let text = '';
  for await (const chunk of csv.chunks) text += chunk;
  const baleCount = csvRowCount(text) - 1;
  const period = periodLabel(report.frequency, report.timezone, {
    start: run.periodStart,
    end: run.periodEnd,
  });
  const mail = reportMail({
    frequency: report.frequency,
    filterName: report.filterName,
    period,
    timezone: report.timezone,
    settingsUrl: `${ctx.config.publicUrl}/automated-reports`,
    yieldFile,
    system: measurementSystemByUnitSystem[report.units],
    rfvEnabled: organization?.rfvEnabled ?? true,
    includeCuttingless: report.includeCuttingless,
    baleCount,
    summary,
  });
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await lockClaimedRun(trx, run))) return false;
    const bales = {
      filename: csv.filename,
      contentType: 'text/csv; charset=utf-8',
      content: Buffer.from(text, 'utf8'),
    };
    const attachments = yieldFile ? [bales, yieldFile.attachment] : [bales];
    await ctx.mailer.send({ to: report.recipients, ...mail, attachments }, trx);
    return finishRun(trx, run, { status: 'sent', at, baleCount });
  });
}

/**
 * One round of the schedule as of `at` (the app's clock by default): offers every report's
 * newest due period, then sends what is due. Safe to run in any number of processes at once.
 */
export async function runReportSchedule(
  ctx: AppContext,
  options: Partial<typeof reportSchedulerDefaults> & {
    at?: Date;
    onProblem?: (error: unknown) => void;
  } = {},
): Promise<ScheduleRound> {
  const o = { ...reportSchedulerDefaults, ...options };
  const batchSize = Math.max(1, o.batchSize);
  const at = options.at ?? ctx.now();
  const round: ScheduleRound = { offered: 0, sent: 0, retried: 0, failed: 0 };
  for (const report of await listScheduledReports(ctx.db)) {
    if (report.frequency === 'none') continue;
    let period: ReturnType<typeof latestDuePeriod>;
    try {
      period = latestDuePeriod(report.frequency, report.timezone, at);
    } catch (error) {
      // A timezone this runtime no longer knows: the owner sees no runs and can pick another.
      options.onProblem?.(error);
      continue;
    }
    if (period.sendAt.getTime() < report.scheduleFrom.getTime()) continue;
    if (report.lastPeriodStart && report.lastPeriodStart.getTime() >= period.start.getTime()) {
      continue;
    }
    const offered = await offerReportRun(ctx.db, {
      orgId: report.orgId,
      reportId: report.id,
      periodStart: period.start,
      periodEnd: period.end,
      dueAt: period.sendAt,
    });
    if (offered) round.offered += 1;
  }
  for (;;) {
    const claimed = await claimDueRuns(ctx.db, {
      now: at,
      leaseUntil: new Date(at.getTime() + o.leaseMs),
      limit: batchSize,
    });
    for (const run of claimed) {
      try {
        if (await sendRun(ctx, run, at)) round.sent += 1;
      } catch (error) {
        options.onProblem?.(error);
        const final = run.attempts >= o.maxAttempts;
        const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
        const delay = Math.min(o.retryBaseMs * 2 ** (run.attempts - 1), o.retryMaxMs);
        await finishRun(
          ctx.db,
          run,
          final
            ? { status: 'failed', error: message }
            : { status: 'pending', nextAttemptAt: new Date(at.getTime() + delay), error: message },
        );
        round[final ? 'failed' : 'retried'] += 1;
      }
    }
    if (claimed.length < batchSize) return round;
  }
}

/**
 * Runs the schedule now and every minute in the background; answers a function that stops it
 * and waits for a round in progress.
 */
export function startReportScheduler(
  ctx: AppContext,
  onProblem: (error: unknown) => void,
): () => Promise<void> {
  return startPeriodicJob(
    reportSchedulerDefaults.pollMs,
    () => runReportSchedule(ctx, { onProblem }),
    onProblem,
  );
}
