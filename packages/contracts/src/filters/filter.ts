import { z } from 'zod';
import { baleSizes } from '../bales/bale.ts';
import { nameSchema } from '../common/name.ts';
import { messages } from '../errors/messages.ts';
import { hayGradeSchema } from '../inventory/hay-grade.ts';
import { filterAttributes, filterMeasures, rangeProblems } from './filter-limits.ts';

export { type FilterAttribute, filterAttributes } from './filter-limits.ts';

const bound = z.number({ error: 'Enter a number.' }).finite().nullable();
const bounds = z.object({ min: bound, max: bound });

/** Either bound may be left open. A filter as stored: saved before its limits were bounded. */
export const rangeSchema = bounds.refine(
  (range) => range.min === null || range.max === null || range.min <= range.max,
  { error: messages.validation.minAboveMax, path: ['min'] },
);
export type Range = z.infer<typeof rangeSchema>;

/** A filter's ranges as saved: each within what its measure can be (filterMeasures). */
const savedRangesSchema = z
  .partialRecord(z.enum(filterAttributes), bounds)
  .superRefine((ranges, ctx) => {
    for (const attribute of filterAttributes) {
      const range = ranges[attribute];
      if (!range) continue;
      for (const [side, message] of Object.entries(rangeProblems(filterMeasures[attribute], range)))
        ctx.addIssue({ code: 'custom', message, path: [attribute, side] });
    }
  });

const isoDate = z.iso.date({ error: messages.validation.dateInvalid });

/** Ten years: far beyond any season, small enough to stay a date. */
export const MAX_LAST_DAYS = 3_660;
const LAST_DAYS_MESSAGE = `Enter a number of days between 1 and ${MAX_LAST_DAYS}.`;

/** A rolling window of the last N days, or fixed dates (inclusive). */
export const dateRangeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('lastDays'),
    days: z
      .number({ error: LAST_DAYS_MESSAGE })
      .int(LAST_DAYS_MESSAGE)
      .min(1, LAST_DAYS_MESSAGE)
      .max(MAX_LAST_DAYS, LAST_DAYS_MESSAGE),
  }),
  z
    .object({ kind: z.literal('fixed'), start: isoDate, end: isoDate })
    .refine((range) => range.start <= range.end, {
      error: messages.validation.endBeforeStart,
      path: ['end'],
    }),
]);
export type DateRange = z.infer<typeof dateRangeSchema>;

/** Filter names compare without case or surrounding spaces, so 'Wet' and 'wet ' clash. */
export function filterNameKey(name: string): string {
  return name.trim().toLowerCase();
}

/** A name that none of `existingNames` already uses (docs/product.md#validation-rules). */
export function uniqueFilterNameSchema(existingNames: readonly string[]) {
  const taken = new Set(existingNames.map(filterNameKey));
  return nameSchema.refine((name) => !taken.has(filterNameKey(name)), {
    error: messages.filter.nameExists,
  });
}

const filterBody = {
  name: nameSchema,
  // Strict: a range on an attribute bales do not have is refused, never silently dropped.
  ranges: z.partialRecord(z.enum(filterAttributes), rangeSchema),
  /** Null: no date limit beyond the top bar's date range or crop year. */
  dateRange: dateRangeSchema.nullable(),
  includeCuttingless: z.boolean(),
  // Empty lists mean "all"; docs/product.md#filters adds these to the spec's filter.
  fieldIds: z.array(z.uuid()),
  cuttingIds: z.array(z.uuid()),
  cropIds: z.array(z.uuid()),
  balerIds: z.array(z.uuid()),
  baleSizes: z.array(z.enum(baleSizes)).default([]),
  /**
   * Quality grades (docs/product.md#quality-grades); an ungraded bale is in none. Optional:
   * filters saved before grades existed have none.
   */
  grades: z.array(hayGradeSchema).optional(),
};

/**
 * POST /filters/create and PUT /filters/{id}. Unknown keys are refused (a typo is no filter), and
 * so are limits no bale can have.
 */
export const saveFilterRequestSchema = z.strictObject({ ...filterBody, ranges: savedRangesSchema });
export type SaveFilterRequest = z.infer<typeof saveFilterRequestSchema>;
export type SaveFilterInput = z.input<typeof saveFilterRequestSchema>;

/**
 * What a filter selects, without its name: stored as one JSON value. Read as stored, so a filter
 * saved with impossible limits still loads, and is corrected when next saved.
 */
export const filterDefinitionSchema = z.strictObject(filterBody).omit({ name: true });
export type FilterDefinition = z.infer<typeof filterDefinitionSchema>;

/** One element of GET /filters/get. */
export const filterSchema = z.object({ id: z.uuid(), ...filterBody });
export type Filter = z.infer<typeof filterSchema>;

/** GET /filters/get: the organization's filters by name. */
export const filtersResponseSchema = z.object({ filters: z.array(filterSchema) });
export type FiltersResponse = z.infer<typeof filtersResponseSchema>;

/** A filter with no limits at all: the starting point of a new one. */
export const emptyFilter: SaveFilterRequest = {
  name: '',
  ranges: {},
  dateRange: null,
  includeCuttingless: true,
  fieldIds: [],
  cuttingIds: [],
  cropIds: [],
  balerIds: [],
  baleSizes: [],
  grades: [],
};
