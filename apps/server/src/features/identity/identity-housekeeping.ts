import type { AppContext } from '../../app-context.ts';
import { deleteExpiredChallenges } from './auth-challenges.repository.ts';
import { deleteSpentThrottles } from './auth-throttle.repository.ts';
import { deleteFamiliesExpiredBefore } from './refresh-tokens.repository.ts';
import { throttleRules } from './throttle.service.ts';
import { deleteExpiredCodes } from './user-codes.repository.ts';
import { EXPIRED_CODE_KEPT_MS } from './user-codes.service.ts';

const HOUR_MS = 3_600_000;
const longestThrottleMs = Math.max(
  ...Object.values(throttleRules).map((rule) => Math.max(rule.windowMs, rule.lockMs)),
);

export interface PurgedRows {
  codes: number;
  challenges: number;
  refreshFamilies: number;
  throttles: number;
}

/**
 * Deletes the user pool's rows that are of no more use: mailed codes a day after they expired
 * (until then the mailed code reads as expired rather than wrong; a guess reads as wrong either
 * way), expired sign-in challenges, refresh-token families expired for longer than an id token
 * lives (so no unexpired id token still points at one), and throttle counters whose window and
 * lock are both over.
 * @example await purgeExpiredIdentityRows(ctx) // → { codes: 3, challenges: 0, … }
 */
export async function purgeExpiredIdentityRows(
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>,
): Promise<PurgedRows> {
  const now = ctx.now();
  const idTokenMs = ctx.config.userPool.idTokenTtlSeconds * 1000;
  return ctx.db.transaction().execute(async (trx) => ({
    codes: await deleteExpiredCodes(trx, new Date(now.getTime() - EXPIRED_CODE_KEPT_MS)),
    challenges: await deleteExpiredChallenges(trx, now),
    refreshFamilies: await deleteFamiliesExpiredBefore(trx, new Date(now.getTime() - idTokenMs)),
    throttles: await deleteSpentThrottles(trx, new Date(now.getTime() - longestThrottleMs), now),
  }));
}

/**
 * Runs the purge every hour in the background (every process may: the deletes are idempotent).
 * @example const stop = startIdentityHousekeeping(ctx); … stop();
 */
export function startIdentityHousekeeping(
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>,
  onError: (error: unknown) => void,
): () => void {
  const timer = setInterval(() => void purgeExpiredIdentityRows(ctx).catch(onError), HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
