import { describe, expect, it } from 'vitest';
import { stackNutrition } from '@/features/bales/utils/stack-nutrition';

const bale = (protein: number | null, adf: number | null) => ({
  protein,
  adf,
  ndf: null,
  sugar: 10,
  ash: 9,
});

describe('stackNutrition', () => {
  it('averages each value over the bales that reported it', () => {
    const rows = stackNutrition([bale(18, 30), bale(20, null), bale(null, 34)]);
    expect(rows).toEqual([
      { label: 'Average protein', value: 19 },
      { label: 'Average ADF', value: 32 },
      { label: 'Average NDF', value: null },
      { label: 'Average NFC', value: 10 },
      { label: 'Average ash', value: 9 },
    ]);
    expect(rows.map((row) => row.label).join()).not.toMatch(/RFV/);
  });
});
