import type { Database } from '@baletrack/db/database';
import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import { baleColumns, madeWithin, visibleBales } from '../bales/bales.repository.ts';
import type { BalePredicate } from '../bales/filter-predicate.ts';
import type { TimeRange } from '../bales/time-range.ts';
import { cuttingMembership } from '../cuttings/cutting-membership.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Whether the bale lies in any cutting (the cutting rule, `cuttingMembership`). */
export function inSomeCutting(eb: ExpressionBuilder<Database, 'bales'>) {
  return eb.exists(eb.selectFrom('cuttings').select('cuttings.id').where(cuttingMembership));
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
  return madeWithin(visibleBales(db, orgId, where), range)
    .leftJoin('balers', (join) =>
      join.onRef('balers.orgId', '=', 'bales.orgId').onRef('balers.id', '=', 'bales.balerId'),
    )
    .select(baleColumns)
    .select('balers.name as balerName')
    .$if(afterUid !== undefined, (q) => q.where('bales.uid', '>', afterUid as string))
    .orderBy('bales.uid')
    .limit(limit)
    .execute();
}

export type ReportPageRow = Awaited<ReturnType<typeof listReportPage>>[number];
