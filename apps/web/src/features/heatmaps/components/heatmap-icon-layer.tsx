import type { HeatmapQuery } from '@baletrack/contracts/heatmaps/heatmap';
import type { FeatureCollection, Point } from 'geojson';
import type { ExpressionSpecification } from 'maplibre-gl';
import { useMemo } from 'react';
import { Layer, Source } from 'react-map-gl/maplibre';
import { useHeatmapBales } from '@/features/heatmaps/api/get-heatmap-bales';
import { classColors, NO_VALUE_COLOR } from '@/features/heatmaps/utils/heatmap-legend';

/**
 * The Icon type: each of the field's bales, where it was made, in its class's colour (grey
 * without a value), drawn above the map's own bale symbols.
 */
export function HeatmapIconLayer({ query }: { query: HeatmapQuery | undefined }) {
  const bales = useHeatmapBales(query);
  const data = useMemo(
    (): FeatureCollection<Point, { classIndex: number }> => ({
      type: 'FeatureCollection',
      features: (bales.data?.bales ?? []).map((bale) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [bale.lon, bale.lat] },
        properties: { classIndex: bale.classIndex ?? -1 },
      })),
    }),
    [bales.data],
  );
  const color = useMemo((): ExpressionSpecification | string => {
    const { measure, classes } = bales.data ?? { measure: 'Weight' as const, classes: [] };
    const colors = classColors(measure, classes.length);
    if (colors.length === 0) return NO_VALUE_COLOR;
    return [
      'match',
      ['get', 'classIndex'],
      ...colors.flatMap((c, i) => [i, c]),
      NO_VALUE_COLOR,
    ] as unknown as ExpressionSpecification;
  }, [bales.data]);
  if (!query || !bales.data) return null;
  return (
    <Source id="heatmap-icons" type="geojson" data={data}>
      <Layer
        id="heatmap-icons"
        type="circle"
        paint={{
          'circle-color': color,
          'circle-radius': ['interpolate', ['linear'], ['zoom'], 13, 4, 18, 9],
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 1.2,
        }}
      />
    </Source>
  );
}
