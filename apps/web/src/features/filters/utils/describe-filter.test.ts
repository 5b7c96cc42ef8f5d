import { emptyFilter, type Filter } from '@baletrack/contracts/filters/filter';
import { describe, expect, it } from 'vitest';
import { describeFilter } from '@/features/filters/utils/describe-filter';
import { displayUnits } from '@/lib/display-units';

const id = '0b9a4c4e-3f7e-4a52-9d43-0c6a1f2b3c4d';
const base: Filter = { ...emptyFilter, id, name: 'F' };

describe('describeFilter', () => {
  it('says "All bales" for a filter without limits', () => {
    expect(describeFilter(base, displayUnits('MetricSI'))).toBe('All bales');
  });

  it('counts the chosen fields, cuttings, crops and balers and names the sizes', () => {
    const filter: Filter = {
      ...base,
      ranges: { weightKg: { min: 453.59237, max: null } },
      fieldIds: [id, id],
      cuttingIds: [id],
      balerIds: [id],
      baleSizes: ['FiveFeet'],
      includeCuttingless: false,
    };
    expect(describeFilter(filter, displayUnits('ImperialUS'))).toBe(
      'Weight ≥ 1,000 lb · 5ft · 2 fields · 1 cutting · 1 baler · only bales in a cutting',
    );
  });

  it('names the chosen quality grades', () => {
    const filter: Filter = { ...base, grades: ['legume.Supreme', 'grass.Good'] };
    expect(describeFilter(filter, displayUnits('MetricSI'))).toBe('Supreme, Good (grass)');
  });
});
