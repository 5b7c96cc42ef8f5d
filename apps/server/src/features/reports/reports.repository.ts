import type { CopyType } from '@baletrack/db/copy';
import { type CopyRows, copyQueryOut, recordMaker } from '@baletrack/db/copy-out';
import type { Database, Db } from '@baletrack/db/database';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { recordColumns } from '../bales/bale-writes.repository.ts';
import { baleColumns, madeWithin, visibleBalesByUid } from '../bales/bales.repository.ts';
import { cuttingMembership } from '../bales/cutting-membership.repository.ts';
import type { BalePredicate } from '../bales/filter-predicate.ts';
import type { TimeRange } from '../bales/time-range.ts';

/** Whether the bale lies in any cutting (the cutting rule, `cuttingMembership`). */
export function inSomeCutting(eb: ExpressionBuilder<Database, 'bales'>) {
  return eb.exists(eb.selectFrom('cuttings').select('cuttings.id').where(cuttingMembership));
}

/** A report page's bales, in uid order after `afterUid`, with their baler (deleted ones too). */
function reportPageFrom(
  db: Db,
  orgId: string,
  range: TimeRange,
  afterUid: string | undefined,
  limit: number,
  where?: BalePredicate,
) {
  return madeWithin(visibleBalesByUid(db, orgId, where), range)
    .leftJoin('balers', (join) =>
      join.onRef('balers.orgId', '=', 'bales.orgId').onRef('balers.id', '=', 'bales.balerId'),
    )
    .$if(afterUid !== undefined, (q) => q.where('bales.uid', '>', afterUid as string))
    .orderBy('bales.uid')
    .limit(limit);
}

/**
 * One page of the report in uid order, after `afterUid` (keyset: pages never overlap and each
 * costs the same however deep): every bale column with its baler's name (deleted balers too).
 * Field and cutting names are looked up in memory (`reportPages`), not per row here.
 */
export function listReportPage(
  db: Db,
  orgId: string,
  range: TimeRange,
  afterUid: string | undefined,
  limit: number,
  where?: BalePredicate,
) {
  return reportPageFrom(db, orgId, range, afterUid, limit, where)
    .select(baleColumns)
    .select('balers.name as balerName')
    .execute();
}

export type ReportPageRow = Awaited<ReturnType<typeof listReportPage>>[number];

// The bale's own columns are typed once, where bales are written (`recordColumns`); a report row
// has them all but the month derived for subscriptions.
const { creationMonth: _month, ...recordTypes } = recordColumns;

/**
 * A report row's columns in the order `copyReportPage` reads them, each with its SQL type:
 * COPY's rows carry neither names nor types.
 */
const reportRowTypes = {
  uid: 'text',
  balerId: 'uuid',
  balerVin: 'text',
  ...recordTypes,
  balerName: 'text',
} as const satisfies Record<keyof ReportPageRow, CopyType>;

const reportRowFields = Object.keys(reportRowTypes) as (keyof ReportPageRow)[];
const reportRowCopyTypes = Object.values(reportRowTypes);

/** A page's rows, each read when asked for (through COPY: decoded from the page's bytes). */
export interface ReportPageRows {
  count: number;
  row(i: number): ReportPageRow;
}

/**
 * The same page as `listReportPage`, read with `COPY … (FORMAT binary)` on either database: the
 * rows stay bytes until `row(i)` (docs/benchmarks.md, "Report CSV and data export").
 */
export async function copyReportPage(
  db: Kysely<Database>,
  orgId: string,
  range: TimeRange,
  afterUid: string | undefined,
  limit: number,
  where?: BalePredicate,
): Promise<ReportPageRows> {
  const query = reportPageFrom(db, orgId, range, afterUid, limit, where)
    .select((eb) =>
      reportRowFields.map((field) =>
        field === 'balerName'
          ? eb.ref('balers.name').as(field)
          : eb.ref(`bales.${field}` as 'bales.uid').as(field),
      ),
    )
    .compile();
  return pageOf(await copyQueryOut(db, query, reportRowCopyTypes));
}

const makeReportRow = recordMaker<ReportPageRow>(reportRowFields);

function pageOf(rows: CopyRows): ReportPageRows {
  return { count: rows.count, row: (i) => rows.record(i, makeReportRow) };
}
