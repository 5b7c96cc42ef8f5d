import { z } from 'zod';
import { cuttingsQuerySchema } from '../cuttings/cutting.ts';

/** GET /yield and /yield/csv: one crop year, as GET /cuttings asks for one. */
export const fieldYieldQuerySchema = cuttingsQuerySchema;
export type FieldYieldQuery = z.infer<typeof fieldYieldQuerySchema>;

/** Hay of a field in total and per hectare (null where the field has no area); SI units. */
const harvestFiguresSchema = z.object({
  /** Bales by their share: a bale lying in two fields counts half in each. */
  bales: z.number().min(0),
  weightKg: z.number().min(0),
  dryMatterKg: z.number().min(0),
  weightKgPerHectare: z.number().min(0).nullable(),
  dryMatterKgPerHectare: z.number().min(0).nullable(),
  /** Nitrogen the hay took off (its crude protein / 6.25); null when no bale reported protein. */
  nitrogenKg: z.number().min(0).nullable(),
  nitrogenKgPerHectare: z.number().min(0).nullable(),
  /** Dry matter of cuttings with a crop, which phosphate and potash are counted from. */
  cropDryMatterKg: z.number().min(0),
  /** Phosphate (P2O5) and potash (K2O) taken off at the crops' rates; null without a crop. */
  p2o5Kg: z.number().min(0).nullable(),
  p2o5KgPerHectare: z.number().min(0).nullable(),
  k2oKg: z.number().min(0).nullable(),
  k2oKgPerHectare: z.number().min(0).nullable(),
});

export type HarvestFigures = z.infer<typeof harvestFiguresSchema>;

const cuttingYieldSchema = harvestFiguresSchema.extend({
  /** Null for the field's hay outside every cutting of the year. */
  cuttingId: z.uuid().nullable(),
  name: z.string().nullable(),
  /** The field's cutting in the same place of the year before. */
  previous: harvestFiguresSchema.nullable(),
  /** Dry matter per hectare against `previous`, in %. */
  changePercent: z.number().nullable(),
});

export const fieldYieldSchema = z.object({
  fieldId: z.uuid(),
  name: z.string(),
  areaHectares: z.number().min(0),
  year: harvestFiguresSchema,
  previousYear: harvestFiguresSchema,
  changePercent: z.number().nullable(),
  /** 1 for the most dry matter per hectare; null without hay or area this year. */
  rank: z.number().int().min(1).nullable(),
  cuttings: z.array(cuttingYieldSchema),
});
export type FieldYieldRow = z.infer<typeof fieldYieldSchema>;

export const fieldYieldResponseSchema = z.object({
  year: z.number().int(),
  /** Ranked best first; fields without hay this year last, by name. */
  fields: z.array(fieldYieldSchema),
  /** The year's visible bales lying in no field: in no field's yield. */
  outsideFields: z.object({
    bales: z.number().int().min(0),
    weightKg: z.number().min(0),
    dryMatterKg: z.number().min(0),
  }),
});
export type FieldYieldResponse = z.infer<typeof fieldYieldResponseSchema>;
