import { describe, expect, it } from 'vitest';
import { displayUnits } from '@/lib/display-units';
import { yieldClasses, yieldClassLabels, yieldClassOf } from './yield-classes';

// The yield map's colours: what a grower reads off the map is which class a field's dry matter
// per area falls in, and the legend's round figures in their own unit.

const fields = [5_000, 7_000, 9_000]; // kg of dry matter per hectare
const classOf = (values: number[], system: Parameters<typeof yieldClasses>[1]) => {
  const classes = yieldClasses(values, system);
  return values.map((value) => yieldClassOf(classes, value));
};

describe('yieldClasses', () => {
  it('spans the fields in five round steps, lightest to darkest, worst field lightest', () => {
    const classes = yieldClasses(fields, 'MetricSI');
    expect(yieldClassLabels(classes, displayUnits('MetricSI'))).toEqual([
      'under 6 t/ha',
      '6–7 t/ha',
      '7–8 t/ha',
      '8–9 t/ha',
      '9 t/ha and over',
    ]);
    expect(classOf(fields, 'MetricSI')).toEqual([0, 2, 4]);
    expect(new Set(classes.map((c) => c.color)).size).toBe(5);
  });

  it('puts a field on a limit in the class above it, as the legend reads', () => {
    const classes = yieldClasses(fields, 'MetricSI');
    expect(yieldClassOf(classes, 8_000)).toBe(3);
    expect(yieldClassOf(classes, 7_999)).toBe(2);
  });

  it('has no classes without a field with hay', () => {
    expect(yieldClasses([], 'ImperialUS')).toEqual([]);
  });

  it('gives one field the middle class, in tenths of the unit around it', () => {
    const classes = yieldClasses([6_300], 'MetricSI');
    expect(yieldClassOf(classes, 6_300)).toBe(2);
    expect(yieldClassLabels(classes, displayUnits('MetricSI'))).toEqual([
      'under 6.2 t/ha',
      '6.2–6.3 t/ha',
      '6.3–6.4 t/ha',
      '6.4–6.5 t/ha',
      '6.5 t/ha and over',
    ]);
  });

  it('gives fields that yielded the same the same middle class', () => {
    expect(classOf([4_100, 4_100, 4_100], 'ImperialUS')).toEqual([2, 2, 2]);
  });

  it('rounds the limits in tons per acre for Imperial US and long tons for Imperial UK', () => {
    // 5, 7 and 9 t/ha are 2.23, 3.12 and 4.01 tons/ac, or 1.99, 2.79 and 3.58 long tons/ac.
    expect(
      yieldClassLabels(yieldClasses(fields, 'ImperialUS'), displayUnits('ImperialUS')),
    ).toEqual([
      'under 2.5 tons/ac',
      '2.5–3 tons/ac',
      '3–3.5 tons/ac',
      '3.5–4 tons/ac',
      '4 tons/ac and over',
    ]);
    expect(classOf(fields, 'ImperialUS')).toEqual([0, 2, 4]);
    expect(
      yieldClassLabels(yieldClasses(fields, 'ImperialUK'), displayUnits('ImperialUK'))[1],
    ).toBe('2–2.5 long tons/ac');
    expect(classOf(fields, 'ImperialUK')).toEqual([0, 2, 4]);
  });
});
