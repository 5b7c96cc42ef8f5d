import { messages } from '@baletrack/contracts/errors/messages';
import type { Field } from '@baletrack/contracts/fields/field';
import { heatmapViewSchema } from '@baletrack/contracts/heatmaps/heatmap';
import { boundaryBox, type LonLatBox } from '@baletrack/domain/geo/boundary-box';

/** What the map shows: its zoom and the box on screen. */
export interface MapView {
  zoom: number;
  bounds: LonLatBox;
}

/**
 * A field "fills the view" when it spans at least this share of the view's width or height:
 * smaller on screen, its cells and bales are too small to read.
 */
export const FIELD_FILL_SHARE = 0.3;

function overlapShare(a0: number, a1: number, b0: number, b1: number): number {
  const overlap = Math.min(a1, b1) - Math.max(a0, b0);
  return overlap <= 0 || b1 <= b0 ? 0 : overlap / (b1 - b0);
}

/**
 * Why no heatmap can be drawn in this view (docs/product.md#heatmaps: it needs a valid field and
 * sufficient zoom), or null when it can: the contracts' messages, word for word.
 * @example heatmapBlocker(undefined, view) // 'Select a field with a boundary to see its heatmap.'
 */
export function heatmapBlocker(field: Field | undefined, view: MapView | undefined): string | null {
  if (!field) return messages.heatmap.fieldRequired;
  if (!view) return messages.heatmap.zoomTooLow;
  const checked = heatmapViewSchema.safeParse({ fieldId: field.id, zoom: view.zoom });
  if (!checked.success) return checked.error.issues[0]?.message ?? messages.heatmap.zoomTooLow;
  const box = boundaryBox(field.boundary);
  const across = overlapShare(box.west, box.east, view.bounds.west, view.bounds.east);
  const along = overlapShare(box.south, box.north, view.bounds.south, view.bounds.north);
  const inView = across > 0 && along > 0;
  return inView && Math.max(across, along) >= FIELD_FILL_SHARE ? null : messages.heatmap.zoomTooLow;
}
