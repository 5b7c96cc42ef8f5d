import { describe, expect, it } from 'vitest';
import { cropYearHint, cropYearOption, cropYearTitle } from '@/features/map/utils/crop-year-label';

describe('naming the crop year', () => {
  it('keeps calendar years plain when the crop year starts in January', () => {
    expect(cropYearOption(2026, 1)).toBe('2026');
    expect(cropYearTitle(2026, 1)).toBe('2026');
    expect(cropYearHint(2026, 1)).toBe('Bales made in that year');
  });

  it('names the months and days of a crop year starting later', () => {
    expect(cropYearOption(2026, 4)).toBe('2026 (Apr 2026 – Mar 2027)');
    expect(cropYearOption(2025, 12)).toBe('2025 (Dec 2025 – Nov 2026)');
    expect(cropYearTitle(2026, 4)).toBe('Crop year 2026');
    expect(cropYearHint(2026, 4)).toBe('Bales made 4/1/2026 – 3/31/2027');
    expect(cropYearHint(undefined, 4)).toBe('Crop years start in April');
  });
});
