// Whether the owner may apply a credit to a month or take it back (product: "Subscriptions and
// credits"). The wallet is not consulted here; `planMonthChanges` weighs a whole request against
// the balance.

import { type Month, monthOf } from './month.ts';
import { earliestCreditMonth, gridMonths } from './month-grid.ts';

export type MonthAction = 'apply' | 'remove';

/**
 * Why a month cannot change:
 * - past-month: the month is before the previous crop year, too long past for a credit.
 * - beyond-grid: later than the grid shows (next year opens in December).
 * - already-applied: the month has a credit already (active or scheduled).
 * - needs-confirmation: applying the current month, or one that is over, starts it at once
 *   (its bales show) and cannot be undone.
 * - active-month: an active month's credit is spent and cannot be taken back.
 * - not-applied: there is no credit on the month to take back.
 */
export const monthChangeReasons = [
  'past-month',
  'beyond-grid',
  'already-applied',
  'needs-confirmation',
  'active-month',
  'not-applied',
] as const;
export type MonthChangeReason = (typeof monthChangeReasons)[number];

/**
 * What an allowed change does: `activate` debits a credit for the current month or one that is
 * over, `schedule` debits one for a later month, `refund` gives a scheduled month's credit back.
 */
export type MonthChangeEffect = 'activate' | 'schedule' | 'refund';

export type MonthChangeCheck =
  | { ok: true; effect: MonthChangeEffect }
  | { ok: false; reason: MonthChangeReason };

/**
 * Whether `action` on `month` is allowed at `now`; `credited` says whether the month has a
 * credit, `confirmed` whether the owner confirmed applying the current month; crop years start
 * in `cropYearStartMonth` (1 = January).
 * @example checkMonthChange(Date.parse('2026-05-10T00:00Z'), 1, '2026-07', false, 'apply', false)
 * // { ok: true, effect: 'schedule' }
 * @example checkMonthChange(Date.parse('2026-05-10T00:00Z'), 1, '2025-08', false, 'apply', false)
 * // { ok: false, reason: 'needs-confirmation' }
 */
export function checkMonthChange(
  now: Date | number,
  cropYearStartMonth: number,
  month: Month,
  credited: boolean,
  action: MonthAction,
  confirmed: boolean,
): MonthChangeCheck {
  const current = monthOf(now);
  if (action === 'remove') {
    if (!credited) return { ok: false, reason: 'not-applied' };
    if (month <= current) return { ok: false, reason: 'active-month' };
    return { ok: true, effect: 'refund' };
  }
  const earliest = earliestCreditMonth(now, cropYearStartMonth);
  if (month < earliest) return { ok: false, reason: 'past-month' };
  if (!gridMonths(now, cropYearStartMonth).includes(month))
    return { ok: false, reason: 'beyond-grid' };
  if (credited) return { ok: false, reason: 'already-applied' };
  if (month <= current) {
    return confirmed
      ? { ok: true, effect: 'activate' }
      : { ok: false, reason: 'needs-confirmation' };
  }
  return { ok: true, effect: 'schedule' };
}
