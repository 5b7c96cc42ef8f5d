import type { Db } from '@baletrack/db/database';
import { sql } from 'kysely';

export interface SubscriptionMonth {
  balerId: string;
  /** First day of the month, 'YYYY-MM-01'. */
  month: string;
  status: 'scheduled' | 'active';
}

/**
 * Records subscription months for balers; a scheduled month already recorded takes the given
 * status.
 * Activating a month shows that baler's bales of the month at once (the map's stamp counts
 * active months).
 * @example await insertSubscriptionMonths(db, orgId, [{ balerId, month: '2025-06-01', status: 'active' }]);
 */
export async function insertSubscriptionMonths(
  db: Db,
  orgId: string,
  months: SubscriptionMonth[],
): Promise<void> {
  if (months.length === 0) return;
  await db
    .insertInto('balerSubscriptionMonths')
    .values(months.map((month) => ({ orgId, ...month })))
    .onConflict((oc) =>
      oc
        .columns(['orgId', 'balerId', 'month'])
        .doUpdateSet((eb) => ({ status: eb.ref('excluded.status'), updatedAt: sql`now()` }))
        // An active month stays active: once visible, a bale never locks again.
        .where('balerSubscriptionMonths.status', '=', 'scheduled'),
    )
    .execute();
}

/**
 * The organization's live baler whose months are shown or changed, or undefined: read here from
 * the balers feature's table, so the two features import each other one way (balers show and
 * refund months; docs/adr/0036-no-feature-pairs.md).
 */
export function findSubscribableBaler(db: Db, orgId: string, balerId: string) {
  return db
    .selectFrom('balers')
    .select(['id', 'name', 'vin', 'autoRenewSince'])
    .where('orgId', '=', orgId)
    .where('id', '=', balerId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}

/**
 * The last month ('YYYY-MM-DD', its first day) each of the organization's balers has a credit on,
 * active or scheduled; balers never subscribed are absent.
 */
export async function lastSubscribedMonths(db: Db, orgId: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('balerSubscriptionMonths')
    .select(['balerId', sql<string>`to_char(max(month), 'YYYY-MM-DD')`.as('month')])
    .where('orgId', '=', orgId)
    .groupBy('balerId')
    .execute();
  return new Map(rows.map((row) => [row.balerId, row.month]));
}

/** The months ('YYYY-MM') a baler has a credit on, active or scheduled, in order. */
export async function creditedMonths(db: Db, orgId: string, balerId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('balerSubscriptionMonths')
    .select(sql<string>`to_char(month, 'YYYY-MM')`.as('month'))
    .where('orgId', '=', orgId)
    .where('balerId', '=', balerId)
    .orderBy('month')
    .execute();
  return rows.map((row) => row.month);
}

/**
 * Takes scheduled months back (first days 'YYYY-MM-01'); active ones are never touched. Returns
 * the first days actually removed, so the caller refunds exactly those.
 */
export async function deleteScheduledMonths(
  db: Db,
  orgId: string,
  balerId: string,
  months?: string[],
): Promise<string[]> {
  if (months?.length === 0) return [];
  const rows = await db
    .deleteFrom('balerSubscriptionMonths')
    .where('orgId', '=', orgId)
    .where('balerId', '=', balerId)
    .where('status', '=', 'scheduled')
    .$if(months !== undefined, (q) => q.where('month', 'in', months as string[]))
    .returning(sql<string>`to_char(month, 'YYYY-MM-DD')`.as('month'))
    .execute();
  return rows.map((row) => row.month);
}

/**
 * Turns every scheduled month that has begun (first day ≤ `currentMonth`, 'YYYY-MM-01') active,
 * in every organization; returns how many. Safe to run from several processes at once.
 */
export async function activateDueMonths(db: Db, currentMonth: string): Promise<number> {
  const result = await db
    .updateTable('balerSubscriptionMonths')
    .set({ status: 'active', updatedAt: sql`now()` })
    .where('status', '=', 'scheduled')
    .where('month', '<=', currentMonth)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * With billing off: makes active every month in which a baler made a bale and had none, so
 * nothing locks (`scope` limits it to one baler's months, e.g. of one ingest batch).
 */
export async function activateMonthsWithBales(
  db: Db,
  scope?: { orgId: string; balerId: string; months: string[] },
): Promise<void> {
  if (scope?.months.length === 0) return;
  await db
    .insertInto('balerSubscriptionMonths')
    .columns(['orgId', 'balerId', 'month', 'status'])
    .expression(
      db
        .selectFrom('bales')
        .select(['bales.orgId', 'bales.balerId', 'bales.creationMonth', sql.lit('active').as('s')])
        .distinct()
        .$if(scope !== undefined, (q) =>
          q
            .where('bales.orgId', '=', scope?.orgId as string)
            .where('bales.balerId', '=', scope?.balerId as string)
            .where('bales.creationMonth', 'in', scope?.months as string[]),
        ),
    )
    .onConflict((oc) =>
      oc
        .columns(['orgId', 'balerId', 'month'])
        .doUpdateSet({ status: 'active', updatedAt: sql`now()` })
        .where('balerSubscriptionMonths.status', '=', 'scheduled'),
    )
    .execute();
}

/**
 * Applies a renewal's month (first day 'YYYY-MM-01') as active; false when the month has a
 * credit already (another process renewed it, or the owner applied it), so nothing is debited.
 */
export async function insertRenewedMonth(
  db: Db,
  orgId: string,
  balerId: string,
  month: string,
): Promise<boolean> {
  const inserted = await db
    .insertInto('balerSubscriptionMonths')
    .values({ orgId, balerId, month, status: 'active' })
    .onConflict((oc) => oc.columns(['orgId', 'balerId', 'month']).doNothing())
    .returning('balerId')
    .executeTakeFirst();
  return inserted !== undefined;
}
