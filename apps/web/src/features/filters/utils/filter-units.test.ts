import { MEASUREMENT_SYSTEMS } from '@baletrack/contracts/constants';
import { emptyFilter, saveFilterRequestSchema } from '@baletrack/contracts/filters/filter';
import { filterMeasures } from '@baletrack/contracts/filters/filter-limits';
import { describe, expect, it } from 'vitest';
import {
  attributeInfo,
  displayMeasure,
  limitSymbol,
  limitToDisplay,
  limitToSI,
  parseLimit,
  rangeToTexts,
} from '@/features/filters/utils/filter-units';
import { displayUnits } from '@/lib/display-units';

const info = (attribute: string) => {
  const found = attributeInfo.find((a) => a.attribute === attribute);
  if (!found) throw new Error(attribute);
  return found;
};
const us = displayUnits('ImperialUS');
const metric = displayUnits('MetricSI');

describe('filter limits in the organization units', () => {
  it('covers every numeric attribute once', () => {
    expect(new Set(attributeInfo.map((a) => a.attribute)).size).toBe(15);
  });

  it('stores pounds as kilograms and shows them back as typed', () => {
    const weight = info('weightKg');
    expect(limitToSI(1000, weight, us)).toBeCloseTo(453.59237, 6);
    expect(limitToDisplay(limitToSI(1000, weight, us), weight, us)).toBe(1000);
    expect(limitToSI(500, weight, metric)).toBe(500);
    expect(limitSymbol(weight, us)).toBe('lb');
  });

  it('converts temperatures, lengths and cut lengths; leaves percentages and counts alone', () => {
    expect(limitToSI(100, info('temperature'), us)).toBeCloseTo(37.7778, 3);
    expect(limitToSI(8, info('baleLengthMeters'), us)).toBeCloseTo(2.4384, 6);
    expect(limitToSI(1.5, info('cutLengthMM'), us)).toBeCloseTo(38.1, 6);
    expect(limitToSI(16, info('avgMoisture'), us)).toBe(16);
    expect(limitToSI(34, info('flakeCount'), us)).toBe(34);
    expect(limitSymbol(info('avgMoisture'), us)).toBe('%');
    expect(limitSymbol(info('rfv'), us)).toBe('');
  });

  it('reads typed limits, with thousands separators; empty is no limit', () => {
    expect(parseLimit(' 1,000 ')).toBe(1000);
    expect(parseLimit('')).toBeNull();
    expect(parseLimit('-3.5')).toBe(-3.5);
    expect(parseLimit('12abc')).toBeNaN();
  });

  it('turns a stored range into the texts of its boxes', () => {
    expect(rangeToTexts({ min: 453.59237, max: null }, info('weightKg'), us)).toEqual({
      min: '1000',
      max: '',
    });
  });
});

describe('filter limits bounded in the organization units', () => {
  it('shows the limits in the units the boxes are typed in, rounded inwards', () => {
    expect(displayMeasure(info('weightKg'), us)).toEqual({
      label: 'Weight',
      unit: 'lb',
      min: 0,
      max: 22_046,
    });
    expect(displayMeasure(info('temperature'), us)).toMatchObject({ min: -328, max: 392 });
    expect(displayMeasure(info('baleLengthMeters'), us)).toMatchObject({ unit: 'ft', max: 32.8 });
    expect(displayMeasure(info('cutLengthMM'), us)).toMatchObject({ unit: 'in', max: 39.3 });
    expect(displayMeasure(info('weightKg'), metric)).toEqual(filterMeasures.weightKg);
    expect(displayMeasure(info('avgMoisture'), us)).toEqual(filterMeasures.avgMoisture);
  });

  it('accepts on the server every limit the form accepts, in each measurement system', () => {
    for (const system of MEASUREMENT_SYSTEMS) {
      const units = displayUnits(system);
      const ranges = Object.fromEntries(
        attributeInfo.map((a) => {
          const shown = displayMeasure(a, units);
          return [
            a.attribute,
            { min: limitToSI(shown.min, a, units), max: limitToSI(shown.max, a, units) },
          ];
        }),
      );
      const parsed = saveFilterRequestSchema.safeParse({ ...emptyFilter, name: 'Edges', ranges });
      expect(parsed.error?.issues, system).toBeUndefined();
    }
  });
});
