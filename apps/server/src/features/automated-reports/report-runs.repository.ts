import type { Database, Db } from '@baletrack/db/database';
import { sql, type Transaction } from 'kysely';

// An automated report's periods (docs/operations.md#automated-reports). A run row per report and
// period: inserting it is idempotent (its primary key), so every process may offer the same
// period and it is taken up once; claiming it uses row locks that skip what another worker holds.

/** Takes up a period if nobody has; answers whether this call did. */
export async function offerReportRun(
  db: Db,
  run: { orgId: string; reportId: string; periodStart: Date; periodEnd: Date; dueAt: Date },
): Promise<boolean> {
  const result = await db
    .insertInto('reportRuns')
    .values({
      orgId: run.orgId,
      reportId: run.reportId,
      periodStart: run.periodStart,
      periodEnd: run.periodEnd,
      nextAttemptAt: run.dueAt,
      createdAt: run.dueAt,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('reportId')
    .executeTakeFirst();
  return result !== undefined;
}

export interface ClaimedRun {
  orgId: string;
  reportId: string;
  periodStart: Date;
  periodEnd: Date;
  /** This attempt's number; it also identifies the claim (see finishRun). */
  attempts: number;
}

/**
 * Claims up to `limit` runs that are due: pending ones whose time has come and ones whose
 * worker's lease ran out (it died). Rows another worker is claiming are skipped (FOR UPDATE
 * SKIP LOCKED), so two processes never claim one run together.
 */
export function claimDueRuns(
  db: Db,
  input: { now: Date; leaseUntil: Date; limit: number },
): Promise<ClaimedRun[]> {
  return db
    .updateTable('reportRuns')
    .set((eb) => ({
      status: 'sending',
      attempts: eb('attempts', '+', 1),
      nextAttemptAt: input.leaseUntil,
    }))
    .where(
      sql<boolean>`(org_id, report_id, period_start) in (${db
        .selectFrom('reportRuns')
        .select(['orgId', 'reportId', 'periodStart'])
        .where('status', 'in', ['pending', 'sending'])
        .where('nextAttemptAt', '<=', input.now)
        .orderBy('nextAttemptAt')
        .limit(input.limit)
        .forUpdate()
        .skipLocked()})`,
    )
    .returning(['orgId', 'reportId', 'periodStart', 'periodEnd', 'attempts'])
    .execute();
}

const claimed = (run: ClaimedRun) => (db: Db) =>
  db
    .updateTable('reportRuns')
    .where('orgId', '=', run.orgId)
    .where('reportId', '=', run.reportId)
    .where('periodStart', '=', run.periodStart)
    .where('status', '=', 'sending')
    .where('attempts', '=', run.attempts);

/**
 * Records how an attempt ended. Only the claim that made the attempt may finish it, so a worker
 * whose lease ran out cannot overwrite the one that took over; answers whether it did. 'sent' is
 * written in the transaction that queues the mail, so a period's mail is queued exactly once.
 */
export async function finishRun(
  db: Db,
  run: ClaimedRun,
  outcome:
    | { status: 'sent'; at: Date; baleCount: number }
    | { status: 'pending'; nextAttemptAt: Date; error: string }
    | { status: 'failed'; error: string },
): Promise<boolean> {
  const changes =
    outcome.status === 'sent'
      ? {
          status: 'sent' as const,
          sentAt: outcome.at,
          baleCount: outcome.baleCount,
          lastError: null,
        }
      : outcome.status === 'pending'
        ? {
            status: 'pending' as const,
            nextAttemptAt: outcome.nextAttemptAt,
            lastError: outcome.error,
          }
        : { status: 'failed' as const, lastError: outcome.error };
  const result = await claimed(run)(db).set(changes).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Locks the claimed run for the sending transaction; answers false when the claim lapsed. */
export async function lockClaimedRun(db: Transaction<Database>, run: ClaimedRun): Promise<boolean> {
  const row = await db
    .selectFrom('reportRuns')
    .select('attempts')
    .where('orgId', '=', run.orgId)
    .where('reportId', '=', run.reportId)
    .where('periodStart', '=', run.periodStart)
    .where('status', '=', 'sending')
    .where('attempts', '=', run.attempts)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}
