import { z } from 'zod';
import { messages } from '../errors/messages.ts';

// What every bale read accepts: the top bar's dates and year, an applied filter, a map view.

// Query strings arrive as text: numbers are coerced.
export const queryNumber = z.coerce.number({ error: 'Must be a number.' });

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

export const southNotAboveNorth = <T extends { south: number; north: number }>(view: T) =>
  view.south <= view.north;
export const southNotAboveNorthError = { error: 'South must not be above north.', path: ['south'] };

/** An id and a name, as details panels show a field, cutting or crop. */
export const namedRefSchema = z.object({ id: z.uuid(), name: z.string() });
