import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { labelImage } from '@/lib/map-labels';

/**
 * Empty layers marking where other layers go (MapLibre adds a layer before another by id).
 * Features add theirs with `beforeId` set to a slot, so the stacking order holds whatever order
 * the components mount in: imagery over the land, borders and place names, fields, bales, and
 * field names on top of everything (a name is never hidden under a cluster).
 */
export const mapSlots = {
  imagery: 'slot-imagery',
  fields: 'slot-fields',
  bales: 'slot-bales',
  labels: 'slot-labels',
} as const;

const LAND_COLOR = '#eceee3';
const WATER_COLOR = '#c6d9e2';
const BORDER_COLOR = '#8a8a7c';

const slot = (id: string) => ({ id, type: 'background', layout: { visibility: 'none' } }) as const;

/** The bundled basemap's files (scripts/build-basemap.mjs), served beside the app. */
export const basemapLayers = ['land', 'lakes', 'countries', 'regions', 'labels'] as const;

const basemapLayerSpecs: LayerSpecification[] = [
  { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': LAND_COLOR } },
  { id: 'lakes', type: 'fill', source: 'lakes', paint: { 'fill-color': WATER_COLOR } },
  slot(mapSlots.imagery),
  {
    id: 'region-borders',
    type: 'line',
    source: 'regions',
    minzoom: 2.5,
    paint: {
      'line-color': BORDER_COLOR,
      'line-opacity': 0.8,
      'line-dasharray': [3, 2],
      'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.5, 8, 1.2],
    },
  },
  {
    id: 'country-borders',
    type: 'line',
    source: 'countries',
    paint: {
      'line-color': BORDER_COLOR,
      'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.6, 8, 2],
    },
  },
  {
    id: 'region-names',
    type: 'symbol',
    source: 'labels',
    filter: ['==', ['get', 'kind'], 'region'],
    minzoom: 3.5,
    maxzoom: 9,
    layout: { 'icon-image': labelImage('region', 'name'), 'icon-padding': 2 },
  },
  {
    id: 'country-names',
    type: 'symbol',
    source: 'labels',
    filter: ['==', ['get', 'kind'], 'country'],
    minzoom: 1.5,
    maxzoom: 6.5,
    layout: { 'icon-image': labelImage('country', 'name'), 'icon-padding': 4 },
  },
];

/**
 * The bundled style: Natural Earth land, lakes, borders and place names fetched from this
 * server (`origin`), and the slots. Nothing outside the server is asked for; text is drawn into
 * images (lib/map-labels.ts), so there are no glyph or sprite URLs. Imagery (the default
 * provider's or the operator's) is a layer added at the imagery slot, over the land and
 * beneath the borders and names.
 */
export function baseStyle(origin: string): StyleSpecification {
  const sources = Object.fromEntries(
    basemapLayers.map((name) => [
      name,
      { type: 'geojson' as const, data: `${origin}/basemap/${name}.json`, maxzoom: 10 },
    ]),
  );
  return {
    version: 8,
    name: 'Baletrack offline',
    sources,
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': WATER_COLOR } },
      ...basemapLayerSpecs,
      slot(mapSlots.fields),
      slot(mapSlots.bales),
      slot(mapSlots.labels),
    ],
  };
}

/** The style for the page's own server (MapLibre's worker needs absolute URLs). */
export const offlineStyle: StyleSpecification = baseStyle(
  typeof window === 'undefined' ? '' : window.location.origin,
);

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
