import type { AutomatedReportsTable, Db } from '@baletrack/db/database';

/** The settings an owner writes (docs/product.md#automated-reports). */
export type AutomatedReportSettings = Pick<
  AutomatedReportsTable,
  'filterId' | 'frequency' | 'timezone' | 'units' | 'includeCuttingless' | 'recipients'
> & { includeYield: boolean };

const reportColumns = [
  'automatedReports.id',
  'automatedReports.filterId',
  'automatedReports.frequency',
  'automatedReports.timezone',
  'automatedReports.units',
  'automatedReports.includeCuttingless',
  'automatedReports.includeYield',
  'automatedReports.recipients',
] as const;

/** The organization's reports with their filter's name (a report's filter always exists). */
function reportsWithFilter(db: Db, orgId: string) {
  return db
    .selectFrom('automatedReports')
    .innerJoin('filters', (join) =>
      join
        .onRef('filters.orgId', '=', 'automatedReports.orgId')
        .onRef('filters.id', '=', 'automatedReports.filterId'),
    )
    .select(reportColumns)
    .select('filters.name as filterName')
    .where('automatedReports.orgId', '=', orgId);
}

/**
 * The organization's automated reports with their filter's name and their newest run (the
 * period most recently taken up), oldest report first.
 */
export function listAutomatedReports(db: Db, orgId: string) {
  return reportsWithFilter(db, orgId)
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('reportRuns')
          .select([
            'periodStart',
            'periodEnd',
            'status',
            'attempts',
            'sentAt',
            'baleCount',
            'lastError',
          ])
          .whereRef('reportRuns.orgId', '=', 'automatedReports.orgId')
          .whereRef('reportRuns.reportId', '=', 'automatedReports.id')
          .orderBy('periodStart', 'desc')
          .limit(1)
          .as('lastRun'),
      (join) => join.onTrue(),
    )
    .select([
      'lastRun.periodStart',
      'lastRun.periodEnd',
      'lastRun.status',
      'lastRun.attempts',
      'lastRun.sentAt',
      'lastRun.baleCount',
      'lastRun.lastError',
    ])
    .orderBy('automatedReports.createdAt')
    .orderBy('automatedReports.id')
    .execute();
}

export type AutomatedReportRow = Awaited<ReturnType<typeof listAutomatedReports>>[number];

export async function insertAutomatedReport(
  db: Db,
  orgId: string,
  id: string,
  settings: AutomatedReportSettings,
  at: Date,
): Promise<void> {
  await db
    .insertInto('automatedReports')
    .values({ orgId, id, ...settings, scheduleFrom: at, createdAt: at, updatedAt: at })
    .execute();
}

/**
 * Replaces a report's settings; answers false when the organization has no such report. A
 * changed frequency or timezone starts the schedule afresh at `at`, so a period whose sending
 * time already passed under the old schedule is not sent late under the new one.
 */
export async function updateAutomatedReport(
  db: Db,
  orgId: string,
  id: string,
  settings: AutomatedReportSettings,
  at: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('automatedReports')
    .set((eb) => ({
      ...settings,
      updatedAt: at,
      scheduleFrom: eb
        .case()
        .when(
          eb.or([
            eb('frequency', '<>', settings.frequency),
            eb('timezone', '<>', settings.timezone),
          ]),
        )
        .then(at)
        .else(eb.ref('scheduleFrom'))
        .end(),
    }))
    .where('orgId', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes a report and its runs; answers false when the organization has no such report. */
export async function deleteAutomatedReport(db: Db, orgId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('automatedReports')
    .where('orgId', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Every report that sends at all (frequency not 'none'), across organizations, for the scheduler. */
export function listScheduledReports(db: Db) {
  return db
    .selectFrom('automatedReports')
    .select(['orgId', 'id', 'frequency', 'timezone', 'scheduleFrom'])
    .select((eb) =>
      eb
        .selectFrom('reportRuns')
        .select((run) => run.fn.max('reportRuns.periodStart').as('p'))
        .whereRef('reportRuns.orgId', '=', 'automatedReports.orgId')
        .whereRef('reportRuns.reportId', '=', 'automatedReports.id')
        .as('lastPeriodStart'),
    )
    .where('frequency', '<>', 'none')
    .execute();
}

/** One report as the sender needs it. */
export function findAutomatedReport(db: Db, orgId: string, id: string) {
  return reportsWithFilter(db, orgId).where('automatedReports.id', '=', id).executeTakeFirst();
}
