import type { Database } from '@baletrack/db/database';
import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
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
 * costs the same however deep): every bale column with its baler's name (deleted balers too),
 * its fields' names and its cuttings with their crops, by start date.
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
    .select((eb) => [
      eb
        .selectFrom('fields')
        .select(sql<string[]>`coalesce(array_agg(fields.name order by fields.name), '{}')`.as('n'))
        .whereRef('fields.orgId', '=', 'bales.orgId')
        .where((field) => field('fields.id', '=', field.fn.any('bales.fieldUids')))
        .as('fieldNames'),
      jsonArrayFrom(
        eb
          .selectFrom('cuttings')
          .where(cuttingMembership)
          .leftJoin('crops', (join) =>
            join
              .onRef('crops.orgId', '=', 'cuttings.orgId')
              .onRef('crops.id', '=', 'cuttings.cropId'),
          )
          .select(['cuttings.name', 'crops.name as cropName'])
          .orderBy('cuttings.startDate')
          .orderBy('cuttings.id'),
      ).as('cuttings'),
    ])
    .$if(afterUid !== undefined, (q) => q.where('bales.uid', '>', afterUid as string))
    .orderBy('bales.uid')
    .limit(limit)
    .execute();
}

export type ReportPageRow = Awaited<ReturnType<typeof listReportPage>>[number] & {
  fieldNames: string[];
};
