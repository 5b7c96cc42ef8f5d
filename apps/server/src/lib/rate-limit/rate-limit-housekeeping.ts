import type { Database } from '@baletrack/db/database';
import type { Kysely } from 'kysely';
import { deleteStaleRequestCounts } from './rate-limits.repository.ts';

const HOUR_MS = 3_600_000;
// Longer than any route's window (the longest is an hour), so no live count is cut short.
const KEEP_MS = 24 * HOUR_MS;

/**
 * Deletes rate-limit counters whose window ended long ago, now and every hour (idempotent, so
 * every process may run it).
 * @example const stop = startRateLimitHousekeeping(ctx, (error) => log.warn(error)); … stop();
 */
export function startRateLimitHousekeeping(
  ctx: { db: Kysely<Database>; now: () => Date },
  onError: (error: unknown) => void,
): () => void {
  const purge = () =>
    void deleteStaleRequestCounts(ctx.db, new Date(ctx.now().getTime() - KEEP_MS)).catch(onError);
  const timer = setInterval(purge, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
