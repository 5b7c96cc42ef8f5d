import { emptyFilter } from '@baletrack/contracts/filters/filter';
import { describe, expect, it } from 'vitest';
import {
  filterPredicate,
  filterTimeRange,
  intersectRanges,
  usesCuttings,
} from './filter-predicate.ts';

const at = (iso: string) => new Date(iso);

describe('filterTimeRange', () => {
  it('takes fixed dates as whole UTC days, the end day included', () => {
    expect(
      filterTimeRange({ kind: 'fixed', start: '2025-06-01', end: '2025-06-30' }, new Date()),
    ).toEqual({ from: at('2025-06-01T00:00:00Z'), to: at('2025-07-01T00:00:00Z') });
  });

  it('takes the last N days as today and the N − 1 days before, open-ended', () => {
    const now = at('2025-06-10T15:30:00Z');
    expect(filterTimeRange({ kind: 'lastDays', days: 1 }, now)).toEqual({
      from: at('2025-06-10T00:00:00Z'),
    });
    expect(filterTimeRange({ kind: 'lastDays', days: 7 }, now)).toEqual({
      from: at('2025-06-04T00:00:00Z'),
    });
  });

  it('sets no limit without dates', () => {
    expect(filterTimeRange(null, new Date())).toEqual({});
  });
});

describe('intersectRanges', () => {
  it('keeps the later start and the earlier end; open ends yield to set ones', () => {
    const a = { from: at('2025-01-01T00:00Z'), to: at('2025-12-01T00:00Z') };
    const b = { from: at('2025-06-01T00:00Z') };
    expect(intersectRanges(a, b)).toEqual({ from: b.from, to: a.to });
    expect(intersectRanges({}, {})).toEqual({ from: undefined, to: undefined });
    expect(intersectRanges({ to: a.from }, { to: a.to })).toEqual({ from: undefined, to: a.from });
  });
});

describe('filterPredicate and usesCuttings', () => {
  it('has no condition for a filter that limits nothing but dates', () => {
    const dated = { ...emptyFilter, dateRange: { kind: 'lastDays' as const, days: 3 } };
    expect(filterPredicate(dated)).toBeUndefined();
    expect(usesCuttings(dated)).toBe(false);
  });

  it('has a condition for any bound or choice', () => {
    expect(
      filterPredicate({ ...emptyFilter, ranges: { rfv: { min: 150, max: null } } }),
    ).toBeTypeOf('function');
    expect(filterPredicate({ ...emptyFilter, baleSizes: ['FiveFeet'] })).toBeTypeOf('function');
  });

  it('knows when cuttings decide (so the result cannot be cached by bale version)', () => {
    expect(usesCuttings({ ...emptyFilter, includeCuttingless: false })).toBe(true);
    expect(
      usesCuttings({ ...emptyFilter, cropIds: ['6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f'] }),
    ).toBe(true);
  });
});
