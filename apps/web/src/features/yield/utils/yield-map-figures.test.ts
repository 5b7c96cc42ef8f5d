import type { FieldYieldRow } from '@baletrack/contracts/yield/yield';
import { describe, expect, it } from 'vitest';
import { dryMatterPerArea } from './yield-map-figures';
import { yieldMapYear } from './yield-map-year';

// What the yield map colours a field by, and the year it opens on.

const figures = (bales: number, dryMatterKgPerHectare: number | null) => ({
  bales,
  weightKg: bales * 600,
  dryMatterKg: bales * 500,
  weightKgPerHectare: dryMatterKgPerHectare === null ? null : dryMatterKgPerHectare * 1.2,
  dryMatterKgPerHectare,
  nitrogenKg: null,
  nitrogenKgPerHectare: null,
});
const first = '00000000-0000-4000-8000-000000000011';
const second = '00000000-0000-4000-8000-000000000012';
// Only the figures the map reads; the contract may carry more.
const row = {
  fieldId: '00000000-0000-4000-8000-000000000001',
  name: 'Home Pivot',
  areaHectares: 40,
  year: figures(80, 9_000),
  previousYear: figures(70, 8_000),
  changePercent: 12.5,
  rank: 1,
  cuttings: [
    {
      cuttingId: first,
      name: '1st cutting',
      ...figures(80, 9_000),
      previous: null,
      changePercent: null,
    },
    {
      cuttingId: second,
      name: '2nd cutting',
      ...figures(0, 0),
      previous: null,
      changePercent: null,
    },
  ],
} as FieldYieldRow;

describe('dryMatterPerArea', () => {
  it("reads the field's whole year, or the cutting chosen", () => {
    expect(dryMatterPerArea(row, undefined)).toBe(9_000);
    expect(dryMatterPerArea(row, first)).toBe(9_000);
  });

  it('has no figure for a cutting without bales, or one the field was not in', () => {
    expect(dryMatterPerArea(row, second)).toBeNull();
    expect(dryMatterPerArea(row, '00000000-0000-4000-8000-000000000099')).toBeNull();
    const bare = { ...row, year: { ...row.year, bales: 0, dryMatterKgPerHectare: 0 } };
    expect(dryMatterPerArea(bare, undefined)).toBeNull();
  });
});

describe('yieldMapYear', () => {
  it("opens on the top bar's year, else the newest with bales, else the current one", () => {
    expect(yieldMapYear(2024, [2024, 2025], 2026)).toBe(2024);
    expect(yieldMapYear(undefined, [2025, 2024], 2026)).toBe(2025);
    expect(yieldMapYear(undefined, [], 2026)).toBe(2026);
    expect(yieldMapYear(undefined, undefined, 2026)).toBe(2026);
  });
});
