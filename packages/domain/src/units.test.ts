import { MEASUREMENT_SYSTEMS } from '@baletrack/contracts/constants';
import { describe, expect, it } from 'vitest';
import {
  formatFeetAndInches,
  formatMeasure,
  fromDisplayValue,
  type Quantity,
  toDisplayValue,
  unitOf,
} from './units.ts';

const quantities: Quantity[] = [
  'weight',
  'tonnage',
  'length',
  'dimension',
  'cutLength',
  'area',
  'yield',
  'nutrientRate',
  'nutrientPerTon',
  'temperature',
];

describe('unitOf', () => {
  it('shows each system in the units docs/product.md#settings-and-units lists', () => {
    const symbols = (system: (typeof MEASUREMENT_SYSTEMS)[number]) =>
      quantities.map((q) => unitOf(q, system).symbol);
    expect(symbols('MetricSI')).toEqual([
      'kg',
      't',
      'm',
      'm',
      'mm',
      'ha',
      't/ha',
      'kg/ha',
      'kg/t DM',
      '°C',
    ]);
    expect(symbols('ImperialUK')).toEqual([
      'lb',
      'long tons',
      'ft',
      'ft',
      'in',
      'ac',
      'long tons/ac',
      'lb/ac',
      'lb/long ton DM',
      '°C',
    ]);
    expect(symbols('ImperialUS')).toEqual([
      'lb',
      'tons',
      'ft',
      'ft',
      'in',
      'ac',
      'tons/ac',
      'lb/ac',
      'lb/ton DM',
      '°F',
    ]);
  });
});

describe('toDisplayValue and fromDisplayValue', () => {
  it('convert with the exact definitions', () => {
    expect(toDisplayValue(0.45359237, 'weight', 'ImperialUS')).toBeCloseTo(1, 12);
    expect(toDisplayValue(1016.0469088, 'tonnage', 'ImperialUK')).toBeCloseTo(1, 12);
    expect(toDisplayValue(907.18474, 'tonnage', 'ImperialUS')).toBeCloseTo(1, 12);
    expect(toDisplayValue(1000, 'tonnage', 'MetricSI')).toBe(1);
    expect(toDisplayValue(0.3048, 'length', 'ImperialUK')).toBeCloseTo(1, 12);
    expect(toDisplayValue(25.4, 'cutLength', 'ImperialUS')).toBeCloseTo(1, 12);
    expect(toDisplayValue(0.40468564224, 'area', 'ImperialUS')).toBeCloseTo(1, 12);
    // A short ton on an acre: 907.18474 kg on 0.40468564224 ha.
    expect(toDisplayValue(907.18474 / 0.40468564224, 'yield', 'ImperialUS')).toBeCloseTo(1, 12);
    expect(toDisplayValue(4500, 'yield', 'MetricSI')).toBe(4.5);
    // A pound on an acre: 0.45359237 kg on 0.40468564224 ha.
    expect(toDisplayValue(0.45359237 / 0.40468564224, 'nutrientRate', 'ImperialUK')).toBeCloseTo(
      1,
      12,
    );
    // A pound in a short ton is half a kilogram in a tonne; in a long ton, 1000/2240 kg.
    expect(toDisplayValue(0.5, 'nutrientPerTon', 'ImperialUS')).toBeCloseTo(1, 12);
    expect(toDisplayValue(1000 / 2240, 'nutrientPerTon', 'ImperialUK')).toBeCloseTo(1, 12);
    expect(toDisplayValue(100, 'temperature', 'ImperialUS')).toBeCloseTo(212, 12);
    expect(toDisplayValue(-40, 'temperature', 'ImperialUS')).toBeCloseTo(-40, 12);
    expect(toDisplayValue(20, 'temperature', 'ImperialUK')).toBe(20);
  });

  it('round-trip every quantity in every system', () => {
    for (const system of MEASUREMENT_SYSTEMS) {
      for (const quantity of quantities) {
        const shown = toDisplayValue(123.456, quantity, system);
        expect(fromDisplayValue(shown, quantity, system)).toBeCloseTo(123.456, 9);
      }
    }
  });
});

describe('formatMeasure', () => {
  it('formats with the unit and sensible digits', () => {
    expect(formatMeasure(500, 'weight', 'MetricSI')).toBe('500 kg');
    expect(formatMeasure(500, 'weight', 'ImperialUS')).toBe('1,102 lb');
    expect(formatMeasure(12_345, 'tonnage', 'MetricSI')).toBe('12.35 t');
    expect(formatMeasure(12_345, 'tonnage', 'ImperialUS')).toBe('13.61 tons');
    expect(formatMeasure(12_345, 'tonnage', 'ImperialUK')).toBe('12.15 long tons');
    expect(formatMeasure(40.5, 'area', 'ImperialUS')).toBe('100.1 ac');
    expect(formatMeasure(20, 'temperature', 'ImperialUS', { digits: 0 })).toBe('68 °F');
    expect(formatMeasure(44, 'cutLength', 'ImperialUK')).toBe('1.7 in');
    expect(formatMeasure(2.4, 'dimension', 'MetricSI')).toBe('2.4 m');
    expect(formatMeasure(2.4, 'dimension', 'ImperialUK')).toBe('7 ft 10 in');
    expect(formatMeasure(100, 'length', 'ImperialUS')).toBe('328.1 ft');
  });
});

describe('formatFeetAndInches', () => {
  it('rounds to the inch and carries into feet', () => {
    expect(formatFeetAndInches(1.5)).toBe('4 ft 11 in');
    expect(formatFeetAndInches(0.9144)).toBe('3 ft');
    expect(formatFeetAndInches(0.2)).toBe('8 in');
    expect(formatFeetAndInches(0.3045)).toBe('1 ft');
  });
});
