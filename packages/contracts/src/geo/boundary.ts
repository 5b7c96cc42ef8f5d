import { z } from 'zod';
import { messages } from '../errors/messages.ts';
import { latitudeSchema, longitudeSchema } from './lat-lon.ts';

/**
 * Corners a boundary may have in all its rings. Far above a drawn or surveyed field, low enough
 * that checking a boundary for self-crossings stays quick.
 */
export const MAX_BOUNDARY_CORNERS = 5_000;

/**
 * How far a boundary may reach, north–south or east–west, in km: wider than any hay field or
 * ranch paddock, narrow enough to catch a shape drawn or imported in the wrong place (a whole
 * continent, or a box across the 180° meridian, which GeoJSON reads the long way round).
 */
export const MAX_BOUNDARY_SPAN_KM = 100;

/** GeoJSON position: [longitude, latitude], an optional altitude allowed and ignored. */
export const positionSchema = z.tuple([longitudeSchema, latitudeSchema], z.number());

/** A closed ring: 3 corners plus the first repeated at the end (RFC 7946 §3.1.6). */
export const linearRingSchema = z
  .array(positionSchema)
  .min(4, messages.validation.boundaryRingTooShort)
  .refine(
    (ring) => {
      const first = ring[0];
      const last = ring[ring.length - 1];
      return (
        first !== undefined && last !== undefined && first[0] === last[0] && first[1] === last[1]
      );
    },
    { error: messages.validation.boundaryRingNotClosed },
  );

/** First ring is the outline, any further rings are holes. */
const polygonRingsSchema = z
  .array(linearRingSchema)
  .min(1, messages.validation.boundaryRingTooShort);

export const polygonSchema = z.object({
  type: z.literal('Polygon'),
  coordinates: polygonRingsSchema,
});

export const multiPolygonSchema = z.object({
  type: z.literal('MultiPolygon'),
  coordinates: z.array(polygonRingsSchema).min(1, messages.validation.boundaryRingTooShort),
});

/** A field's or geofence's outline: one polygon or several (holes allowed). */
export const boundarySchema = z.discriminatedUnion('type', [polygonSchema, multiPolygonSchema]);
export type Boundary = z.infer<typeof boundarySchema>;
