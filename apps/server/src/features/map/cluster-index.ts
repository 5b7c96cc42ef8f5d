import type { MapStack } from '@baletrack/contracts/map/map';
import Supercluster from 'supercluster';
import type { Turns } from '../../lib/turns.ts';
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

/**
 * The full index over the folded bales that are loose (not stacked) and over the stacks, built
 * a slice at a time (`turns`): a large farm's index never holds other requests up for long.
 */
export async function buildClusterIndex(
  layer: Pick<FoldedLayer, 'points' | 'stacked'>,
  stackPlaces: ReadonlyMap<string, StackPlace>,
  range: TimeRange,
  subset: BaleSubset | undefined,
  grades: MapGrades,
  turns: Turns,
): Promise<ClusterIndex> {
  const features: PointFeature[] = [];
  const { points, stacked } = layer;
  for (let i = 0; i < points.length; i += 1) {
    if ((i & 4095) === 0) await turns.check();
    const bale = points[i] as MapPoint;
    if (stacked[i] === 1 || !inTimeRange(range, bale.createdMs)) continue;
    if (subset && !subset.uids.has(bale.uid)) continue;
    features.push(pointFeature(bale.lon, bale.lat, { bale, grade: grades.of(bale) }));
  }
  const stacks: MapStack[] = [];
  for (const [id, place] of stackPlaces) {
    const summary = summarizeStack(id, place, range, subset?.uids, grades);
    if (!summary) continue;
    stacks.push(summary.stack);
    features.push(pointFeature(place.lon, place.lat, summary));
  }
  const index = newIndex();
  await loadInTurns(index, features, turns);
  return { index, stacks };
}

// supercluster 9.1's own `load`, with a turn's break between its steps (its internals, pinned to
// that version: cluster-index.test.ts checks both build the same index).
interface SuperclusterInternals {
  options: { minZoom: number; maxZoom: number };
  stride: number;
  numPoints: number;
  props: ClusterPointProps[];
  coords: Float64Array;
  ids: null;
  trees: unknown[];
  _createTree(data: Int32Array, numItems: number): unknown;
  _cluster(data: Int32Array, numItems: number, zoom: number, out: Int32Array): number;
}
const SCALE = 0x40000000;
const encode = (c: number) => (c - 0.5) * SCALE;
const lngX = (lng: number) => lng / 360 + 0.5;
function latY(lat: number): number {
  const sin = Math.sin((lat * Math.PI) / 180);
  const y = 0.5 - (0.25 * Math.log((1 + sin) / (1 - sin))) / Math.PI;
  return Math.max(0, Math.min(1, y));
}

/** `index.load(features)` (points only), one zoom's clustering per slice at most. */
export async function loadInTurns(
  index: PointIndex,
  features: readonly PointFeature[],
  turns: Turns,
): Promise<void> {
  const internal = index as unknown as SuperclusterInternals;
  const { minZoom, maxZoom } = internal.options;
  const { stride } = internal;
  const n = features.length;
  const props: ClusterPointProps[] = new Array(n);
  const coords = new Float64Array(n * 2);
  const data = new Int32Array(n * stride);
  for (let i = 0; i < n; i += 1) {
    if ((i & 8191) === 0) await turns.check();
    const feature = features[i] as PointFeature;
    const [lng, lat] = feature.geometry.coordinates as [number, number];
    const px = lngX(lng);
    const py = latY(lat);
    coords[2 * i] = px;
    coords[2 * i + 1] = py;
    const w = i * stride;
    data[w] = encode(px);
    data[w + 1] = encode(py);
    data[w + 2] = maxZoom + 1;
    data[w + 3] = i;
    data[w + 4] = -1;
    data[w + 5] = 1;
    props[i] = feature.properties;
  }
  Object.assign(internal, { numPoints: n, props, coords, ids: null });
  let prev: Int32Array = data;
  let prevNum = n;
  internal.trees[maxZoom + 1] = internal._createTree(prev, prevNum);
  let recycled: Int32Array | null = null;
  for (let z = maxZoom; z >= minZoom; z -= 1) {
    await turns.check();
    const out: Int32Array = recycled ?? new Int32Array(prevNum * stride);
    recycled = null;
    const written = internal._cluster(prev, prevNum, z, out);
    if (written === prevNum) {
      internal.trees[z] = internal.trees[z + 1];
      recycled = out;
    } else {
      internal.trees[z] = internal._createTree(out, written);
      prev = out;
      prevNum = written;
    }
  }
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
