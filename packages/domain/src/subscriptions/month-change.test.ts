import { describe, expect, it } from 'vitest';
import { checkMonthChange } from './month-change.ts';

const may10 = Date.parse('2026-05-10T12:00:00Z');

describe('checkMonthChange: apply', () => {
  it('schedules a later month of the grid', () => {
    expect(checkMonthChange(may10, 1, '2026-06', false, 'apply', false)).toEqual({
      ok: true,
      effect: 'schedule',
    });
    expect(checkMonthChange(may10, 1, '2026-12', false, 'apply', false)).toEqual({
      ok: true,
      effect: 'schedule',
    });
  });

  it('activates the current month only when confirmed', () => {
    expect(checkMonthChange(may10, 1, '2026-05', false, 'apply', false)).toEqual({
      ok: false,
      reason: 'needs-confirmation',
    });
    expect(checkMonthChange(may10, 1, '2026-05', false, 'apply', true)).toEqual({
      ok: true,
      effect: 'activate',
    });
  });

  it('activates a month that is over, back to the previous crop year, only when confirmed', () => {
    // A grower who subscribes late sees the season's bales made before.
    expect(checkMonthChange(may10, 1, '2026-04', false, 'apply', false)).toEqual({
      ok: false,
      reason: 'needs-confirmation',
    });
    expect(checkMonthChange(may10, 1, '2026-04', false, 'apply', true)).toEqual({
      ok: true,
      effect: 'activate',
    });
    expect(checkMonthChange(may10, 1, '2025-01', false, 'apply', true)).toEqual({
      ok: true,
      effect: 'activate',
    });
  });

  it("follows the organization's crop year back to its previous start", () => {
    expect(checkMonthChange(may10, 9, '2024-09', false, 'apply', true)).toEqual({
      ok: true,
      effect: 'activate',
    });
    expect(checkMonthChange(may10, 9, '2024-08', false, 'apply', true)).toEqual({
      ok: false,
      reason: 'past-month',
    });
  });

  it('refuses a month too long past, a month with a credit and a month beyond the grid', () => {
    const reason = (month: string, credited: boolean) => {
      const check = checkMonthChange(may10, 1, month, credited, 'apply', true);
      return check.ok ? check.effect : check.reason;
    };
    expect(reason('2024-12', false)).toBe('past-month');
    expect(reason('2020-06', true)).toBe('past-month');
    expect(reason('2026-04', true)).toBe('already-applied');
    expect(reason('2026-05', true)).toBe('already-applied');
    expect(reason('2026-07', true)).toBe('already-applied');
    expect(reason('2027-01', false)).toBe('beyond-grid');
  });

  it('opens next year on 1 December UTC, not a millisecond before', () => {
    const lastOfNovember = Date.parse('2026-11-30T23:59:59.999Z');
    const firstOfDecember = Date.parse('2026-12-01T00:00:00Z');
    expect(checkMonthChange(lastOfNovember, 1, '2027-01', false, 'apply', false)).toEqual({
      ok: false,
      reason: 'beyond-grid',
    });
    expect(checkMonthChange(firstOfDecember, 1, '2027-01', false, 'apply', false)).toEqual({
      ok: true,
      effect: 'schedule',
    });
    expect(checkMonthChange(firstOfDecember, 1, '2028-01', false, 'apply', false)).toEqual({
      ok: false,
      reason: 'beyond-grid',
    });
  });

  it('lets the year before last go on 1 January at 00:00 UTC', () => {
    const lastMoment = Date.parse('2026-12-31T23:59:59.999Z');
    const newYear = Date.parse('2027-01-01T00:00:00Z');
    expect(checkMonthChange(lastMoment, 1, '2025-12', false, 'apply', true)).toEqual({
      ok: true,
      effect: 'activate',
    });
    expect(checkMonthChange(newYear, 1, '2025-12', false, 'apply', true)).toEqual({
      ok: false,
      reason: 'past-month',
    });
    expect(checkMonthChange(newYear, 1, '2026-12', false, 'apply', true)).toEqual({
      ok: true,
      effect: 'activate',
    });
    expect(checkMonthChange(newYear, 1, '2027-01', false, 'apply', false)).toEqual({
      ok: false,
      reason: 'needs-confirmation',
    });
  });
});

describe('checkMonthChange: remove', () => {
  it('refunds a scheduled month', () => {
    expect(checkMonthChange(may10, 1, '2026-06', true, 'remove', false)).toEqual({
      ok: true,
      effect: 'refund',
    });
  });

  it('keeps active months, the current one even when confirmed', () => {
    for (const month of ['2026-05', '2026-02']) {
      expect(checkMonthChange(may10, 1, month, true, 'remove', true)).toEqual({
        ok: false,
        reason: 'active-month',
      });
    }
  });

  it('has nothing to take back from a month without a credit', () => {
    for (const month of ['2026-04', '2026-05', '2026-06']) {
      expect(checkMonthChange(may10, 1, month, false, 'remove', false)).toEqual({
        ok: false,
        reason: 'not-applied',
      });
    }
  });

  it('cannot refund a scheduled month once it has begun', () => {
    const lastMoment = Date.parse('2026-06-30T23:59:59.999Z');
    expect(checkMonthChange(lastMoment, 1, '2026-07', true, 'remove', false)).toEqual({
      ok: true,
      effect: 'refund',
    });
    expect(checkMonthChange(lastMoment + 1, 1, '2026-07', true, 'remove', false)).toEqual({
      ok: false,
      reason: 'active-month',
    });
  });
});
