import { z } from 'zod';
import { nameSchema } from '../common/name.ts';
import { messages } from '../errors/messages.ts';

/** Numeric bale attributes a filter can bound with a min and a max. */
export const filterAttributes = [
  'weightKg',
  'dryMassKg',
  'avgMoisture',
  'peakMoisture',
  'protein',
  'ash',
  'sugar',
  'rfv',
  'adf',
  'ndf',
  'temperature',
  'baleLengthMeters',
  'cutLengthMM',
  'flakeCount',
] as const;
export type FilterAttribute = (typeof filterAttributes)[number];

/** Either bound may be left open. */
export const rangeSchema = z
  .object({ min: z.number().nullable(), max: z.number().nullable() })
  .refine((range) => range.min === null || range.max === null || range.min <= range.max, {
    error: messages.validation.minAboveMax,
    path: ['min'],
  });
export type Range = z.infer<typeof rangeSchema>;

const isoDate = z.iso.date({ error: messages.validation.dateInvalid });

/** A rolling window of the last N days, or fixed dates (inclusive). */
export const dateRangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('lastDays'), days: z.number().int().min(1) }),
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

/** A name that none of `existingNames` already uses (spec §5). */
export function uniqueFilterNameSchema(existingNames: readonly string[]) {
  const taken = new Set(existingNames.map(filterNameKey));
  return nameSchema.refine((name) => !taken.has(filterNameKey(name)), {
    error: messages.filter.nameExists,
  });
}

const filterBody = {
  name: nameSchema,
  ranges: z.partialRecord(z.enum(filterAttributes), rangeSchema),
  /** Null: no date limit beyond the top bar's date range or crop year. */
  dateRange: dateRangeSchema.nullable(),
  includeCuttingless: z.boolean(),
  // Empty lists mean "all"; product.md adds these to the spec's filter.
  fieldIds: z.array(z.uuid()),
  cuttingIds: z.array(z.uuid()),
  cropIds: z.array(z.uuid()),
  balerIds: z.array(z.uuid()),
};

/** POST /filters/create and PUT /filters/{id}. */
export const saveFilterRequestSchema = z.object(filterBody);
export type SaveFilterRequest = z.infer<typeof saveFilterRequestSchema>;

/** One element of GET /filters/get. */
export const filterSchema = z.object({ id: z.uuid(), ...filterBody });
export type Filter = z.infer<typeof filterSchema>;
