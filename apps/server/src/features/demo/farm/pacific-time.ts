// Farm-local time for the demo. The hay season (May–October) lies wholly in Pacific daylight
// time, so a fixed UTC−7 offset is exact for every bale and keeps the generator free of
// time-zone data.
export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
export const PACIFIC_OFFSET_MS = -7 * HOUR_MS;

/**
 * Pacific hour of day (fractional) of a UTC instant.
 * @example pacificHour(Date.UTC(2026, 5, 1, 16, 30)) // 9.5
 */
export function pacificHour(utcMs: number): number {
  return ((((utcMs + PACIFIC_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS;
}

/**
 * The UTC instant of `hour` o'clock Pacific on the Pacific day of `utcMs`.
 * @example new Date(atPacificHour(Date.UTC(2026, 5, 1, 20), 7)).toISOString() // '2026-06-01T14:00:00.000Z'
 */
export function atPacificHour(utcMs: number, hour: number): number {
  const localDay = Math.floor((utcMs + PACIFIC_OFFSET_MS) / DAY_MS) * DAY_MS;
  return localDay + hour * HOUR_MS - PACIFIC_OFFSET_MS;
}

/**
 * The Pacific calendar date of a UTC instant, 'YYYY-MM-DD'.
 * @example pacificDate(Date.UTC(2026, 5, 2, 3)) // '2026-06-01'
 */
export function pacificDate(utcMs: number): string {
  return new Date(utcMs + PACIFIC_OFFSET_MS).toISOString().slice(0, 10);
}
