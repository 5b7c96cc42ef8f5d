import type { Db } from '@baletrack/db/database';
import { sql } from 'kysely';

export function findThrottle(db: Db, key: string) {
  return db
    .selectFrom('authThrottle')
    .select(['failures', 'windowStart', 'lockedUntil'])
    .where('key', '=', key)
    .executeTakeFirst();
}

/**
 * Counts one event in the key's window (a new window once the old one is over) and, when the
 * count reaches the limit, locks the key and starts counting afresh. One statement, so
 * concurrent requests cannot both slip under the limit.
 */
export async function countEvent(
  db: Db,
  input: { key: string; now: Date; windowMs: number; limit: number; lockMs: number },
): Promise<void> {
  const windowOpenedAfter = new Date(input.now.getTime() - input.windowMs);
  const lockedUntil = new Date(input.now.getTime() + input.lockMs);
  const fresh = sql<boolean>`auth_throttle.window_start < ${windowOpenedAfter}`;
  const next = sql<number>`case when ${fresh} then 1 else auth_throttle.failures + 1 end`;
  await db
    .insertInto('authThrottle')
    .values({
      key: input.key,
      failures: input.limit <= 1 ? 0 : 1,
      windowStart: input.now,
      lockedUntil: input.limit <= 1 ? lockedUntil : null,
    })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql`case when ${next} >= ${input.limit} then 0 else ${next} end`,
        windowStart: sql`case when ${fresh} or ${next} >= ${input.limit} then ${input.now}::timestamptz else auth_throttle.window_start end`,
        lockedUntil: sql`case when ${next} >= ${input.limit} then ${lockedUntil}::timestamptz else auth_throttle.locked_until end`,
      }),
    )
    .execute();
}

export async function clearThrottle(db: Db, key: string): Promise<void> {
  await db.deleteFrom('authThrottle').where('key', '=', key).execute();
}

/**
 * Housekeeping: deletes counters whose window started before `windowStartedBefore` and that are
 * not locked at `now`; answers how many.
 */
export async function deleteSpentThrottles(
  db: Db,
  windowStartedBefore: Date,
  now: Date,
): Promise<number> {
  const result = await db
    .deleteFrom('authThrottle')
    .where('windowStart', '<', windowStartedBefore)
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
