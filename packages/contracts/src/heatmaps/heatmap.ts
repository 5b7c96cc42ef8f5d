import { z } from 'zod';
import { messages } from '../errors/messages.ts';

export const heatmapTypes = ['Overlay', 'Icon'] as const;
export type HeatmapType = (typeof heatmapTypes)[number];

export const heatmapMeasures = ['Weight', 'AvgMoisture', 'RFV'] as const;
export type HeatmapMeasure = (typeof heatmapMeasures)[number];

/**
 * Below this map zoom a field is too small on screen for a heatmap to say anything; the web
 * app also checks that the field fills the view.
 */
export const HEATMAP_MIN_ZOOM = 13;

/** Query of GET /heatmap/overlay and /heatmap/icon (the type is in the path). */
export const heatmapQuerySchema = z.object({
  fieldId: z.uuid({ error: messages.heatmap.fieldRequired }),
  measure: z.enum(heatmapMeasures),
  /** Optional: limit the bales to a saved filter. */
  filterId: z.uuid().optional(),
});
export type HeatmapQuery = z.infer<typeof heatmapQuerySchema>;

/** The map view a heatmap is asked for in; checked before any request (spec §5). */
export const heatmapViewSchema = z.object({
  fieldId: z.uuid({ error: messages.heatmap.fieldRequired }),
  zoom: z.number().min(HEATMAP_MIN_ZOOM, messages.heatmap.zoomTooLow),
});
export type HeatmapView = z.infer<typeof heatmapViewSchema>;
