import { z } from 'zod';
import { nameSchema } from '../common/name.ts';
import { messages } from '../errors/messages.ts';

/** The most a crop's removal coefficient may be, in kg of the oxide per tonne of dry matter. */
export const REMOVAL_RATE_MAX = 100;
const outOfRange = messages.fieldCuttingCrop.removalOutOfRange(
  `0 to ${REMOVAL_RATE_MAX} kg per tonne of dry matter`,
);

/**
 * A crop's own removal coefficient in a query: a number from 0 to 100, empty for the published
 * value (null), absent to leave it as it is.
 */
const removalRateQuery = z
  .preprocess(
    (raw) => (typeof raw === 'string' && raw.trim() === '' ? null : raw),
    z.coerce
      .number({ error: outOfRange })
      .min(0, outOfRange)
      .max(REMOVAL_RATE_MAX, outOfRange)
      .nullable(),
  )
  .optional();

/**
 * Query of POST /crops and PUT /crops/{id}: the spec's name, and beyond it the crop's phosphate
 * and potash removal (docs/product.md#beyond-the-spec-yield-per-field).
 */
export const saveCropQuerySchema = z.object({
  name: nameSchema,
  p2o5KgPerTonneDm: removalRateQuery,
  k2oKgPerTonneDm: removalRateQuery,
});
export type SaveCropQuery = z.infer<typeof saveCropQuerySchema>;

/** The rows of the published removal table a crop's name reads as (packages/domain). */
export const removalBases = ['legume', 'pasture', 'cereal'] as const;
export type RemovalBasis = (typeof removalBases)[number];

const removalSchema = z.object({
  p2o5KgPerTonneDm: z.number().min(0),
  k2oKgPerTonneDm: z.number().min(0),
});

export const cropSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The crop's own removal coefficients; null where the published value stands. */
  p2o5KgPerTonneDm: z.number().min(0).nullable(),
  k2oKgPerTonneDm: z.number().min(0).nullable(),
  /** The published row the crop's name reads as, and its coefficients. */
  published: removalSchema.extend({ basis: z.enum(removalBases) }),
});
export type Crop = z.infer<typeof cropSchema>;

/** GET /crops. */
export const cropsResponseSchema = z.object({ crops: z.array(cropSchema) });
export type CropsResponse = z.infer<typeof cropsResponseSchema>;
