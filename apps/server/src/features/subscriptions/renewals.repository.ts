import type { Db } from '@baletrack/db/database';
import { sql } from 'kysely';

/**
 * Live balers with auto-renew on and no credit on the month (first day 'YYYY-MM-01'), in every
 * organization, oldest organization first; whether each is due is the domain's `monthToRenew`.
 */
export async function autoRenewingBalers(db: Db, month: string) {
  return db
    .selectFrom('balers')
    .select(['balers.orgId', 'balers.id', 'balers.name', 'balers.autoRenewSince'])
    .where('balers.deletedAt', 'is', null)
    .where('balers.autoRenewSince', 'is not', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('balerSubscriptionMonths as m')
            .select(sql.lit(1).as('one'))
            .whereRef('m.orgId', '=', 'balers.orgId')
            .whereRef('m.balerId', '=', 'balers.id')
            .where('m.month', '=', month),
        ),
      ),
    )
    .orderBy('balers.orgId')
    .orderBy('balers.createdAt')
    .execute();
}

/**
 * Notes that the organization's owner was told auto-renew found no credit for the month; false
 * when someone (another process) noted it already, so the mail goes out once.
 */
export async function noteRenewalNotice(db: Db, orgId: string, month: string): Promise<boolean> {
  const inserted = await db
    .insertInto('renewalNotices')
    .values({ orgId, month })
    .onConflict((oc) => oc.columns(['orgId', 'month']).doNothing())
    .returning('orgId')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Switches a live baler's auto-renew on (from `since`) or off (null); false when not found. */
export async function setAutoRenew(
  db: Db,
  orgId: string,
  balerId: string,
  since: Date | null,
): Promise<boolean> {
  const result = await db
    .updateTable('balers')
    .set({ autoRenewSince: since })
    .where('orgId', '=', orgId)
    .where('id', '=', balerId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
