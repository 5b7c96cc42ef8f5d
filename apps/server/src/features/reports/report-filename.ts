import type { TimeRange } from '../bales/time-range.ts';

const day = (instant: Date) => instant.toISOString().slice(0, 10);

/**
 * The organization's name as a file-name part: ASCII letters and digits joined by hyphens
 * (accents dropped), so every browser and file system takes it as it is.
 * @example fileNamePart('Prés du Lac "Farm"') // 'pres-du-lac-farm'
 */
export function fileNamePart(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return ascii === '' ? 'baletrack' : ascii;
}

/** The first and last days a report covers (UTC, inclusive); undefined for an open end. */
export function reportDays(range: TimeRange): { first?: string; last?: string } {
  return {
    first: range.from && day(range.from),
    // `to` is exclusive: the last day is the one holding the instant before it.
    last: range.to && day(new Date(range.to.getTime() - 1)),
  };
}

/**
 * `<org>-bales-<dates>.csv` (or `.pdf`), the dates being the days the report covers (UTC,
 * inclusive): the top bar's dates or crop year met with the filter's.
 * @example reportFilename('Green Acres', { from: 2025-06-01T00:00Z, to: 2025-07-01T00:00Z })
 *   // 'green-acres-bales-2025-06-01-to-2025-06-30.csv'
 * @example reportFilename('Green Acres', {}, 'pdf') // 'green-acres-bales-all-dates.pdf'
 */
export function reportFilename(
  organizationName: string,
  range: TimeRange,
  extension: 'csv' | 'pdf' = 'csv',
): string {
  const { first, last } = reportDays(range);
  const dates =
    first && last
      ? first === last
        ? first
        : `${first}-to-${last}`
      : first
        ? `from-${first}`
        : last
          ? `to-${last}`
          : 'all-dates';
  return `${fileNamePart(organizationName)}-bales-${dates}.${extension}`;
}
