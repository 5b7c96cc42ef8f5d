// The organization's crop year (settings: crop-year start month). Crop year N starts on the 1st
// of the start month of calendar year N and runs twelve months, so with April a grower's "2026"
// is 2026-04-01 up to 2027-03-31, and with January it is the calendar year. Days are UTC, like
// every date range of the product, so server and browser agree whatever the browser's zone.

/** Half-open instant range [start, end) in UTC. */
export interface CropYearWindow {
  start: Date;
  end: Date;
}

/**
 * The instants of crop year `year` for a crop year starting in `startMonth` (1 = January).
 * @example cropYearWindow(2026, 4) // { start: 2026-04-01T00:00Z, end: 2027-04-01T00:00Z }
 * @example cropYearWindow(2026, 1) // { start: 2026-01-01T00:00Z, end: 2027-01-01T00:00Z }
 */
export function cropYearWindow(year: number, startMonth: number): CropYearWindow {
  return {
    start: new Date(Date.UTC(year, startMonth - 1, 1)),
    end: new Date(Date.UTC(year + 1, startMonth - 1, 1)),
  };
}

/**
 * The crop year an instant belongs to: its UTC calendar year, one less before the start month.
 * @example cropYearOf(Date.parse('2027-03-31T23:59Z'), 4) // 2026
 * @example cropYearOf(Date.parse('2027-04-01T00:00Z'), 4) // 2027
 */
export function cropYearOf(instant: Date | number, startMonth: number): number {
  const at = new Date(instant);
  const year = at.getUTCFullYear();
  return at.getUTCMonth() + 1 < startMonth ? year - 1 : year;
}

/**
 * The first and last day (inclusive, 'YYYY-MM-DD') of a crop year, for showing it.
 * @example cropYearDays(2026, 4) // { first: '2026-04-01', last: '2027-03-31' }
 */
export function cropYearDays(year: number, startMonth: number): { first: string; last: string } {
  const { start, end } = cropYearWindow(year, startMonth);
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return { first: day(start), last: day(new Date(end.getTime() - 86_400_000)) };
}

/**
 * A cutting as people read it: its name with its crop year, unless the name already says the
 * year (growers often name cuttings "2025 Alfalfa 1st cutting").
 * @example cuttingLabel('1st cutting', 2025) // '1st cutting (2025)'
 * @example cuttingLabel('2025 Alfalfa 1st cutting', 2025) // '2025 Alfalfa 1st cutting'
 */
export function cuttingLabel(name: string, year: number): string {
  return new RegExp(`(^|\\D)${year}(\\D|$)`).test(name) ? name : `${name} (${year})`;
}
