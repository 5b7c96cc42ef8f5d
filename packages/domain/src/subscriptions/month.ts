// Calendar months as subscriptions count them: UTC months named 'YYYY-MM' (ISO 8601 year and
// month), the same text the API sends. A month's string order is its time order, so months
// compare with < and >. The database keeps a month as the date of its first day; convert with
// `monthStart` and `monthOf`.

/** A UTC calendar month, 'YYYY-MM'. */
export type Month = string;

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/**
 * The month an instant falls in, in UTC.
 * @example monthOf(Date.parse('2026-12-31T23:59:59.999Z')) // '2026-12'
 * @example monthOf(Date.parse('2027-01-01T00:00:00Z')) // '2027-01'
 */
export function monthOf(instant: Date | number): Month {
  return new Date(instant).toISOString().slice(0, 7);
}

/**
 * The first instant of a month (its 1st, 00:00 UTC). Throws on text that is not 'YYYY-MM'.
 * @example monthStart('2026-02') // 2026-02-01T00:00:00.000Z
 */
export function monthStart(month: Month): Date {
  const match = MONTH_PATTERN.exec(month);
  if (!match) throw new RangeError(`Not a month (YYYY-MM): ${month}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
}

/**
 * The month `count` months after `month` (before it when negative).
 * @example addMonths('2026-12', 1) // '2027-01'
 * @example addMonths('2026-01', -1) // '2025-12'
 */
export function addMonths(month: Month, count: number): Month {
  const start = monthStart(month);
  return monthOf(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + count, 1));
}
