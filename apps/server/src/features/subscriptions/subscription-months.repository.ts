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
