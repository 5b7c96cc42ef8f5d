/**
 * The crop year the yield map opens on: the top bar's year when it shows one, else the newest
 * year with bales (as Yield per Field opens), else the current crop year.
 * @example yieldMapYear(undefined, [2024, 2025], 2026) // 2025
 * @example yieldMapYear(2024, [2024, 2025], 2026) // 2024
 */
export function yieldMapYear(
  topBarYear: number | undefined,
  yearsWithBales: readonly number[] | undefined,
  currentYear: number,
): number {
  if (topBarYear !== undefined) return topBarYear;
  return yearsWithBales && yearsWithBales.length > 0 ? Math.max(...yearsWithBales) : currentYear;
}
