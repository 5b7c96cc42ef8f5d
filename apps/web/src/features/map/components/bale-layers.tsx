import type { FeatureCollection, Point } from 'geojson';
import type { ExpressionSpecification } from 'maplibre-gl';
import { Layer, Source } from 'react-map-gl/maplibre';
import type { MapItemProperties } from '@/features/map/utils/map-features';
import { type MapSelection, selectionFeatureId } from '@/features/map/utils/map-selection';
import { mapSlots } from '@/features/map/utils/map-style';
import {
  colorExpression,
  labelOnColorExpression,
  type MeasureScale,
} from '@/features/map/utils/measure-scale';
import { mapIcons } from '@/lib/map-icons';
import { labelImage } from '@/lib/map-labels';

/** Layers a click or hover acts on. */
export const interactiveLayers = ['clusters', 'stacks', 'bales'];

const kindIs = (kind: MapItemProperties['kind']): ExpressionSpecification => [
  '==',
  ['get', 'kind'],
  kind,
];

// Circles grow with the bales they stand for, in steps a reader can tell apart.
const clusterRadius: ExpressionSpecification = [
  'step',
  ['get', 'count'],
  13,
  10,
  16,
  100,
  20,
  1_000,
  25,
  10_000,
  31,
];
const iconSize: ExpressionSpecification = [
  'interpolate',
  ['linear'],
  ['zoom'],
  12,
  0.9,
  16,
  1.2,
  20,
  2,
];
const OUTLINE = 'rgba(28, 32, 20, 0.9)';
const overlap = { 'icon-allow-overlap': true, 'icon-ignore-placement': true } as const;

interface BaleLayersProps {
  data: FeatureCollection<Point, MapItemProperties>;
  scale: MeasureScale;
  selection: MapSelection | null;
}

/** Clusters, stacks and loose bales coloured by the chosen measure; mount order is z-order. */
export function BaleLayers({ data, scale, selection }: BaleLayersProps) {
  const color = colorExpression(scale);
  const beforeId = mapSlots.bales;
  return (
    <Source id="bale-items" type="geojson" data={data}>
      <Layer
        id="selection-ring"
        type="circle"
        beforeId={beforeId}
        filter={['==', ['get', 'id'], selectionFeatureId(selection)]}
        paint={{
          'circle-radius': ['case', kindIs('stack'), 24, 16],
          'circle-color': 'rgba(255, 255, 255, 0.55)',
          'circle-stroke-color': '#d9480f',
          'circle-stroke-width': 3,
        }}
      />
      <Layer
        id="clusters"
        type="circle"
        beforeId={beforeId}
        filter={kindIs('cluster')}
        paint={{
          'circle-color': color,
          'circle-opacity': 0.92,
          'circle-radius': clusterRadius,
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 2,
        }}
      />
      <Layer
        id="cluster-counts"
        type="symbol"
        beforeId={beforeId}
        filter={kindIs('cluster')}
        layout={{
          'icon-image': labelImage(labelOnColorExpression(scale), 'countLabel'),
          // Always drawn, and taking its circle's room so field names give way to it.
          'icon-allow-overlap': true,
          'icon-padding': 8,
        }}
      />
      <Layer
        id="bales"
        type="symbol"
        beforeId={beforeId}
        filter={kindIs('bale')}
        layout={{
          'icon-image': [
            'match',
            ['get', 'shape'],
            'round',
            mapIcons.roundBale,
            mapIcons.squareBale,
          ],
          'icon-size': iconSize,
          ...overlap,
        }}
        paint={{ 'icon-color': color, 'icon-halo-color': OUTLINE, 'icon-halo-width': 2.5 }}
      />
      <Layer
        id="stacks"
        type="symbol"
        beforeId={beforeId}
        filter={kindIs('stack')}
        layout={{ 'icon-image': mapIcons.stack, 'icon-size': iconSize, ...overlap }}
        paint={{ 'icon-color': color, 'icon-halo-color': OUTLINE, 'icon-halo-width': 2.5 }}
      />
      <Layer
        id="stack-counts"
        type="symbol"
        beforeId={beforeId}
        filter={kindIs('stack')}
        layout={{
          'icon-image': labelImage('count', 'countLabel'),
          'icon-anchor': 'top',
          'icon-offset': [0, 14],
          // Counts of stacks lying close together give way to each other until zoomed in.
          'icon-allow-overlap': false,
        }}
      />
    </Source>
  );
}
