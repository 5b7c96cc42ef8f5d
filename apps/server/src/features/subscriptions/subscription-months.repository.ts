import type { Database } from '@baletrack/db/database';
import { type Kysely, sql, type Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

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
