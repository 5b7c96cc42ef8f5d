import type { FeatureCollection, Point } from 'geojson';
import type { ExpressionSpecification } from 'maplibre-gl';
import { useMemo } from 'react';
import { Layer, Marker, Source } from 'react-map-gl/maplibre';
import { clusterCircles } from '@/features/map/utils/cluster-circles';
import type { MapItemProperties } from '@/features/map/utils/map-features';
import { type MapSelection, selectionFeatureId } from '@/features/map/utils/map-selection';
import { mapSlots } from '@/features/map/utils/map-style';
import {
  colorExpression,
  labelOnColorExpression,
  type MeasureScale,
} from '@/features/map/utils/measure-scale';
import { iconImage, mapIcons } from '@/lib/map-icons';
import { labelImage } from '@/lib/map-labels';
import classes from './bale-layers.module.css';

/** Layers a click or hover acts on. */
export const interactiveLayers = ['clusters', 'stacks', 'bales'];

const kindIs = (kind: MapItemProperties['kind']): ExpressionSpecification => [
  '==',
  ['get', 'kind'],
  kind,
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
  // The ring is a marker over the map, not a layer: choosing a bale then asks no new frame of
  // the map's drawing (slow where it renders in software), so its details show at once.
  const chosen = useMemo(() => {
    const id = selectionFeatureId(selection);
    return data.features.find((item) => item.properties.id === id);
  }, [data, selection]);
  return (
    <>
      {chosen && (
        <Marker
          longitude={chosen.geometry.coordinates[0] ?? 0}
          latitude={chosen.geometry.coordinates[1] ?? 0}
          style={{ pointerEvents: 'none' }}
        >
          <div className={classes.selectionRing} data-kind={chosen.properties.kind} />
        </Marker>
      )}
      <Source id="bale-items" type="geojson" data={data}>
        <Layer
          id="clusters"
          type="circle"
          beforeId={beforeId}
          filter={kindIs('cluster')}
          paint={{
            'circle-color': color,
            'circle-opacity': 0.92,
            'circle-radius': clusterCircles.radius,
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
            // Always drawn, and claiming its circle's room: field names, placed after the counts
            // (their layer is beneath), move or give way.
            ...clusterCircles.countCollision,
          }}
        />
        <Layer
          id="bales"
          type="symbol"
          beforeId={beforeId}
          filter={kindIs('bale')}
          layout={{
            'icon-image': iconImage(
              ['match', ['get', 'shape'], 'round', mapIcons.roundBale, mapIcons.squareBale],
              color,
            ),
            'icon-size': iconSize,
            ...overlap,
          }}
        />
        <Layer
          id="stacks"
          type="symbol"
          beforeId={beforeId}
          filter={kindIs('stack')}
          layout={{
            'icon-image': iconImage(mapIcons.stack, color),
            'icon-size': iconSize,
            ...overlap,
          }}
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
    </>
  );
}
