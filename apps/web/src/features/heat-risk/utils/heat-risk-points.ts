import type { HeatRiskEntry } from '@baletrack/contracts/heat-risk/heat-risk';
import type { FeatureCollection, Point } from 'geojson';

/** What the map's ring of an entry carries. */
export interface HeatRiskPointProperties {
  level: 'high' | 'elevated';
  score: number;
}

/**
 * The watch list as map points: one per entry, at the stack or the lone bale, with its level;
 * the most urgent last, so its ring is drawn on top.
 * @example heatRiskPoints(entries).features[0].properties // { level: 'elevated', score: 2 }
 */
export function heatRiskPoints(
  entries: readonly HeatRiskEntry[],
): FeatureCollection<Point, HeatRiskPointProperties> {
  return {
    type: 'FeatureCollection',
    features: entries
      .map((entry) => {
        const at = entry.kind === 'stack' ? entry : entry.bale;
        const { level, score } = entry.kind === 'stack' ? entry : entry.bale;
        return {
          type: 'Feature' as const,
          geometry: { type: 'Point' as const, coordinates: [at.lon, at.lat] },
          properties: { level, score },
        };
      })
      .sort((a, b) => a.properties.score - b.properties.score),
  };
}
