// A baler's subscription months as the owner sees them (product: "Subscriptions and credits").
// Nothing but the credited months is stored: whether a credited month is active or still
// scheduled follows from the clock, so a scheduled month turns active at its start by itself.

import type { GridMonth, MonthState } from '@baletrack/contracts/subscriptions/subscription';
import { addMonths, type Month, monthOf } from './month.ts';

/** `off`: a server for one farm that does not bill; every month counts as active. */
export type Billing = 'on' | 'off';

/**
 * The state of one month at `now`, given whether a credit was applied to it.
 * @example monthState(Date.parse('2026-05-10T00:00Z'), '2026-04', false) // 'past'
 * @example monthState(Date.parse('2026-05-10T00:00Z'), '2026-06', true) // 'scheduled'
 */
export function monthState(now: Date | number, month: Month, credited: boolean): MonthState {
  const current = monthOf(now);
  if (credited) return month <= current ? 'active' : 'scheduled';
  return month < current ? 'past' : 'free';
}

/**
 * The months the grid shows at `now`: January to December of the current UTC year, and from
 * December on the twelve months of the next year too, so next year can be planned ahead.
 * @example gridMonths(Date.parse('2026-05-10T00:00Z')) // ['2026-01', …, '2026-12']
 * @example gridMonths(Date.parse('2026-12-01T00:00Z')) // ['2026-01', …, '2027-12']
 */
export function gridMonths(now: Date | number): Month[] {
  const current = monthOf(now);
  const year = current.slice(0, 4);
  const count = current.endsWith('-12') ? 24 : 12;
  return Array.from({ length: count }, (_, index) => addMonths(`${year}-01`, index));
}

/**
 * The grid of a baler at `now`: every month it shows, with its state.
 * @example monthGrid(Date.parse('2026-05-10T00:00Z'), new Set(['2026-05', '2026-07']))
 * // [{ month: '2026-01', state: 'past' }, …, { month: '2026-05', state: 'active' },
 * //  { month: '2026-06', state: 'free' }, { month: '2026-07', state: 'scheduled' }, …]
 */
export function monthGrid(
  now: Date | number,
  credited: ReadonlySet<Month>,
  billing: Billing = 'on',
): GridMonth[] {
  return gridMonths(now).map((month) => ({
    month,
    state: billing === 'off' ? 'active' : monthState(now, month, credited.has(month)),
  }));
}
