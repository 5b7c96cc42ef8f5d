import type { StyleSpecification } from 'maplibre-gl';
import { WATER_COLOR } from '@/components/basemap-layers';

/**
 * Empty layers marking where other layers go (MapLibre adds a layer before another by id).
 * Features add theirs with `beforeId` set to a slot, so the stacking order holds whatever order
 * the components mount in: the basemap's land, imagery, the basemap's borders and place names,
 * fields, field names, bales, and markers above everything. MapLibre places symbols from the top
 * layer down, so the cluster and stack counts claim their room first and a field name moves off
 * them or gives way: a name and a count never cover each other (ADR 30).
 */
export const mapSlots = {
  imagery: 'slot-imagery',
  fields: 'slot-fields',
  fieldNames: 'slot-field-names',
  bales: 'slot-bales',
  labels: 'slot-labels',
} as const;

const slot = (id: string) => ({ id, type: 'background', layout: { visibility: 'none' } }) as const;

/**
 * The bundled style: water and the slots, nothing fetched (no tiles, no sprite, no glyphs;
 * text is drawn into images, see lib/map-labels.ts). The basemap (components/basemap-layers)
 * and imagery are layers the map adds at their slots once loaded.
 */
export const offlineStyle: StyleSpecification = {
  version: 8,
  name: 'Baletrack offline',
  sources: {},
  layers: [
    { id: 'water', type: 'background', paint: { 'background-color': WATER_COLOR } },
    slot(mapSlots.imagery),
    slot(mapSlots.fields),
    slot(mapSlots.fieldNames),
    slot(mapSlots.bales),
    slot(mapSlots.labels),
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
