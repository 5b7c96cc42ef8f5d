import { z } from 'zod';
import { alfalfaGrades, grassGrades } from '../summaries/summary.ts';

/**
 * A bale's or stack's quality grade with its table: 'legume.Supreme' … 'legume.Utility' (legumes
 * and legume-grass mixes, by RFV or RFQ) and 'grass.Premium' … 'grass.Low' (grass hay, by crude
 * protein), best first within each table (docs/product.md#quality-grades). The same keys the
 * summaries count grades by; filters, prices and group-by-grade use them too.
 */
export const hayGrades = [
  ...alfalfaGrades.map((g) => `legume.${g}` as const),
  ...grassGrades.map((g) => `grass.${g}` as const),
] as const;
export type HayGrade = (typeof hayGrades)[number];

export const hayGradeSchema = z.enum(hayGrades as unknown as [HayGrade, ...HayGrade[]], {
  error: `grade must be one of ${hayGrades.join(', ')}.`,
});

/** What a grade was decided by: RFV, RFQ, or crude protein (grass, or a legume with no RFV). */
export const gradeBases = ['rfv', 'rfq', 'protein'] as const;
export type GradeBasis = (typeof gradeBases)[number];
