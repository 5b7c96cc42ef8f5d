import type { StyleSpecification } from 'maplibre-gl';

/**
 * Empty layers marking where other layers go (MapLibre adds a layer before another by id).
 * Features add theirs with `beforeId` set to a slot, so the stacking order holds whatever order
 * the components mount in: imagery, fields, then bales on top.
 */
export const mapSlots = {
  imagery: 'slot-imagery',
  fields: 'slot-fields',
  bales: 'slot-bales',
} as const;

const LAND_COLOR = '#eceee3';

const slot = (id: string) => ({ id, type: 'background', layout: { visibility: 'none' } }) as const;

/**
 * The bundled offline style: a plain land colour and the slots, nothing fetched (no tiles, no
 * sprite, no glyphs; labels are images, see lib/map-labels.ts). Satellite imagery, when the
 * operator configures it, is a layer added at the imagery slot.
 */
export const offlineStyle: StyleSpecification = {
  version: 8,
  name: 'Baletrack offline',
  sources: {},
  layers: [
    { id: 'land', type: 'background', paint: { 'background-color': LAND_COLOR } },
    slot(mapSlots.imagery),
    slot(mapSlots.fields),
    slot(mapSlots.bales),
  ],
};

/**
 * The operator's tile URL made absolute (MapLibre fetches tiles from its worker, where a path
 * has no page to resolve against); the `{z}/{x}/{y}` placeholders are kept as written.
 */
export function absoluteTileUrl(template: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(template)) return template;
  return new URL(template, window.location.origin)
    .toString()
    .replace(/%7B/gi, '{')
    .replace(/%7D/gi, '}');
}
