// Auto-renew (product: "Subscriptions and credits"): at each month's start a credit is applied
// to a baler whose owner chose auto-renew. The sweep that does it may run late (a server down
// over midnight on the 1st), so the rule asks whether auto-renew was on when the month began,
// not whether it is the 1st; switching auto-renew on mid-month waits for the next month rather
// than spending a credit on the current one without the confirmation that costs.

import { type Month, monthOf, monthStart } from './month.ts';

/**
 * The month to renew at `now`: the current month when auto-renew was on at its start
 * (`autoRenewSince` at or before it) and it has no credit yet; otherwise null. Whether the
 * wallet holds a credit is the caller's to check.
 * @example monthToRenew(Date.parse('2026-05-03T02:00Z'), new Set(), new Date('2026-04-20T00:00Z'))
 * // '2026-05'
 * @example monthToRenew(Date.parse('2026-05-03T02:00Z'), new Set(), new Date('2026-05-02T00:00Z'))
 * // null: switched on after May began; June renews
 */
export function monthToRenew(
  now: Date | number,
  credited: ReadonlySet<Month>,
  autoRenewSince: Date | null,
): Month | null {
  if (!autoRenewSince) return null;
  const current = monthOf(now);
  if (credited.has(current)) return null;
  return autoRenewSince.getTime() <= monthStart(current).getTime() ? current : null;
}
