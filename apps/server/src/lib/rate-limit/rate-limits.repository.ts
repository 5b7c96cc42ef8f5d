import type { Database } from '@baletrack/db/database';
import { type Kysely, sql } from 'kysely';

/**
 * Counts one request under `key` in a window of `windowMs` that starts with the first request:
 * one statement, so concurrent requests from several processes never lose a count.
 * @returns the count in the current window and when the window started
 */
export async function countRequest(
  db: Kysely<Database>,
  key: string,
  windowMs: number,
  now: Date,
): Promise<{ count: number; windowStartedAt: Date }> {
  const windowOver = sql<boolean>`rate_limits.window_started_at + ${windowMs} * interval '1 millisecond' <= ${now}`;
  return db
    .insertInto('rateLimits')
    .values({ key, count: 1, windowStartedAt: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when ${windowOver} then 1 else rate_limits.count + 1 end`,
        windowStartedAt: sql`case when ${windowOver} then ${now} else rate_limits.window_started_at end`,
      }),
    )
    .returning(['count', 'windowStartedAt'])
    .executeTakeFirstOrThrow();
}

/** Reads a counter without counting; undefined when there is none. */
export async function readRequestCount(db: Kysely<Database>, key: string) {
  return db
    .selectFrom('rateLimits')
    .select(['count', 'windowStartedAt'])
    .where('key', '=', key)
    .executeTakeFirst();
}

/** Deletes counters whose window started before `before` (the longest window ago). */
export async function deleteStaleRequestCounts(
  db: Kysely<Database>,
  before: Date,
): Promise<number> {
  const result = await db
    .deleteFrom('rateLimits')
    .where('windowStartedAt', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
