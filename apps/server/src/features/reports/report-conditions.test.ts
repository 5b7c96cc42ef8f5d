import { emptyFilter } from '@baletrack/contracts/filters/filter';
import { describe, expect, it } from 'vitest';
import { filterInWords } from './report-conditions.ts';

const { name: _, ...none } = emptyFilter;
const reference = {
  fields: [{ id: 'f1', name: 'North 40' }],
  cuttings: [
    {
      id: 'c1',
      name: '1st cutting',
      year: 2025,
      startDate: '2025-06-01',
      endDate: '2025-06-05',
      cropId: null,
      fieldIds: [],
    },
  ],
  crops: [{ id: 'k1', name: 'Alfalfa' }],
  balers: [],
};

describe('filterInWords', () => {
  it('says "Every bale" for a filter without conditions', () => {
    expect(filterInWords(none, reference, 'MetricSI')).toEqual(['Every bale']);
  });

  it('writes bounds in the units asked, names looked up, deleted ones said so', () => {
    const lines = filterInWords(
      {
        ...none,
        ranges: {
          weightKg: { min: 453.59237, max: null },
          avgMoisture: { min: null, max: 16 },
          rfv: { min: 150, max: 185 },
        },
        dateRange: { kind: 'lastDays', days: 30 },
        includeCuttingless: false,
        fieldIds: ['f1'],
        cuttingIds: ['c1'],
        balerIds: ['gone'],
        baleSizes: ['FourXFour', 'FiveFeet'],
      },
      reference,
      'ImperialUS',
    );
    expect(lines).toEqual([
      'Weight at least 1,000 lb',
      'Average moisture at most 16 %',
      'RFV 150 to 185',
      'Made in the last 30 days',
      'Fields: North 40',
      'Cuttings: 1st cutting (2025)',
      'Balers: (deleted)',
      'Bale sizes: 4x4, 5ft',
      'Only bales in a cutting',
    ]);
  });
});
