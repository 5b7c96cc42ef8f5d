import { z } from 'zod';
import { baleSchema } from './bale.ts';
import {
  appliedFilterSchema,
  baleTimeFilterSchema,
  boundsSchema,
  namedRefSchema,
  queryNumber,
  southNotAboveNorth,
  southNotAboveNorthError,
} from './bale-query.ts';

// The data API's bale reads: one bale, the bales of a view, every bale, pages, years, balers.

/** Query of GET /bale-info/get. */
export const baleInfoQuerySchema = z.object({ uid: z.string().min(1, 'uid is required.') });
export type BaleInfoQuery = z.infer<typeof baleInfoQuerySchema>;

/** GET /bale-info/get: one bale with the names the details panel shows. */
export const baleInfoResponseSchema = z.object({
  bale: baleSchema,
  fields: z.array(namedRefSchema),
  baler: z.object({ id: z.uuid(), name: z.string(), vin: z.string() }),
  /** The stack the bale lies in, if any. */
  stackId: z.uuid().nullable(),
  /** The storage area (geofence) the bale lies in, if any. */
  geofence: namedRefSchema.nullable(),
  /**
   * The cuttings the bale is in (the rule of docs/product.md#cutting-membership), each with its
   * crop; usually one.
   */
  cuttings: z.array(
    namedRefSchema.extend({ year: z.number().int(), crop: namedRefSchema.nullable() }),
  ),
});
export type BaleInfoResponse = z.infer<typeof baleInfoResponseSchema>;

/** The most bales /bales/get and /bales/all return; the rest come through /bales/all-paginated. */
export const BALES_RESPONSE_LIMIT = 5_000;

/** Query of GET /bales/get: the bales in a map view. */
export const balesQuerySchema = boundsSchema
  .extend(baleTimeFilterSchema.shape)
  .extend(appliedFilterSchema.shape)
  .refine(southNotAboveNorth, southNotAboveNorthError);
export type BalesQuery = z.infer<typeof balesQuerySchema>;

/** Query of GET /bales/all: the time filter and an applied filter. */
export const allBalesQuerySchema = baleTimeFilterSchema.extend(appliedFilterSchema.shape);
export type AllBalesQuery = z.infer<typeof allBalesQuerySchema>;

/** GET /bales/get and GET /bales/all (query: `allBalesQuerySchema`). */
export const balesResponseSchema = z.object({
  bales: z.array(baleSchema),
  /** True when more bales matched than BALES_RESPONSE_LIMIT. */
  truncated: z.boolean(),
});
export type BalesResponse = z.infer<typeof balesResponseSchema>;

export const PAGE_SIZE_DEFAULT = 500;
export const PAGE_SIZE_MAX = 1_000;

/** Query of GET /bales/all-paginated; pages follow the bale uid, so they never overlap. */
export const balesPageQuerySchema = baleTimeFilterSchema.extend({
  ...appliedFilterSchema.shape,
  cursor: z.string().max(512).optional(),
  limit: queryNumber
    .int()
    .min(1, `limit must be between 1 and ${PAGE_SIZE_MAX}.`)
    .max(PAGE_SIZE_MAX, `limit must be between 1 and ${PAGE_SIZE_MAX}.`)
    .default(PAGE_SIZE_DEFAULT),
});
export type BalesPageQuery = z.infer<typeof balesPageQuerySchema>;

/** GET /bales/all-paginated. */
export const balesPageResponseSchema = z.object({
  bales: z.array(baleSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type BalesPageResponse = z.infer<typeof balesPageResponseSchema>;

/**
 * GET /available-years: the crop years (settings' start month, UTC days) in which visible bales
 * were made, ascending; `year` in the time filter takes one of them.
 */
export const availableYearsResponseSchema = z.object({ years: z.array(z.number().int()) });
export type AvailableYearsResponse = z.infer<typeof availableYearsResponseSchema>;

/** GET /balers/active-bales (query: `baleTimeFilterSchema`): bales per baler. */
export const balerActiveBalesResponseSchema = z.object({
  balers: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      vin: z.string(),
      active: z.boolean(),
      /** Visible bales. */
      baleCount: z.number().int().min(0),
      /** Bales made in months without an active subscription. */
      lockedCount: z.number().int().min(0),
      lastBaleAt: z.iso.datetime({ offset: true }).nullable(),
    }),
  ),
});
export type BalerActiveBalesResponse = z.infer<typeof balerActiveBalesResponseSchema>;
