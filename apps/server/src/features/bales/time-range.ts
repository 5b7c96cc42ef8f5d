import type { BaleTimeFilter } from '@baletrack/contracts/bales/bale-query';
import { cropYearWindow } from '@baletrack/domain/crop-year';

/** Half-open [from, to) in UTC; an absent end is unbounded. */
export interface TimeRange {
  from?: Date;
  to?: Date;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** A UTC day, the unit of every date range of the app. */
export const DAY_MS = 86_400_000;

/**
 * The bales' creation-time range a filter asks for: `from`/`to` inclusive (a bare `to` date
 * includes its whole day), `year` a crop year starting in `cropYearStartMonth` (the
 * organization's setting; 1, the calendar year, by default), all intersected.
 * @example timeRange({ year: 2025 }) // → { from: 2025-01-01T00:00Z, to: 2026-01-01T00:00Z }
 * @example timeRange({ year: 2025 }, 4) // → { from: 2025-04-01T00:00Z, to: 2026-04-01T00:00Z }
 */
export function timeRange(filter: BaleTimeFilter, cropYearStartMonth = 1): TimeRange {
  let from = filter.from === undefined ? undefined : Date.parse(asInstant(filter.from));
  let to =
    filter.to === undefined
      ? undefined
      : DATE_ONLY.test(filter.to)
        ? Date.parse(asInstant(filter.to)) + DAY_MS
        : Date.parse(filter.to) + 1;
  if (filter.year !== undefined) {
    const window = cropYearWindow(filter.year, cropYearStartMonth);
    const start = window.start.getTime();
    const end = window.end.getTime();
    from = from === undefined ? start : Math.max(from, start);
    to = to === undefined ? end : Math.min(to, end);
  }
  return {
    from: from === undefined ? undefined : new Date(from),
    to: to === undefined ? undefined : new Date(to),
  };
}

/** A key naming the range, for caches. */
export function timeRangeKey(range: TimeRange): string {
  return `${range.from?.getTime() ?? ''}..${range.to?.getTime() ?? ''}`;
}

/** Whether an instant (ms) lies in the range. */
export function inTimeRange(range: TimeRange, ms: number): boolean {
  return (
    (range.from === undefined || ms >= range.from.getTime()) &&
    (range.to === undefined || ms < range.to.getTime())
  );
}

function asInstant(value: string): string {
  return DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value;
}

/**
 * The whole UTC months within a range of days ('YYYY-MM-DD', `to` exclusive), and the days at its
 * ends outside them; no months when the range holds none whole.
 * @example splitByMonth({ from: '2025-05-20', to: '2025-08-01' })
 * // { months: { from: '2025-06-01', to: '2025-08-01' }, days: [{ from: '2025-05-20', to: '2025-06-01' }] }
 */
export function splitByMonth(query: { from?: string; to?: string }): {
  months?: { from?: string; to?: string };
  days: { from?: string; to?: string }[];
} {
  const monthOf = (day: string) => `${day.slice(0, 7)}-01`;
  const nextMonth = (day: string) => {
    const date = new Date(`${monthOf(day)}T00:00:00Z`);
    date.setUTCMonth(date.getUTCMonth() + 1);
    return date.toISOString().slice(0, 10);
  };
  const from =
    query.from === undefined || query.from === monthOf(query.from)
      ? query.from
      : nextMonth(query.from);
  const to = query.to === undefined ? undefined : monthOf(query.to);
  if (from !== undefined && to !== undefined && from >= to) {
    return { days: [{ from: query.from, to: query.to }] };
  }
  const days: { from?: string; to?: string }[] = [];
  if (query.from !== from) days.push({ from: query.from, to: from });
  if (query.to !== to) days.push({ from: to, to: query.to });
  return { months: { from, to }, days };
}
