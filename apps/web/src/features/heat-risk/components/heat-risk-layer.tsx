import { useMemo } from 'react';
import { Layer, Source } from 'react-map-gl/maplibre';
import { useHeatRisk } from '@/features/heat-risk/api/get-heat-risk';
import { heatRiskPoints } from '@/features/heat-risk/utils/heat-risk-points';

/** The list's badge colours (Mantine red 8, orange 8), as rings. */
export const heatRiskRingColors = { high: '#e03131', elevated: '#e8590c' } as const;

interface HeatRiskLayerProps {
  /** The layer the rings go beneath: the labels' slot, so they ring the bale and stack icons. */
  beforeId: string;
  /** Another overlay has the map (a heatmap): the rings give way with the bales. */
  hidden: boolean;
}

/**
 * The heat-risk watch list on the map (docs/product.md#beyond-the-spec-heat-risk): a ring around
 * each stack or lone bale at risk, red when high, orange when elevated, whatever the zoom or
 * the clusters, so hay that may heat is seen from the map. Nothing at risk, nothing drawn.
 */
export function HeatRiskLayer({ beforeId, hidden }: HeatRiskLayerProps) {
  const heatRisk = useHeatRisk();
  const points = useMemo(() => heatRiskPoints(heatRisk.data?.entries ?? []), [heatRisk.data]);
  return (
    <Source id="heat-risk" type="geojson" data={points}>
      <Layer
        id="heat-risk-rings"
        type="circle"
        beforeId={beforeId}
        layout={{ visibility: hidden ? 'none' : 'visible' }}
        paint={{
          'circle-radius': ['interpolate', ['linear'], ['zoom'], 8, 9, 14, 16, 18, 24],
          'circle-opacity': 0,
          'circle-stroke-width': 3,
          'circle-stroke-color': [
            'match',
            ['get', 'level'],
            'high',
            heatRiskRingColors.high,
            heatRiskRingColors.elevated,
          ],
        }}
      />
    </Source>
  );
}
