import { describe, expect, it } from 'vitest';
import { monthToRenew } from './renewal.ts';

const since = new Date('2026-03-15T09:00:00Z');

describe('monthToRenew', () => {
  it('renews the month that just began, from its first millisecond', () => {
    expect(monthToRenew(Date.parse('2027-01-01T00:00:00Z'), new Set(), since)).toBe('2027-01');
    expect(monthToRenew(Date.parse('2026-12-31T23:59:59.999Z'), new Set(), since)).toBe('2026-12');
  });

  it('still renews when the sweep runs late in the month', () => {
    expect(monthToRenew(Date.parse('2026-05-20T00:00:00Z'), new Set(), since)).toBe('2026-05');
  });

  it('skips a month that already has a credit (applied or scheduled by hand)', () => {
    expect(monthToRenew(Date.parse('2026-05-01T00:00:00Z'), new Set(['2026-05']), since)).toBe(
      null,
    );
  });

  it('waits for the next month when switched on after the month began', () => {
    expect(monthToRenew(Date.parse('2026-03-20T00:00:00Z'), new Set(), since)).toBe(null);
    expect(monthToRenew(Date.parse('2026-04-01T00:00:00Z'), new Set(), since)).toBe('2026-04');
    const atStart = new Date('2026-04-01T00:00:00Z');
    expect(monthToRenew(Date.parse('2026-04-01T00:00:00Z'), new Set(), atStart)).toBe('2026-04');
  });

  it('renews nothing with auto-renew off', () => {
    expect(monthToRenew(Date.parse('2026-05-01T00:00:00Z'), new Set(), null)).toBe(null);
  });
});
