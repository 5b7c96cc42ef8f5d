import type { Field } from '@baletrack/contracts/fields/field';
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import type { ExpressionSpecification } from 'maplibre-gl';
import { useEffect, useMemo, useState } from 'react';
import { Layer, Source, useMap } from 'react-map-gl/maplibre';
import { NO_HAY_PATTERN, noHayPattern } from '@/features/yield/utils/no-hay-pattern';
import { type YieldClass, yieldClassOf } from '@/features/yield/utils/yield-classes';

interface YieldMapLayerProps {
  fields: readonly Field[];
  /** Each field's dry matter per hectare; null or absent: no hay. */
  figures: ReadonlyMap<string, number | null>;
  classes: readonly YieldClass[];
  /** The field the panel shows, outlined more strongly. */
  pickedId: string | undefined;
  /** The layer the fills go beneath: above the plain field outlines, below the field names. */
  beforeId: string;
}

type YieldFeatures = FeatureCollection<Polygon | MultiPolygon, { id: string; classIndex: number }>;

/** The pattern's image, added once per map before the layer that names it is drawn. */
function useNoHayPattern(): boolean {
  const { current } = useMap();
  const map = current?.getMap();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!map) return;
    if (!map.hasImage(NO_HAY_PATTERN)) {
      const ratio = Math.max(1, Math.round(window.devicePixelRatio || 1));
      map.addImage(NO_HAY_PATTERN, noHayPattern(ratio), { pixelRatio: ratio });
    }
    setReady(true);
  }, [map]);
  return ready;
}

/**
 * Each field filled in its class's colour (striped grey without hay), outlined dark on a light
 * casing so the outline reads on imagery and on every class colour alike.
 */
export function YieldMapLayer({
  fields,
  figures,
  classes,
  pickedId,
  beforeId,
}: YieldMapLayerProps) {
  const patternReady = useNoHayPattern();
  const data = useMemo(
    (): YieldFeatures => ({
      type: 'FeatureCollection',
      features: fields.map((field) => {
        const figure = figures.get(field.id) ?? null;
        return {
          type: 'Feature',
          geometry: field.boundary,
          properties: {
            id: field.id,
            classIndex: figure === null ? -1 : yieldClassOf(classes, figure),
          },
        };
      }),
    }),
    [fields, figures, classes],
  );
  const fillColor = useMemo(
    (): ExpressionSpecification | string =>
      classes.length === 0
        ? 'rgba(0, 0, 0, 0)'
        : ([
            'match',
            ['get', 'classIndex'],
            ...classes.flatMap((c, i) => [i, c.color]),
            'rgba(0, 0, 0, 0)',
          ] as unknown as ExpressionSpecification),
    [classes],
  );
  const picked: ExpressionSpecification = ['==', ['get', 'id'], pickedId ?? ''];

  // All layers are added together, each before the slot in this order: fills, then outlines.
  if (!patternReady) return null;
  return (
    <Source id="yield-map" type="geojson" data={data}>
      <Layer
        id="yield-map-fill"
        type="fill"
        beforeId={beforeId}
        filter={['>=', ['get', 'classIndex'], 0]}
        paint={{ 'fill-color': fillColor, 'fill-opacity': 0.85 }}
      />
      <Layer
        id="yield-map-no-hay"
        type="fill"
        beforeId={beforeId}
        filter={['<', ['get', 'classIndex'], 0]}
        paint={{ 'fill-pattern': NO_HAY_PATTERN }}
      />
      <Layer
        id="yield-map-casing"
        type="line"
        beforeId={beforeId}
        paint={{
          'line-color': '#ffffff',
          'line-opacity': 0.9,
          'line-width': ['interpolate', ['linear'], ['zoom'], 10, 2.5, 16, 4.5],
        }}
      />
      <Layer
        id="yield-map-outline"
        type="line"
        beforeId={beforeId}
        paint={{
          'line-color': '#1c2014',
          'line-width': ['interpolate', ['linear'], ['zoom'], 10, 1, 16, 2],
        }}
      />
      {/* Magenta, a colour neither the classes nor fields on imagery have. */}
      <Layer
        id="yield-map-picked"
        type="line"
        beforeId={beforeId}
        filter={picked}
        paint={{
          'line-color': '#c2255c',
          'line-width': ['interpolate', ['linear'], ['zoom'], 10, 3, 16, 5],
        }}
      />
    </Source>
  );
}
