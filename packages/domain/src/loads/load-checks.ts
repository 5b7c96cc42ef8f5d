// What a load's page, ticket and buyer's page say of its bales (docs/product.md#beyond-the-spec-loads):
// the safe-moisture and grade warnings per bale, and the load's totals.
import { type BaleSize, baleShapeBySize, type TagMaterial } from '@baletrack/contracts/bales/bale';
import { type HayGrade, hayGrades } from '@baletrack/contracts/inventory/hay-grade';
import { balingMethod } from '../heat-risk/heat-risk.ts';
import { safeBalingBand } from '../moisture.ts';

/** The top of a bale's safe moisture band for its shape and way of baling. */
export function safeMaxMoisture(bale: {
  baleSize: BaleSize;
  appliedPreservativeKg: number | null;
  bindingMode: TagMaterial;
}): number {
  return safeBalingBand(baleShapeBySize[bale.baleSize], balingMethod(bale)).max;
}

/**
 * Whether a bale falls short of the grade a buyer asked for: ungraded, graded on the other table
 * (grass hay for a legume order, or the reverse), or a worse grade of the same table.
 * @example belowGrade('legume.Good', 'legume.Premium') // true
 * @example belowGrade('legume.Supreme', 'legume.Premium') // false
 * @example belowGrade('grass.Premium', 'legume.Fair') // true
 */
export function belowGrade(grade: HayGrade | null, minGrade: HayGrade | null): boolean {
  if (minGrade === null) return false;
  if (grade === null || grade.split('.')[0] !== minGrade.split('.')[0]) return true;
  return hayGrades.indexOf(grade) > hayGrades.indexOf(minGrade);
}

/** What the totals read of a load's bale. */
export interface LoadBaleFigures {
  weightKg: number;
  dryMassKg: number;
  avgMoisture: number;
  rfv: number | null;
  protein: number | null;
  grade: HayGrade | null;
  value: number | null;
  wet: boolean;
  belowGrade: boolean;
}

export interface LoadTotals {
  baleCount: number;
  weightKg: number;
  dryMassKg: number;
  avgMoisture: number | null;
  avgRfv: number | null;
  avgProtein: number | null;
  value: number | null;
  unpricedCount: number;
  wetCount: number;
  belowGradeCount: number;
  grades: { grade: HayGrade | null; baleCount: number; weightKg: number }[];
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
const mean = (values: number[]) =>
  values.length === 0 ? null : round(values.reduce((a, b) => a + b, 0) / values.length, 1);

/**
 * A load's totals: count, weight and dry matter; moisture weighted by weight (the load's water
 * over its hay); RFV and protein averaged over the bales reporting them; value to the cent, null
 * when no bale is priced; bales per grade, best first, ungraded last.
 * @example loadTotals([{ weightKg: 400, avgMoisture: 12, … }, { weightKg: 600, avgMoisture: 17, … }]).avgMoisture // 15
 */
export function loadTotals(bales: readonly LoadBaleFigures[]): LoadTotals {
  let weightKg = 0;
  let dryMassKg = 0;
  let water = 0;
  let value = 0;
  let priced = 0;
  const grades = new Map<HayGrade | null, { baleCount: number; weightKg: number }>();
  for (const bale of bales) {
    weightKg += bale.weightKg;
    dryMassKg += bale.dryMassKg;
    water += bale.weightKg * bale.avgMoisture;
    if (bale.value !== null) {
      value += bale.value;
      priced += 1;
    }
    const held = grades.get(bale.grade) ?? { baleCount: 0, weightKg: 0 };
    held.baleCount += 1;
    held.weightKg += bale.weightKg;
    grades.set(bale.grade, held);
  }
  const order = (grade: HayGrade | null) =>
    grade === null ? hayGrades.length : hayGrades.indexOf(grade);
  return {
    baleCount: bales.length,
    weightKg,
    dryMassKg,
    avgMoisture: weightKg > 0 ? round(water / weightKg, 1) : null,
    avgRfv: mean(bales.flatMap((b) => (b.rfv === null ? [] : [b.rfv]))),
    avgProtein: mean(bales.flatMap((b) => (b.protein === null ? [] : [b.protein]))),
    value: priced === 0 ? null : round(value, 2),
    unpricedCount: bales.length - priced,
    wetCount: bales.filter((b) => b.wet).length,
    belowGradeCount: bales.filter((b) => b.belowGrade).length,
    grades: [...grades]
      .sort(([a], [b]) => order(a) - order(b))
      .map(([grade, held]) => ({ grade, ...held })),
  };
}
