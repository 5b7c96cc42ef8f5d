import { describe, expect, it } from 'vitest';
import { gradeClasses, majorityGrade, shownGrade } from '@/features/map/utils/grade-colour';
import { mapFeatures } from '@/features/map/utils/map-features';
import { colorExpression, measureScale, NO_VALUE_COLOR } from '@/features/map/utils/measure-scale';
import { displayUnits } from '@/lib/display-units';

// The map's grade colour (docs/product.md#clusters): a cluster shows its bales' most common
// grade; with "Show RFV" off, legume grades (RFV-based) are one class, never a grade.

describe('the grade a cluster is coloured by', () => {
  it('is the most common among its graded bales, whichever table', () => {
    expect(majorityGrade({ 'legume.Premium': 3, 'grass.Good': 5 }, true)).toBe('grass.Good');
    expect(majorityGrade({ 'legume.Supreme': 1, 'legume.Fair': 4, 'grass.Low': 2 }, true)).toBe(
      'legume.Fair',
    );
  });

  it('goes to the lower grade on a tie, so a cluster never looks better than half its hay', () => {
    expect(majorityGrade({ 'legume.Premium': 2, 'legume.Good': 2 }, true)).toBe('legume.Good');
    expect(majorityGrade({ 'grass.Premium': 4, 'grass.Fair': 4 }, true)).toBe('grass.Fair');
  });

  it('is none when no bale is graded', () => {
    expect(majorityGrade({}, true)).toBeUndefined();
  });

  it('with RFV off counts legume bales together, as one class without a grade', () => {
    const counts = { 'legume.Premium': 3, 'legume.Good': 3, 'grass.Good': 5 };
    expect(majorityGrade(counts, true)).toBe('grass.Good');
    expect(majorityGrade(counts, false)).toBe('legume');
    expect(majorityGrade({ 'legume.Supreme': 2, 'grass.Fair': 3 }, false)).toBe('grass.Fair');
    expect(shownGrade('legume.Supreme', false)).toBe('legume');
    expect(shownGrade('grass.Premium', false)).toBe('grass.Premium');
    expect(shownGrade(null, true)).toBeUndefined();
  });
});

describe('the grade classes', () => {
  it('give every grade its own colour, ungraded grey', () => {
    const colours = gradeClasses(true).map((c) => c.color);
    expect(colours).toHaveLength(9);
    expect(new Set([...colours, NO_VALUE_COLOR]).size).toBe(10);
  });

  it('with RFV off list no legume grade', () => {
    const labels = gradeClasses(false).map((c) => c.label);
    expect(labels).toEqual([
      'Legume hay (grade not shown)',
      'Premium (grass)',
      'Good (grass)',
      'Fair (grass)',
      'Low',
    ]);
  });

  it('colour the features by the grade they carry', () => {
    const scale = measureScale('Grade', displayUnits('MetricSI'));
    const expression = colorExpression(scale) as unknown[];
    expect(expression[0]).toBe('match');
    expect(expression.at(-1)).toBe(NO_VALUE_COLOR);
    const supreme = expression.indexOf('legume.Supreme');
    expect(expression[supreme + 1]).toBe(scale.classes[0]?.color);
  });

  it('are carried by clusters (most common), stacks and bales as the organization reads them', () => {
    const features = mapFeatures(
      {
        clusters: [
          {
            id: 1,
            lat: 46,
            lon: -120,
            count: 9,
            avgWeightKg: 500,
            avgMoisture: 14,
            avgRfv: 160,
            avgProtein: 18,
            grades: { 'legume.Good': 4, 'grass.Premium': 3 },
            expansionZoom: 12,
          },
        ],
        stacks: [],
        bales: [
          {
            uid: 'a',
            lat: 46,
            lon: -120,
            weightKg: 500,
            avgMoisture: 14,
            rfv: null,
            protein: 12,
            baleSize: 'FourFeet',
            grade: null,
          },
        ],
        lockedCount: 0,
      },
      false,
    ).features.map((f) => f.properties.grade);
    expect(features).toEqual(['legume', undefined]);
  });
});
