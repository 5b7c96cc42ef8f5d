import type { FieldYieldRow } from '@baletrack/contracts/yield/yield';

/**
 * What the yield map colours a field by: its dry matter per hectare in the whole crop year, or
 * in one cutting; null when it has no hay there (or no area to divide by), drawn as "no hay".
 * @example dryMatterPerArea(row, undefined) // row.year.dryMatterKgPerHectare, e.g. 9_400
 */
export function dryMatterPerArea(row: FieldYieldRow, cuttingId: string | undefined): number | null {
  const figures =
    cuttingId === undefined ? row.year : row.cuttings.find((c) => c.cuttingId === cuttingId);
  if (!figures || !(figures.bales > 0)) return null;
  return figures.dryMatterKgPerHectare;
}
