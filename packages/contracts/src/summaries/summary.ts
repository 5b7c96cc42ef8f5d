import { z } from 'zod';
import { appliedFilterSchema, baleTimeFilterSchema } from '../bales/bale-query.ts';

/** USDA AMS grades of legume (alfalfa) hay, best first (docs/product.md#quality-grades). */
export const alfalfaGrades = ['Supreme', 'Premium', 'Good', 'Fair', 'Utility'] as const;
export type AlfalfaGrade = (typeof alfalfaGrades)[number];

/** Grades of grass hay by crude protein, best first. */
export const grassGrades = ['Premium', 'Good', 'Fair', 'Low'] as const;
export type GrassGrade = (typeof grassGrades)[number];

/**
 * Query of GET /bales/summary and /bales/summary/active: the top bar's dates or year and,
 * optionally, a saved filter (its dates intersect the top bar's).
 */
export const baleSummaryQuerySchema = baleTimeFilterSchema.extend(appliedFilterSchema.shape);
export type BaleSummaryQuery = z.infer<typeof baleSummaryQuerySchema>;

/** What /bales/summarygroupby can group by. */
export const summaryGroupings = [
  'field',
  'cutting',
  'crop',
  'baler',
  'day',
  'size',
  'grade',
] as const;
export type SummaryGrouping = (typeof summaryGroupings)[number];

/** Query of GET /bales/summarygroupby. */
export const baleSummaryGroupByQuerySchema = baleSummaryQuerySchema.extend({
  by: z.enum(summaryGroupings, {
    error: `by must be one of ${summaryGroupings.join(', ')}.`,
  }),
});
export type BaleSummaryGroupByQuery = z.infer<typeof baleSummaryGroupByQuerySchema>;

const count = z.number().int().min(0);
/** Null when no bale of the selection reported the value. */
const average = z.number().nullable();

const gradeCounts = <T extends readonly [string, ...string[]]>(grades: T) =>
  z.object(Object.fromEntries(grades.map((g) => [g, count])) as Record<T[number], typeof count>);

/**
 * Bales per quality grade. The table follows the crop of the bale's cutting (legumes by RFV,
 * else CP; grass by CP — packages/domain quality-grade); a bale in no cutting with a crop, or
 * without the values its table needs, is `ungraded`.
 */
export const gradeDistributionSchema = z.object({
  legume: gradeCounts(alfalfaGrades),
  grass: gradeCounts(grassGrades),
  ungraded: count,
});
export type GradeDistribution = z.infer<typeof gradeDistributionSchema>;

/** Key figures of a set of bales; SI units, percentages on a dry-matter basis. */
export const baleSummarySchema = z.object({
  count,
  totalWeightKg: z.number().min(0),
  totalDryMassKg: z.number().min(0),
  averages: z.object({
    weightKg: average,
    avgMoisture: average,
    peakMoisture: average,
    rfv: average,
    adf: average,
    ndf: average,
    protein: average,
    ash: average,
    /** Shown to users as NFC. */
    sugar: average,
  }),
  /** The highest peak moisture of any bale. */
  maxPeakMoisture: average,
  grades: gradeDistributionSchema,
  /**
   * Bales whose average moisture is above the top of their safe baling band (domain moisture:
   * by shape; with preservative applied, the preservative band; wrapped, the baleage band).
   */
  aboveSafeMoistureCount: count,
});
export type BaleSummary = z.infer<typeof baleSummarySchema>;

/** GET /bales/summary and /bales/summary/active. */
export const baleSummaryResponseSchema = z.object({ summary: baleSummarySchema });
export type BaleSummaryResponse = z.infer<typeof baleSummaryResponseSchema>;

/**
 * One group of /bales/summarygroupby. `key` is null for the bales that have none: "Without a
 * field", "Without a cutting", "Without a crop". A bale in two fields (or two cuttings) counts
 * in both groups, so group counts can add up to more than the bales selected.
 */
export const baleSummaryGroupSchema = baleSummarySchema.extend({
  /**
   * Field, cutting, crop or baler id; the day as YYYY-MM-DD (UTC); the size value; the grade
   * ('legume.Supreme' … 'grass.Low', contracts inventory/hay-grade).
   */
  key: z.string().nullable(),
  /** What users see: the name, the day, or the size label. */
  name: z.string(),
});
export type BaleSummaryGroup = z.infer<typeof baleSummaryGroupSchema>;

/** GET /bales/summarygroupby: groups by name (days in date order). */
export const baleSummaryGroupByResponseSchema = z.object({
  by: z.enum(summaryGroupings),
  groups: z.array(baleSummaryGroupSchema),
});
export type BaleSummaryGroupByResponse = z.infer<typeof baleSummaryGroupByResponseSchema>;

/** Names of the groups of bales that have no field, cutting or crop. */
export const summaryGroupLabels = {
  withoutField: 'Without a field',
  withoutCutting: 'Without a cutting',
  withoutCrop: 'Without a crop',
  ungraded: 'Ungraded',
} as const;
