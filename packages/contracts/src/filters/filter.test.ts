import { describe, expect, it } from 'vitest';
import { messages } from '../errors/messages.ts';
import { issuesOf, messagesAt } from '../testing/issues-of.ts';
import {
  dateRangeSchema,
  filterAttributes,
  filterDefinitionSchema,
  filterSchema,
  MAX_LAST_DAYS,
  rangeSchema,
  saveFilterRequestSchema,
  uniqueFilterNameSchema,
} from './filter.ts';
import { filterMeasures } from './filter-limits.ts';

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

describe('filter limits', () => {
  const withRanges = (ranges: object) => issuesOf(saveFilterRequestSchema, { ...filter, ranges });

  it('refuses a negative weight and moisture above 100 %, naming the measure at its bound', () => {
    expect(
      withRanges({ weightKg: { min: -23, max: null }, avgMoisture: { min: 150, max: null } }),
    ).toEqual([
      { path: 'ranges.weightKg.min', message: 'Weight must be between 0 and 10,000 kg.' },
      { path: 'ranges.avgMoisture.min', message: 'Average moisture must be between 0 and 100 %.' },
    ]);
  });

  it('bounds every measure by what a bale can have, the limits included', () => {
    const outside = {
      rfv: { min: null, max: 1_001 },
      adf: { min: -1, max: null },
      ndf: { min: null, max: 100.5 },
      protein: { min: null, max: 101 },
      ash: { min: -0.1, max: null },
      sugar: { min: null, max: 120 },
      temperature: { min: -201, max: 201 },
      baleLengthMeters: { min: null, max: 11 },
      cutLengthMM: { min: -5, max: null },
      flakeCount: { min: null, max: 5_000 },
    };
    expect(Object.fromEntries(withRanges(outside).map((i) => [i.path, i.message]))).toEqual({
      'ranges.rfv.max': 'RFV must be between 0 and 1,000.',
      'ranges.adf.min': 'ADF must be between 0 and 100 %.',
      'ranges.ndf.max': 'NDF must be between 0 and 100 %.',
      'ranges.protein.max': 'Protein must be between 0 and 100 %.',
      'ranges.ash.min': 'Ash must be between 0 and 100 %.',
      'ranges.sugar.max': 'NFC must be between 0 and 100 %.',
      'ranges.temperature.min': 'Temperature must be between -200 and 200 °C.',
      'ranges.temperature.max': 'Temperature must be between -200 and 200 °C.',
      'ranges.baleLengthMeters.max': 'Bale length must be between 0 and 10 m.',
      'ranges.cutLengthMM.min': 'Cut length must be between 0 and 1,000 mm.',
      'ranges.flakeCount.max': 'Flakes must be between 0 and 1,000.',
    });
    const edges = Object.fromEntries(
      filterAttributes.map((a) => [a, { min: filterMeasures[a].min, max: filterMeasures[a].max }]),
    );
    expect(withRanges(edges)).toEqual([]);
  });

  it('names the measure when its minimum is above its maximum', () => {
    expect(withRanges({ peakMoisture: { min: 30, max: 20 } })).toEqual([
      {
        path: 'ranges.peakMoisture.min',
        message: 'Peak moisture minimum must not be greater than its maximum.',
      },
    ]);
  });

  it('still reads a filter stored before its limits were bounded', () => {
    const { name: _, ...stored } = { ...filter, ranges: { avgMoisture: { min: 150, max: null } } };
    expect(filterDefinitionSchema.parse(stored).ranges).toEqual({
      avgMoisture: { min: 150, max: null },
    });
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
