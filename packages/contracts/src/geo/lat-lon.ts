import { z } from 'zod';
import { messages } from '../errors/messages.ts';

export const latitudeSchema = z
  .number()
  .min(-90, messages.validation.latitudeOutOfRange)
  .max(90, messages.validation.latitudeOutOfRange);

export const longitudeSchema = z
  .number()
  .min(-180, messages.validation.longitudeOutOfRange)
  .max(180, messages.validation.longitudeOutOfRange);

/** A point on the map in WGS 84 degrees. */
export const latLonSchema = z.object({ lat: latitudeSchema, lon: longitudeSchema });
export type LatLon = z.infer<typeof latLonSchema>;
