// A baler's subscription months as the owner sees them (product: "Subscriptions and credits").
// Nothing but the credited months is stored: whether a credited month is active or still
// scheduled follows from the clock, so a scheduled month turns active at its start by itself.

import type { GridMonth, MonthState } from '@baletrack/contracts/subscriptions/subscription';
import { cropYearOf } from '../crop-year.ts';
import { addMonths, type Month, monthOf } from './month.ts';

/** `off`: a server for one farm that does not bill; every month counts as active. */
export type Billing = 'on' | 'off';

/**
 * The first month a credit can still go to at `now`: the first month of the previous crop year
 * (crop years start in `cropYearStartMonth`, 1 = January), so a grower who subscribes late
 * still sees this season's bales and last season's.
 * @example earliestCreditMonth(Date.parse('2026-05-10T00:00Z'), 1) // '2025-01'
 * @example earliestCreditMonth(Date.parse('2026-05-10T00:00Z'), 9) // '2024-09'
 */
export function earliestCreditMonth(now: Date | number, cropYearStartMonth: number): Month {
  const year = cropYearOf(now, cropYearStartMonth) - 1;
  return `${year}-${String(cropYearStartMonth).padStart(2, '0')}`;
}

/**
 * The state of one month at `now`, given whether a credit was applied to it: without one, a
 * month is free from the start of the previous crop year on (an earlier one is past).
 * @example monthState(Date.parse('2026-05-10T00:00Z'), 1, '2026-04', false) // 'free'
 * @example monthState(Date.parse('2026-05-10T00:00Z'), 1, '2024-12', false) // 'past'
 * @example monthState(Date.parse('2026-05-10T00:00Z'), 1, '2026-06', true) // 'scheduled'
 */
export function monthState(
  now: Date | number,
  cropYearStartMonth: number,
  month: Month,
  credited: boolean,
): MonthState {
  if (credited) return month <= monthOf(now) ? 'active' : 'scheduled';
  return month < earliestCreditMonth(now, cropYearStartMonth) ? 'past' : 'free';
}

/**
 * The months the grid shows at `now`: whole calendar years, from January of the year the
 * previous crop year starts in to December of this UTC year, and from December on the twelve
 * months of the next year too, so next year can be planned ahead.
 * @example gridMonths(Date.parse('2026-05-10T00:00Z'), 1) // ['2025-01', …, '2026-12']
 * @example gridMonths(Date.parse('2026-12-01T00:00Z'), 1) // ['2025-01', …, '2027-12']
 * @example gridMonths(Date.parse('2026-05-10T00:00Z'), 9) // ['2024-01', …, '2026-12']
 */
export function gridMonths(now: Date | number, cropYearStartMonth: number): Month[] {
  const current = monthOf(now);
  const first = `${earliestCreditMonth(now, cropYearStartMonth).slice(0, 4)}-01`;
  const last = `${Number(current.slice(0, 4)) + (current.endsWith('-12') ? 1 : 0)}-12`;
  const months: Month[] = [];
  for (let month = first; month <= last; month = addMonths(month, 1)) months.push(month);
  return months;
}

/**
 * The grid of a baler at `now`: every month it shows, with its state.
 * @example monthGrid(Date.parse('2026-05-10T00:00Z'), 1, new Set(['2026-05', '2026-07']))
 * // [{ month: '2025-01', state: 'free' }, …, { month: '2026-05', state: 'active' },
 * //  { month: '2026-06', state: 'free' }, { month: '2026-07', state: 'scheduled' }, …]
 */
export function monthGrid(
  now: Date | number,
  cropYearStartMonth: number,
  credited: ReadonlySet<Month>,
  billing: Billing = 'on',
): GridMonth[] {
  return gridMonths(now, cropYearStartMonth).map((month) => ({
    month,
    state:
      billing === 'off'
        ? 'active'
        : monthState(now, cropYearStartMonth, month, credited.has(month)),
  }));
}
