import { describe, expect, it } from 'vitest';
import { messages } from '../errors/messages.ts';
import { issuesOf, messagesAt } from '../testing/issues-of.ts';
import {
  dateRangeSchema,
  filterSchema,
  MAX_LAST_DAYS,
  rangeSchema,
  saveFilterRequestSchema,
  uniqueFilterNameSchema,
} from './filter.ts';

const filter = {
  name: 'Dairy quality',
  ranges: { rfv: { min: 150, max: null }, avgMoisture: { min: null, max: 16 } },
  dateRange: { kind: 'lastDays', days: 30 },
  includeCuttingless: false,
  fieldIds: [],
  cuttingIds: [],
  cropIds: ['6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f'],
  balerIds: [],
  baleSizes: ['ThreeXFour'],
};

describe('saveFilterRequestSchema', () => {
  it('accepts ranges, a rolling window and the cuttingless choice', () => {
    expect(saveFilterRequestSchema.parse(filter)).toEqual(filter);
  });

  it('accepts fixed dates or no date limit', () => {
    const fixed = {
      ...filter,
      dateRange: { kind: 'fixed', start: '2025-05-01', end: '2025-09-30' },
    };
    expect(saveFilterRequestSchema.parse(fixed)).toEqual(fixed);
    expect(saveFilterRequestSchema.parse({ ...filter, dateRange: null }).dateRange).toBeNull();
  });

  it('rejects a range on an attribute bales do not have', () => {
    const bad = { ...filter, ranges: { colour: { min: 1, max: 2 } } };
    expect(saveFilterRequestSchema.safeParse(bad).success).toBe(false);
  });

  it('bounds bale diameter too, and leaves sizes out as "all sizes"', () => {
    const round = { ...filter, ranges: { baleDiameterMeters: { min: 1.4, max: 1.6 } } };
    expect(saveFilterRequestSchema.parse(round).ranges).toEqual(round.ranges);
    const { baleSizes: _, ...withoutSizes } = filter;
    expect(saveFilterRequestSchema.parse(withoutSizes).baleSizes).toEqual([]);
  });

  it('refuses unknown keys and sizes the spec does not name', () => {
    expect(saveFilterRequestSchema.safeParse({ ...filter, colour: 'green' }).success).toBe(false);
    expect(saveFilterRequestSchema.safeParse({ ...filter, baleSizes: ['6x6'] }).success).toBe(
      false,
    );
  });

  it('needs a name', () => {
    expect(issuesOf(saveFilterRequestSchema, { ...filter, name: ' ' })).toEqual([
      { path: 'name', message: messages.validation.nameRequired },
    ]);
  });

  it('gives the saved filter an id', () => {
    const id = '0b9a4c4e-3f7e-4a52-9d43-0c6a1f2b3c4d';
    expect(filterSchema.parse({ ...filter, id }).id).toBe(id);
  });
});

describe('rangeSchema', () => {
  it('rejects a minimum above the maximum', () => {
    expect(rangeSchema.parse({ min: 5, max: 5 })).toEqual({ min: 5, max: 5 });
    expect(issuesOf(rangeSchema, { min: 6, max: 5 })).toEqual([
      { path: 'min', message: messages.validation.minAboveMax },
    ]);
  });
});

describe('dateRangeSchema', () => {
  it('rejects an end before the start', () => {
    expect(
      issuesOf(dateRangeSchema, { kind: 'fixed', start: '2025-06-02', end: '2025-06-01' }),
    ).toEqual([{ path: 'end', message: messages.validation.endBeforeStart }]);
  });

  it('rejects zero, fractional or absurd day counts and malformed dates', () => {
    for (const days of [0, 1.5, MAX_LAST_DAYS + 1]) {
      expect(dateRangeSchema.safeParse({ kind: 'lastDays', days }).success).toBe(false);
    }
    expect(dateRangeSchema.parse({ kind: 'lastDays', days: MAX_LAST_DAYS }).kind).toBe('lastDays');
    expect(
      messagesAt(dateRangeSchema, { kind: 'fixed', start: '6/1/2025', end: '2025-06-02' }, 'start'),
    ).toEqual([messages.validation.dateInvalid]);
  });
});

describe('uniqueFilterNameSchema', () => {
  const name = uniqueFilterNameSchema(['Dairy quality', 'Wet bales']);

  it('accepts a new name', () => {
    expect(name.parse('Horse hay')).toBe('Horse hay');
  });

  it("says 'A filter with this name already exists.' regardless of case and spaces", () => {
    for (const taken of ['Wet bales', ' wet BALES ']) {
      expect(messagesAt(name, taken, '')).toEqual(['A filter with this name already exists.']);
    }
  });
});
