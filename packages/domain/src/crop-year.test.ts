import { describe, expect, it } from 'vitest';
import { cropYearDays, cropYearOf, cropYearWindow, cuttingLabel } from './crop-year.ts';

describe('cropYearWindow', () => {
  it('is the calendar year when the crop year starts in January', () => {
    expect(cropYearWindow(2026, 1)).toEqual({
      start: new Date('2026-01-01T00:00:00Z'),
      end: new Date('2027-01-01T00:00:00Z'),
    });
  });

  it('starts on the 1st of the start month of its own year and runs twelve months', () => {
    expect(cropYearWindow(2026, 4)).toEqual({
      start: new Date('2026-04-01T00:00:00Z'),
      end: new Date('2027-04-01T00:00:00Z'),
    });
    expect(cropYearWindow(2025, 12)).toEqual({
      start: new Date('2025-12-01T00:00:00Z'),
      end: new Date('2026-12-01T00:00:00Z'),
    });
  });
});

describe('cropYearOf', () => {
  it('puts instants before the start month in the previous crop year', () => {
    expect(cropYearOf(Date.parse('2027-03-31T23:59:59.999Z'), 4)).toBe(2026);
    expect(cropYearOf(Date.parse('2027-04-01T00:00:00Z'), 4)).toBe(2027);
    expect(cropYearOf(new Date('2026-01-01T00:00:00Z'), 1)).toBe(2026);
    expect(cropYearOf(new Date('2025-12-31T23:59:59Z'), 1)).toBe(2025);
    expect(cropYearOf(new Date('2026-11-30T12:00:00Z'), 12)).toBe(2025);
    expect(cropYearOf(new Date('2026-12-01T00:00:00Z'), 12)).toBe(2026);
  });

  it('agrees with cropYearWindow for every start month, at both edges', () => {
    for (let month = 1; month <= 12; month += 1) {
      const { start, end } = cropYearWindow(2030, month);
      expect(cropYearOf(start, month)).toBe(2030);
      expect(cropYearOf(end.getTime() - 1, month)).toBe(2030);
      expect(cropYearOf(end, month)).toBe(2031);
      expect(cropYearOf(start.getTime() - 1, month)).toBe(2029);
    }
  });
});

describe('cropYearDays', () => {
  it('names the first and last day, inclusive', () => {
    expect(cropYearDays(2026, 4)).toEqual({ first: '2026-04-01', last: '2027-03-31' });
    expect(cropYearDays(2024, 3)).toEqual({ first: '2024-03-01', last: '2025-02-28' });
    expect(cropYearDays(2023, 3)).toEqual({ first: '2023-03-01', last: '2024-02-29' });
    expect(cropYearDays(2026, 1)).toEqual({ first: '2026-01-01', last: '2026-12-31' });
  });
});

describe('cuttingLabel', () => {
  it('adds the crop year only when the name does not already say it', () => {
    expect(cuttingLabel('1st cutting', 2025)).toBe('1st cutting (2025)');
    expect(cuttingLabel('2025 Alfalfa 1st cutting', 2025)).toBe('2025 Alfalfa 1st cutting');
    expect(cuttingLabel('Alfalfa 2nd, 2025', 2025)).toBe('Alfalfa 2nd, 2025');
    // Another year, or the digits inside a longer number, are not the crop year.
    expect(cuttingLabel('2024 Alfalfa regrowth', 2025)).toBe('2024 Alfalfa regrowth (2025)');
    expect(cuttingLabel('Lot 120251', 2025)).toBe('Lot 120251 (2025)');
  });
});
