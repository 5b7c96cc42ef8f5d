import { z } from 'zod';
import { messages } from '../errors/messages.ts';
import { fieldSchema } from '../fields/field.ts';
import { boundarySchema } from '../geo/boundary.ts';
import { baleSchema, baleSizes } from './bale.ts';

// Query strings arrive as text: numbers are coerced.
const queryNumber = z.coerce.number({ error: 'Must be a number.' });

const latitude = queryNumber
  .min(-90, messages.validation.latitudeOutOfRange)
  .max(90, messages.validation.latitudeOutOfRange);
const longitude = queryNumber
  .min(-180, messages.validation.longitudeOutOfRange)
  .max(180, messages.validation.longitudeOutOfRange);

/** A date ('2025-06-01') or a date-time with offset; a bare `to` date includes that whole day. */
const dateOrDateTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: messages.validation.dateInvalid,
});

/** Upper and lower limits of the map's zoom levels (MapLibre's). */
export const MIN_ZOOM = 0;
export const MAX_ZOOM = 24;

/**
 * Narrows bales by when they were made (UTC): the top bar's date range (`from`/`to`, inclusive)
 * and year, the organization's crop year (settings' start month; see domain `crop-year`). All
 * optional; together they intersect.
 */
export const baleTimeFilterSchema = z.object({
  from: dateOrDateTime.optional(),
  to: dateOrDateTime.optional(),
  year: z.coerce
    .number({ error: messages.fieldCuttingCrop.yearInvalid })
    .int(messages.fieldCuttingCrop.yearInvalid)
    .min(2000, messages.fieldCuttingCrop.yearInvalid)
    .max(2100, messages.fieldCuttingCrop.yearInvalid)
    .optional(),
});
export type BaleTimeFilter = z.infer<typeof baleTimeFilterSchema>;

/**
 * A saved filter to apply (GET /filters/get); it narrows bales further within the time filter.
 * Accepted by every bale read: /clusters/get, /cluster-tree/get, /bales/get, /bales/all,
 * /bales/all-paginated, /stacks/get, /stack-info/get, /bales-stacks and the summaries.
 */
export const appliedFilterSchema = z.object({
  filterId: z.uuid({ error: 'filterId must be a filter id.' }).optional(),
});

/** The visible part of the map: a box in degrees. `west` > `east` crosses the antimeridian. */
export const boundsSchema = z.object({
  west: longitude,
  south: latitude,
  east: longitude,
  north: latitude,
});
export type Bounds = z.infer<typeof boundsSchema>;

const southNotAboveNorth = <T extends { south: number; north: number }>(view: T) =>
  view.south <= view.north;
const southNotAboveNorthError = { error: 'South must not be above north.', path: ['south'] };

/** Query of GET /clusters/get, /stacks/get, /bales/get and /bales-stacks: a map view. */
export const mapViewQuerySchema = boundsSchema
  .extend({
    zoom: queryNumber
      .min(MIN_ZOOM, `Zoom must be between ${MIN_ZOOM} and ${MAX_ZOOM}.`)
      .max(MAX_ZOOM, `Zoom must be between ${MIN_ZOOM} and ${MAX_ZOOM}.`),
  })
  .extend(baleTimeFilterSchema.shape)
  .extend(appliedFilterSchema.shape)
  .refine(southNotAboveNorth, southNotAboveNorthError);
export type MapViewQuery = z.infer<typeof mapViewQuerySchema>;

/** A cluster of bales (stacks count with all their bales); averages are per bale. */
export const mapClusterSchema = z.object({
  /** Valid with /cluster-tree/get while the organization's bales do not change. */
  id: z.number().int(),
  lat: z.number(),
  lon: z.number(),
  /** Bales in the cluster. */
  count: z.number().int().min(1),
  avgWeightKg: z.number(),
  avgMoisture: z.number(),
  /** Null when no bale of the cluster reported ADF and NDF. */
  avgRfv: z.number().nullable(),
  /** Zoom at which the cluster splits apart. */
  expansionZoom: z.number().int(),
});
export type MapCluster = z.infer<typeof mapClusterSchema>;

/** A bale lying on its own (not in a stack), as the map draws it. */
export const mapBaleSchema = z.object({
  uid: z.string(),
  lat: z.number(),
  lon: z.number(),
  weightKg: z.number(),
  avgMoisture: z.number(),
  rfv: z.number().nullable(),
  baleSize: z.enum(baleSizes),
});
export type MapBale = z.infer<typeof mapBaleSchema>;

/**
 * Bales moved from where they were made that now lie together (product.md). The id is stable
 * while the stack stays where it is.
 */
export const stackSchema = z.object({
  id: z.uuid(),
  lat: z.number(),
  lon: z.number(),
  count: z.number().int().min(1),
  totalWeightKg: z.number(),
  dryMassKg: z.number(),
  avgMoisture: z.number(),
  avgRfv: z.number().nullable(),
});
export type Stack = z.infer<typeof stackSchema>;

/** What the map draws at one zoom: clusters, loose bales and stacks. */
const mapItemsSchema = z.object({
  clusters: z.array(mapClusterSchema),
  bales: z.array(mapBaleSchema),
  stacks: z.array(stackSchema),
});

/** GET /clusters/get. */
export const clustersResponseSchema = mapItemsSchema.extend({
  /** Bales of the organization (within the time filter, anywhere) that need a subscription. */
  lockedCount: z.number().int().min(0),
});
export type ClustersResponse = z.infer<typeof clustersResponseSchema>;

/** Query of GET /cluster-tree/get: the cluster and the same filters as /clusters/get. */
export const clusterTreeQuerySchema = baleTimeFilterSchema.extend({
  ...appliedFilterSchema.shape,
  clusterId: z.coerce.number({ error: 'clusterId must be a cluster id.' }).int().min(0),
});
export type ClusterTreeQuery = z.infer<typeof clusterTreeQuerySchema>;

/** GET /cluster-tree/get: the cluster's children one zoom level down. */
export const clusterTreeResponseSchema = mapItemsSchema.extend({
  clusterId: z.number().int(),
  expansionZoom: z.number().int(),
});
export type ClusterTreeResponse = z.infer<typeof clusterTreeResponseSchema>;

/** Query of GET /bale-info/get. */
export const baleInfoQuerySchema = z.object({ uid: z.string().min(1, 'uid is required.') });
export type BaleInfoQuery = z.infer<typeof baleInfoQuerySchema>;

const namedRef = z.object({ id: z.uuid(), name: z.string() });

/** GET /bale-info/get: one bale with the names the details panel shows. */
export const baleInfoResponseSchema = z.object({
  bale: baleSchema,
  fields: z.array(namedRef),
  baler: z.object({ id: z.uuid(), name: z.string(), vin: z.string() }),
  /** The stack the bale lies in, if any. */
  stackId: z.uuid().nullable(),
  /** The storage area (geofence) the bale lies in, if any. */
  geofence: namedRef.nullable(),
  /** The cuttings the bale is in (product.md's rule), each with its crop; usually one. */
  cuttings: z.array(namedRef.extend({ year: z.number().int(), crop: namedRef.nullable() })),
});
export type BaleInfoResponse = z.infer<typeof baleInfoResponseSchema>;

/** Query of GET /stacks/get: a map view whose box may be left out for every stack. */
export const stacksQuerySchema = boundsSchema
  .partial()
  .extend(baleTimeFilterSchema.shape)
  .extend(appliedFilterSchema.shape)
  .refine((q) => [q.west, q.south, q.east, q.north].every((v) => v === undefined) || isBounds(q), {
    error: 'Give all of west, south, east and north, or none.',
    path: ['west'],
  })
  .refine((q) => q.south === undefined || q.north === undefined || q.south <= q.north, {
    ...southNotAboveNorthError,
  });
export type StacksQuery = z.infer<typeof stacksQuerySchema>;

function isBounds(q: Partial<Bounds>): q is Bounds {
  return [q.west, q.south, q.east, q.north].every((v) => v !== undefined);
}

/** GET /stacks/get. */
export const stacksResponseSchema = z.object({ stacks: z.array(stackSchema) });
export type StacksResponse = z.infer<typeof stacksResponseSchema>;

/** Query of GET /stack-info/get. */
export const stackInfoQuerySchema = baleTimeFilterSchema.extend({
  ...appliedFilterSchema.shape,
  stackId: z.uuid({ error: 'stackId must be a stack id.' }),
});
export type StackInfoQuery = z.infer<typeof stackInfoQuerySchema>;

/** GET /stack-info/get: a stack, its bales and where it is stored. */
export const stackInfoResponseSchema = z.object({
  stack: stackSchema,
  bales: z.array(baleSchema),
  geofence: namedRef.nullable(),
});
export type StackInfoResponse = z.infer<typeof stackInfoResponseSchema>;

/** GET /bales-stacks (query: `stacksQuerySchema`): which bales lie in which stack. */
export const balesStacksResponseSchema = z.object({
  stacks: z.array(z.object({ stackId: z.uuid(), uids: z.array(z.string()) })),
});
export type BalesStacksResponse = z.infer<typeof balesStacksResponseSchema>;

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

/** GET /geofences/get: storage areas and the bales stored in each (within the time filter). */
export const geofencesResponseSchema = z.object({
  geofences: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      areaHectares: z.number().min(0),
      boundary: boundarySchema,
      storedBaleCount: z.number().int().min(0),
      storedWeightKg: z.number().min(0),
    }),
  ),
});
export type GeofencesResponse = z.infer<typeof geofencesResponseSchema>;

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

/** GET /fields: the organization's fields with their outlines (the map draws them). */
export const fieldsResponseSchema = z.object({ fields: z.array(fieldSchema) });
export type FieldsResponse = z.infer<typeof fieldsResponseSchema>;

/** What the data API answers when a bale, stack or cluster is not there for the caller. */
export const mapMessages = {
  baleNotFound: 'This bale does not exist or is not visible to your organization.',
  stackNotFound: 'This stack does not exist or is not visible to your organization.',
  clusterNotFound: 'This cluster no longer exists; the bales changed. Reload the map.',
  cursorInvalid: 'This cursor is not valid; start again without one.',
} as const;
