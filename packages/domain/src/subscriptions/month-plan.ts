// One owner's request on one baler's grid, checked as a whole: every month must pass
// `checkMonthChange`, and the wallet must hold the credits the request spends once its refunds
// are back. All or nothing, so a half-applied request never debits the wallet.

import type { Month } from './month.ts';
import { checkMonthChange, type MonthChangeReason } from './month-change.ts';

export interface MonthChangeRequest {
  apply: readonly Month[];
  remove: readonly Month[];
  /** The owner confirmed that applying the current month, or a past one, starts it at once. */
  confirmCurrentMonth: boolean;
}

export type MonthPlan =
  | {
      ok: true;
      /** The current month and months that are over, debited and active at once. */
      activate: Month[];
      /** Later months, debited and active from their start. */
      schedule: Month[];
      /** Scheduled months whose credits go back to the wallet. */
      refund: Month[];
      /** The change to the wallet's balance: refunds minus debits. */
      credits: number;
    }
  | { ok: false; reason: MonthChangeReason; month: Month }
  | { ok: false; reason: 'not-enough-credits'; needed: number; available: number };

/**
 * Checks a request against the credited months and the wallet's balance at `now`. Removals
 * count first, so a refund can pay for a month applied in the same request; a month named
 * twice fails the second time (already applied, or not applied).
 * @example planMonthChanges(Date.parse('2026-05-10T00:00Z'), 1, new Set(['2026-08']),
 *   { apply: ['2026-06', '2026-07'], remove: ['2026-08'], confirmCurrentMonth: false }, 1)
 * // { ok: true, activate: [], schedule: ['2026-06', '2026-07'], refund: ['2026-08'], credits: -1 }
 */
export function planMonthChanges(
  now: Date | number,
  cropYearStartMonth: number,
  credited: ReadonlySet<Month>,
  request: MonthChangeRequest,
  balance: number,
): MonthPlan {
  const months = new Set(credited);
  const plan = { activate: [] as Month[], schedule: [] as Month[], refund: [] as Month[] };
  const steps = [
    ...request.remove.map((month) => ({ month, action: 'remove' as const })),
    ...request.apply.map((month) => ({ month, action: 'apply' as const })),
  ];
  for (const { month, action } of steps) {
    const confirmed = request.confirmCurrentMonth;
    const check = checkMonthChange(
      now,
      cropYearStartMonth,
      month,
      months.has(month),
      action,
      confirmed,
    );
    if (!check.ok) return { ok: false, reason: check.reason, month };
    plan[check.effect].push(month);
    if (action === 'apply') months.add(month);
    else months.delete(month);
  }
  const needed = plan.activate.length + plan.schedule.length;
  const available = balance + plan.refund.length;
  if (needed > available) return { ok: false, reason: 'not-enough-credits', needed, available };
  return { ok: true, ...plan, credits: plan.refund.length - needed };
}
