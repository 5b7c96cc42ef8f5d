import { z } from 'zod';
import { baleSchema, baleSizes } from '../bales/bale.ts';
import {
  appliedFilterSchema,
  type Bounds,
  baleTimeFilterSchema,
  boundsSchema,
  namedRefSchema,
  queryNumber,
  southNotAboveNorth,
  southNotAboveNorthError,
} from '../bales/bale-query.ts';
import { hayGradeSchema } from '../inventory/hay-grade.ts';

/** Upper and lower limits of the map's zoom levels (MapLibre's). */
export const MIN_ZOOM = 0;
export const MAX_ZOOM = 24;

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

/**
 * Bales per quality grade, only the grades present (docs/product.md#quality-grades); ungraded
 * bales are the count minus their sum.
 */
export const gradeCountsSchema = z.partialRecord(hayGradeSchema, z.number().int().min(1));
export type GradeCounts = z.infer<typeof gradeCountsSchema>;

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
  /** Crude protein (% of DM) over the bales that reported it; null when none did. */
  avgProtein: z.number().nullable(),
  /** Its bales' quality grades: the map colours a cluster by the most common. */
  grades: gradeCountsSchema,
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
  /** Crude protein, % of DM. */
  protein: z.number().nullable(),
  baleSize: z.enum(baleSizes),
  /** Its quality grade by its cutting's crop; null when ungraded. */
  grade: hayGradeSchema.nullable(),
});
export type MapBale = z.infer<typeof mapBaleSchema>;

/**
 * Bales moved from where they were made that now lie together
 * (docs/product.md#stacks-and-geofences). The id is stable while the stack stays where it is.
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
  /** Crude protein (% of DM) over the members that reported it. */
  avgProtein: z.number().nullable(),
});
export type Stack = z.infer<typeof stackSchema>;

/** A stack as the map draws it: with its grade (its bales' average nutrition), null when none. */
export const mapStackSchema = stackSchema.extend({ grade: hayGradeSchema.nullable() });
export type MapStack = z.infer<typeof mapStackSchema>;

/** What the map draws at one zoom: clusters, loose bales and stacks. */
const mapItemsSchema = z.object({
  clusters: z.array(mapClusterSchema),
  bales: z.array(mapBaleSchema),
  stacks: z.array(mapStackSchema),
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
  geofence: namedRefSchema.nullable(),
});
export type StackInfoResponse = z.infer<typeof stackInfoResponseSchema>;

/** GET /bales-stacks (query: `stacksQuerySchema`): which bales lie in which stack. */
export const balesStacksResponseSchema = z.object({
  stacks: z.array(z.object({ stackId: z.uuid(), uids: z.array(z.string()) })),
});
export type BalesStacksResponse = z.infer<typeof balesStacksResponseSchema>;

/** What the data API answers when a bale, stack or cluster is not there for the caller. */
export const mapMessages = {
  baleNotFound: 'This bale does not exist or is not visible to your organization.',
  stackNotFound: 'This stack does not exist or is not visible to your organization.',
  clusterNotFound: 'This cluster no longer exists; the bales changed. Reload the map.',
  cursorInvalid: 'This cursor is not valid; start again without one.',
} as const;
