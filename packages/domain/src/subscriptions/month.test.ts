import { describe, expect, it } from 'vitest';
import { addMonths, monthOf, monthStart } from './month.ts';

describe('monthOf', () => {
  it('turns over at midnight UTC on the 1st, whatever the year', () => {
    expect(monthOf(Date.parse('2026-12-31T23:59:59.999Z'))).toBe('2026-12');
    expect(monthOf(Date.parse('2027-01-01T00:00:00.000Z'))).toBe('2027-01');
    expect(monthOf(new Date('2026-02-28T23:59:59.999Z'))).toBe('2026-02');
    expect(monthOf(new Date('2026-03-01T00:00:00Z'))).toBe('2026-03');
  });

  it('reads an offset instant in UTC, not in its local day', () => {
    expect(monthOf(new Date('2026-06-30T20:00:00-06:00'))).toBe('2026-07');
    expect(monthOf(new Date('2026-07-01T08:00:00+10:00'))).toBe('2026-06');
  });
});

describe('monthStart', () => {
  it('gives the 1st at 00:00 UTC', () => {
    expect(monthStart('2026-02')).toEqual(new Date('2026-02-01T00:00:00Z'));
  });

  it('round-trip with monthOf', () => {
    for (const month of ['2024-02', '2026-01', '2026-12', '2099-07']) {
      expect(monthOf(monthStart(month))).toBe(month);
    }
  });

  it('refuses text that is not a month', () => {
    for (const text of ['2026-13', '2026-00', '2026-2', '2026-02-01', '']) {
      expect(() => monthStart(text)).toThrow(RangeError);
    }
  });
});

describe('addMonths', () => {
  it('cross year ends both ways', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-05', 24)).toBe('2028-05');
    expect(addMonths('2026-05', 0)).toBe('2026-05');
  });
});
