import { z } from 'zod';
import { appliedFilterSchema, baleTimeFilterSchema } from '../bales/bale-query.ts';
import { messages } from '../errors/messages.ts';
import { boundarySchema } from '../geo/boundary.ts';

export const heatmapTypes = ['Overlay', 'Icon'] as const;
export type HeatmapType = (typeof heatmapTypes)[number];

export const heatmapMeasures = ['Weight', 'AvgMoisture', 'RFV'] as const;
export type HeatmapMeasure = (typeof heatmapMeasures)[number];

/**
 * Below this map zoom a field is too small on screen for a heatmap to say anything; the web
 * app also checks that the field fills the view.
 */
export const HEATMAP_MIN_ZOOM = 13;

/** What the heatmap calls answer besides the spec's two messages (messages.heatmap). */
export const heatmapMessages = {
  measureInvalid: `measure must be one of ${heatmapMeasures.join(', ')}.`,
  noBales: 'No bales of this field match the dates and filter shown, so there is no heatmap.',
  noValues: 'No bale of this field reported this measure, so there is no heatmap.',
} as const;

/**
 * Query of GET /heatmap/overlay, /heatmap/icon, /bales/heatmap/get and /bales/heatmap/input:
 * the field and measure plus the map's time filter and applied filter, like every bale read.
 */
export const heatmapQuerySchema = baleTimeFilterSchema.extend({
  fieldId: z.uuid({ error: messages.heatmap.fieldRequired }),
  measure: z.enum(heatmapMeasures, { error: heatmapMessages.measureInvalid }),
  ...appliedFilterSchema.shape,
});
export type HeatmapQuery = z.infer<typeof heatmapQuerySchema>;

/**
 * The map view a heatmap is asked for in; checked before any request (docs/product.md#heatmaps).
 */
export const heatmapViewSchema = z.object({
  fieldId: z.uuid({ error: messages.heatmap.fieldRequired }),
  zoom: z.number().min(HEATMAP_MIN_ZOOM, messages.heatmap.zoomTooLow),
});
export type HeatmapView = z.infer<typeof heatmapViewSchema>;

/**
 * One class of the legend, in stored SI units (kg, %, RFV): a value belongs to it when
 * `min` ≤ value < `max`; the first class has no `min`, the last no `max`.
 */
export const heatmapClassSchema = z.object({
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** The agronomic name where there is one (RFV: the USDA grade), else null. */
  name: z.string().nullable(),
});
export type HeatmapClass = z.infer<typeof heatmapClassSchema>;

const count = z.number().int().min(0);

/** What every heatmap answer says about the bales it was drawn from. */
const heatmapBasisSchema = z.object({
  fieldId: z.uuid(),
  measure: z.enum(heatmapMeasures),
  /** Ascending; the index of a class is what `classIndex` and the colours refer to. */
  classes: z.array(heatmapClassSchema).min(1),
  /** The field's bales in the dates and filter. */
  baleCount: count,
  /** Of those, the bales that reported the measure (RFV needs ADF and NDF). */
  valueCount: count,
  /** Why there is nothing to draw (no bales, no values), else null. */
  emptyReason: z.string().nullable(),
});

/**
 * A grid over the field's bounding box, in cells of `cellSizeM` metres, read like an image:
 * `values[row * cols + col]`, row 0 along the north edge, col 0 along the west edge. A cell is
 * null when its centre lies outside the boundary (or in a hole).
 */
export const heatmapGridSchema = z.object({
  west: z.number(),
  south: z.number(),
  east: z.number(),
  north: z.number(),
  cellSizeM: z.number().positive(),
  cols: z.number().int().min(1),
  rows: z.number().int().min(1),
  values: z.array(z.number().nullable()),
});
export type HeatmapGrid = z.infer<typeof heatmapGridSchema>;

/** GET /heatmap/overlay: the inverse-distance-weighted grid, null when there is nothing to draw. */
export const heatmapOverlayResponseSchema = heatmapBasisSchema.extend({
  grid: heatmapGridSchema.nullable(),
});
export type HeatmapOverlayResponse = z.infer<typeof heatmapOverlayResponseSchema>;

/** GET /heatmap/icon: the legend of the Icon type, with how many bales fall in each class. */
export const heatmapIconResponseSchema = heatmapBasisSchema.extend({
  /** Bales per class, in the order of `classes`. */
  classCounts: z.array(count),
});
export type HeatmapIconResponse = z.infer<typeof heatmapIconResponseSchema>;

/** A bale of the field where it was made (the heatmap is about the field, not the yard). */
const heatmapPointSchema = z.object({
  uid: z.string(),
  lat: z.number(),
  lon: z.number(),
  /** In stored SI units; null when the bale did not report the measure. */
  value: z.number().nullable(),
});

/** GET /bales/heatmap/get: the field's bales with their value and class, for the Icon type. */
export const heatmapBalesResponseSchema = heatmapBasisSchema.extend({
  bales: z.array(heatmapPointSchema.extend({ classIndex: z.number().int().min(0).nullable() })),
});
export type HeatmapBalesResponse = z.infer<typeof heatmapBalesResponseSchema>;

/** GET /bales/heatmap/input: what the overlay is interpolated from. */
export const heatmapInputResponseSchema = z.object({
  fieldId: z.uuid(),
  measure: z.enum(heatmapMeasures),
  boundary: boundarySchema,
  /** Only the bales with a value for the measure. */
  points: z.array(heatmapPointSchema.extend({ value: z.number() })),
});
export type HeatmapInputResponse = z.infer<typeof heatmapInputResponseSchema>;
