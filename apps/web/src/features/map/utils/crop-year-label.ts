import { cropYearDays } from '@baletrack/domain/crop-year';
import { formatShortDay } from '@/lib/format';

// The top bar's year is the organization's crop year (settings' start month), counted on the
// server by the same domain function; these name it for people.

const monthLong = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' });
const monthShort = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });
const monthOf = (day: string) =>
  `${monthShort.format(new Date(`${day}T00:00:00Z`))} ${day.slice(0, 4)}`;

/**
 * A year as the picker lists it: the calendar year, or the months a later-starting crop year
 * spans.
 * @example cropYearOption(2026, 1) // '2026'
 * @example cropYearOption(2026, 4) // '2026 (Apr 2026 – Mar 2027)'
 */
export function cropYearOption(year: number, startMonth: number): string {
  if (startMonth === 1) return String(year);
  const { first, last } = cropYearDays(year, startMonth);
  return `${year} (${monthOf(first)} – ${monthOf(last)})`;
}

/**
 * The chosen year as the top bar names it.
 * @example cropYearTitle(2026, 4) // 'Crop year 2026'
 */
export function cropYearTitle(year: number, startMonth: number): string {
  return startMonth === 1 ? String(year) : `Crop year ${year}`;
}

/**
 * What the year list says under its label: the chosen crop year's days, or when crop years
 * start.
 * @example cropYearHint(2026, 4) // 'Bales made 4/1/2026 – 3/31/2027'
 * @example cropYearHint(undefined, 4) // 'Crop years start in April'
 */
export function cropYearHint(year: number | undefined, startMonth: number): string {
  if (startMonth === 1) return 'Bales made in that year';
  if (year === undefined) {
    return `Crop years start in ${monthLong.format(Date.UTC(2000, startMonth - 1, 1))}`;
  }
  const { first, last } = cropYearDays(year, startMonth);
  return `Bales made ${formatShortDay(first)} – ${formatShortDay(last)}`;
}
