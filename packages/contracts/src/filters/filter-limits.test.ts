import { describe, expect, it } from 'vitest';
import { filterMeasures, rangeProblems } from './filter-limits.ts';

describe('rangeProblems', () => {
  it('says the limits in the units it is given, as the form does', () => {
    const pounds = { label: 'Weight', unit: 'lb', min: 0, max: 22_046 };
    expect(rangeProblems(pounds, { min: -50, max: 30_000 })).toEqual({
      min: 'Weight must be between 0 and 22,046 lb.',
      max: 'Weight must be between 0 and 22,046 lb.',
    });
    expect(rangeProblems(pounds, { min: 1_000, max: null })).toEqual({});
  });

  it('names the measure of a minimum above its maximum, once its bounds are possible', () => {
    expect(rangeProblems(filterMeasures.ndf, { min: 50, max: 40 })).toEqual({
      min: 'NDF minimum must not be greater than its maximum.',
    });
    expect(rangeProblems(filterMeasures.ndf, { min: 150, max: 40 })).toEqual({
      min: 'NDF must be between 0 and 100 %.',
    });
    expect(rangeProblems(filterMeasures.ndf, { min: null, max: null })).toEqual({});
  });
});
