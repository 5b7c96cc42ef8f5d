import { describe, expect, it } from 'vitest';
import { belowGrade, type LoadBaleFigures, loadTotals, safeMaxMoisture } from './load-checks.ts';

const bale = (over: Partial<LoadBaleFigures>): LoadBaleFigures => ({
  weightKg: 500,
  dryMassKg: 430,
  avgMoisture: 14,
  rfv: null,
  protein: null,
  grade: null,
  value: null,
  wet: false,
  belowGrade: false,
  ...over,
});

describe('a load bale against the safe moisture band', () => {
  it('reads the band of its shape and way of baling', () => {
    const dry = { appliedPreservativeKg: null, bindingMode: 'Twine' } as const;
    expect(safeMaxMoisture({ baleSize: 'ThreeXFour', ...dry })).toBe(16);
    expect(safeMaxMoisture({ baleSize: 'FiveFeet', ...dry })).toBe(18);
    expect(
      safeMaxMoisture({ baleSize: 'ThreeXFour', appliedPreservativeKg: 2, bindingMode: 'Twine' }),
    ).toBe(30);
    expect(
      safeMaxMoisture({ baleSize: 'FiveFeet', appliedPreservativeKg: null, bindingMode: 'Film' }),
    ).toBe(65);
  });
});

describe('a bale against the grade a buyer asked for', () => {
  it('is below when worse on the same table', () => {
    expect(belowGrade('legume.Good', 'legume.Premium')).toBe(true);
    expect(belowGrade('legume.Premium', 'legume.Premium')).toBe(false);
    expect(belowGrade('legume.Supreme', 'legume.Premium')).toBe(false);
    expect(belowGrade('grass.Low', 'grass.Good')).toBe(true);
  });

  it('is below when ungraded or graded on the other table, never without an ask', () => {
    expect(belowGrade(null, 'legume.Fair')).toBe(true);
    expect(belowGrade('grass.Premium', 'legume.Utility')).toBe(true);
    expect(belowGrade('legume.Supreme', 'grass.Low')).toBe(true);
    expect(belowGrade(null, null)).toBe(false);
    expect(belowGrade('legume.Utility', null)).toBe(false);
  });
});

describe('a load’s totals', () => {
  it('weigh moisture by weight and average nutrition over the bales reporting it', () => {
    const totals = loadTotals([
      bale({ weightKg: 400, dryMassKg: 352, avgMoisture: 12, rfv: 180, protein: 20 }),
      bale({ weightKg: 600, dryMassKg: 498, avgMoisture: 17, rfv: null, protein: 17 }),
    ]);
    expect(totals).toMatchObject({
      baleCount: 2,
      weightKg: 1000,
      dryMassKg: 850,
      avgMoisture: 15,
      avgRfv: 180,
      avgProtein: 18.5,
    });
  });

  it('value the priced bales and count the rest unpriced', () => {
    const totals = loadTotals([
      bale({ value: 100.004 }),
      bale({ value: 50.2 }),
      bale({ value: null }),
    ]);
    expect(totals.value).toBe(150.2);
    expect(totals.unpricedCount).toBe(1);
    expect(loadTotals([bale({})]).value).toBeNull();
  });

  it('count warnings and list grades best first, ungraded last', () => {
    const totals = loadTotals([
      bale({ grade: null, wet: true }),
      bale({ grade: 'grass.Good', belowGrade: true }),
      bale({ grade: 'legume.Fair', weightKg: 300 }),
      bale({ grade: 'legume.Supreme', wet: true }),
      bale({ grade: 'legume.Fair', weightKg: 200 }),
    ]);
    expect(totals.wetCount).toBe(2);
    expect(totals.belowGradeCount).toBe(1);
    expect(totals.grades).toEqual([
      { grade: 'legume.Supreme', baleCount: 1, weightKg: 500 },
      { grade: 'legume.Fair', baleCount: 2, weightKg: 500 },
      { grade: 'grass.Good', baleCount: 1, weightKg: 500 },
      { grade: null, baleCount: 1, weightKg: 500 },
    ]);
  });

  it('are empty figures for an empty load', () => {
    expect(loadTotals([])).toMatchObject({
      baleCount: 0,
      avgMoisture: null,
      avgRfv: null,
      grades: [],
    });
  });
});
