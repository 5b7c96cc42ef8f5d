import type { MapStack } from '@baletrack/contracts/map/map';
import Supercluster from 'supercluster';
import { inTimeRange, type TimeRange } from '../bales/time-range.ts';
import {
  addBale,
  addTotals,
  type BaleSubset,
  type ClusterPointProps,
  emptyTotals,
  summarizeStack,
  type Totals,
} from './cluster-totals.ts';
import type { MapGrades } from './map-grades.ts';
import type { FoldedLayer, MapPoint, StackPlace } from './map-snapshot.ts';

export type PointIndex = Supercluster<ClusterPointProps, Totals>;
type PointFeature = Parameters<PointIndex['load']>[0][number];

/** Past this zoom every bale and stack is drawn on its own. */
export const CLUSTER_MAX_ZOOM = 16;
/**
 * Ids of the recent bales' clusters start here, far above any id of the folded index
 * (supercluster's ids stay below 2^31 plus its point count), so one query serves both.
 */
export const RECENT_ID_OFFSET = 2 ** 40;

/** Clusters over the loose bales and stacks of one date range (and filter). */
export interface ClusterIndex {
  index: PointIndex;
  stacks: MapStack[];
}

/** The indexes one map query reads: the folded bales' and, while there are any, the recent ones'. */
export interface ClusterView {
  parts: { index: PointIndex; idOffset: number }[];
}

/** The full index over the folded bales that are loose (not stacked) and over the stacks. */
export function buildClusterIndex(
  layer: Pick<FoldedLayer, 'points' | 'stacked'>,
  stackPlaces: ReadonlyMap<string, StackPlace>,
  range: TimeRange,
  subset: BaleSubset | undefined,
  grades: MapGrades,
): ClusterIndex {
  const features: PointFeature[] = [];
  const { points, stacked } = layer;
  for (let i = 0; i < points.length; i += 1) {
    const bale = points[i] as MapPoint;
    if (stacked[i] === 1 || !inTimeRange(range, bale.createdMs)) continue;
    if (subset && !subset.uids.has(bale.uid)) continue;
    features.push(pointFeature(bale.lon, bale.lat, { bale, grade: grades.of(bale) }));
  }
  const stacks: MapStack[] = [];
  for (const [id, place] of stackPlaces) {
    const summary = summarizeStack(id, place, range, subset, grades);
    if (!summary) continue;
    stacks.push(summary.stack);
    features.push(pointFeature(place.lon, place.lat, summary));
  }
  return { index: loadIndex(features), stacks };
}

/**
 * The small index over recent bales (never stacked: they were not moved) in the range and
 * subset; undefined when none are.
 */
export function buildRecentIndex(
  recent: readonly MapPoint[],
  range: TimeRange,
  subset: BaleSubset | undefined,
  grades: MapGrades,
): PointIndex | undefined {
  const features: PointFeature[] = [];
  for (const bale of recent) {
    if (!inTimeRange(range, bale.createdMs) || (subset && !subset.uids.has(bale.uid))) continue;
    features.push(pointFeature(bale.lon, bale.lat, { bale, grade: grades.of(bale) }));
  }
  return features.length === 0 ? undefined : loadIndex(features);
}

function loadIndex(features: PointFeature[]): PointIndex {
  const index = newIndex();
  index.load(features);
  return index;
}

/** What supercluster holds once loaded (supercluster 9.1; snapshot-file.test.ts pins it). */
export interface IndexState {
  trees: unknown[];
  numPoints: number;
  props: ClusterPointProps[];
  coords: Float64Array;
  clusterProps: Totals[];
}

/** An index as `loadIndex` left it, from its state (kept in a snapshot file). */
export function restoreIndex(state: IndexState): PointIndex {
  const index = newIndex();
  Object.assign(index, { ...state, ids: null });
  return index;
}

function newIndex(): PointIndex {
  return new Supercluster<ClusterPointProps, Totals>({
    radius: 60,
    maxZoom: CLUSTER_MAX_ZOOM,
    map: (props) => {
      if ('stack' in props) return { ...props.totals };
      const totals = emptyTotals();
      addBale(totals, props.bale, props.grade);
      return totals;
    },
    reduce: addTotals,
  });
}

function pointFeature(lon: number, lat: number, properties: ClusterPointProps): PointFeature {
  return { type: 'Feature', geometry: { type: 'Point', coordinates: [lon, lat] }, properties };
}
