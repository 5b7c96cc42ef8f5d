import { describe, expect, it } from 'vitest';
import { KG_PER_LB } from '../units.ts';
import { classIndexOf, heatmapClasses, weightLimits } from './measure-classes.ts';

describe('heatmapClasses', () => {
  it('classes moisture by the safe baling and heating limits', () => {
    const classes = heatmapClasses('AvgMoisture', [], 'ImperialUS');
    expect(classes.map((c) => [c.min, c.max])).toEqual([
      [null, 12],
      [12, 16],
      [16, 20],
      [20, 25],
      [25, null],
    ]);
  });

  it('classes RFV by the USDA grades, named', () => {
    expect(heatmapClasses('RFV', [], 'MetricSI')).toEqual([
      { min: null, max: 130, name: 'Utility' },
      { min: 130, max: 150, name: 'Fair' },
      { min: 150, max: 170, name: 'Good' },
      { min: 170, max: 185, name: 'Premium' },
      { min: 185, max: null, name: 'Supreme' },
    ]);
  });

  it("spans the field's weights in round steps of the grower's unit", () => {
    expect(weightLimits([480, 520, 610], 'MetricSI')).toEqual([500, 550, 600, 650]);
    // 480–610 kg is 1,058–1,345 lb: 57 lb a class → 100 lb steps from 1,000 lb.
    const pounds = weightLimits([480, 520, 610], 'ImperialUS').map((kg) => kg / KG_PER_LB);
    expect(pounds.map((lb) => Math.round(lb * 1e6) / 1e6)).toEqual([1100, 1200, 1300, 1400]);
    // Nearly equal bales still get classes a step apart.
    expect(weightLimits([500, 501], 'MetricSI')).toEqual([510, 520, 530, 540]);
  });
});

describe('classIndexOf', () => {
  const moisture = heatmapClasses('AvgMoisture', [], 'MetricSI');

  it('puts a value on a limit in the class above, as the map colours it', () => {
    expect(classIndexOf(moisture, 11.9)).toBe(0);
    expect(classIndexOf(moisture, 12)).toBe(1);
    expect(classIndexOf(moisture, 16)).toBe(2);
    expect(classIndexOf(moisture, 24.99)).toBe(3);
    expect(classIndexOf(moisture, 40)).toBe(4);
  });
});
