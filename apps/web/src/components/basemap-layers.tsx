import type {
  FillLayerSpecification,
  LineLayerSpecification,
  SymbolLayerSpecification,
} from 'maplibre-gl';
import { Layer, Source } from 'react-map-gl/maplibre';
import { labelImage } from '@/lib/map-labels';

/** The bundled basemap's layers, in every vector tile (apps/web/scripts/build-basemap.mjs). */
const basemapLayerNames = ['land', 'lakes', 'countries', 'regions', 'labels'] as const;
/** The finest tiles built; MapLibre draws them larger past it. */
const BASEMAP_MAX_ZOOM = 6;

const LAND_COLOR = '#eceee3';
export const WATER_COLOR = '#c6d9e2';
const BORDER_COLOR = '#8a8a7c';

type BasemapLayer = (FillLayerSpecification | LineLayerSpecification | SymbolLayerSpecification) & {
  source: (typeof basemapLayerNames)[number];
};

/** Land and lakes: beneath the imagery. */
const groundLayers: BasemapLayer[] = [
  { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': LAND_COLOR } },
  { id: 'lakes', type: 'fill', source: 'lakes', paint: { 'fill-color': WATER_COLOR } },
];

/** Borders and place names: over the imagery, beneath the farm's own layers. */
const overlayLayers: BasemapLayer[] = [
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

/** Where each layer goes: before the map's imagery slot, or before its fields slot. */
export function basemapLayerOrder(slots: { imagery: string; fields: string }) {
  return [
    ...groundLayers.map((layer) => ({ layer, beforeId: slots.imagery })),
    ...overlayLayers.map((layer) => ({ layer, beforeId: slots.fields })),
  ];
}

interface BasemapLayersProps {
  slots: { imagery: string; fields: string };
  /** The server the files come from (MapLibre's worker needs absolute URLs). */
  origin?: string;
}

/**
 * The bundled offline basemap (docs/adr/0014-basemap-and-default-imagery.md): Natural Earth
 * land, lakes, country and state/province borders and names, as vector tiles of zoom 0 to 6, so
 * the browser fetches only the tiles in view at their level of detail (a farm: the one or two
 * zoom-6 tiles under it; docs/adr/0016-code-splitting-and-compression.md). Added once the map has
 * loaded, so the farm's own layers come first.
 */
export function BasemapLayers({ slots, origin = window.location.origin }: BasemapLayersProps) {
  return (
    <>
      <Source
        id="basemap"
        type="vector"
        tiles={[`${origin}/basemap/{z}/{x}/{y}.pbf`]}
        maxzoom={BASEMAP_MAX_ZOOM}
      />
      {basemapLayerOrder(slots).map(({ layer, beforeId }) => (
        <Layer
          key={layer.id}
          {...layer}
          source="basemap"
          source-layer={layer.source}
          beforeId={beforeId}
        />
      ))}
    </>
  );
}
