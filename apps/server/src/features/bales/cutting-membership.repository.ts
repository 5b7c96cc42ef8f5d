import type { Database, Db } from '@baletrack/db/database';
import { type ExpressionBuilder, sql } from 'kysely';

/**
 * THE cutting rule (docs/product.md#cutting-membership): a bale is in a cutting when one of its
 * fields is in the cutting and it was made within the cutting's days (inclusive, UTC like every
 * date range of the app); its crop is the cutting's crop. A condition between a `bales` row and a
 * `cuttings` row, for joins and EXISTS subqueries alike, so filters, summaries and reports all read
 * it from here.
 * @example // bales in some cuttings
 *   visibleBales(db, orgId).where((eb) => eb.exists(eb.selectFrom('cuttings')
 *     .select('cuttings.id').where(cuttingMembership).where('cuttings.id', 'in', ids)))
 * @example // bales without a cutting: eb.not(eb.exists(... .where(cuttingMembership)))
 * @example // bales of some crops: ... .where(cuttingMembership).where('cuttings.cropId', 'in', cropIds)
 */
export function cuttingMembership(eb: ExpressionBuilder<Database, 'bales' | 'cuttings'>) {
  return eb.and([
    eb('cuttings.orgId', '=', eb.ref('bales.orgId')),
    eb('bales.creationTime', '>=', sql<Date>`(cuttings.start_date::timestamp at time zone 'UTC')`),
    eb(
      'bales.creationTime',
      '<',
      sql<Date>`((cuttings.end_date + 1)::timestamp at time zone 'UTC')`,
    ),
    eb.exists(
      eb
        .selectFrom('cuttingFields as membershipField')
        .select('membershipField.fieldId')
        .whereRef('membershipField.orgId', '=', 'cuttings.orgId')
        .whereRef('membershipField.cuttingId', '=', 'cuttings.id')
        .where((field) => field('membershipField.fieldId', '=', field.fn.any('bales.fieldUids'))),
    ),
  ]);
}

/** The cuttings one bale is in, with their crops, by start date. */
export function listBaleCuttings(db: Db, orgId: string, uid: string) {
  return db
    .selectFrom('bales')
    .innerJoin('cuttings', (join) => join.on(cuttingMembership))
    .leftJoin('crops', (join) =>
      join.onRef('crops.orgId', '=', 'cuttings.orgId').onRef('crops.id', '=', 'cuttings.cropId'),
    )
    .select([
      'cuttings.id',
      'cuttings.name',
      'cuttings.year',
      'crops.id as cropId',
      'crops.name as cropName',
    ])
    .where('bales.orgId', '=', orgId)
    .where('bales.uid', '=', uid)
    .orderBy('cuttings.startDate')
    .orderBy('cuttings.id')
    .execute();
}
