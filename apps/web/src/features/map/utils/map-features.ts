import { baleShapeBySize } from '@baletrack/contracts/bales/bale';
import type { ClustersResponse } from '@baletrack/contracts/map/map';
import type { FeatureCollection, Point } from 'geojson';
import { majorityGrade, type ShownGrade, shownGrade } from '@/features/map/utils/grade-colour';

/** What every drawn item carries: the colour measures share property names across kinds. */
export interface MapItemProperties {
  kind: 'cluster' | 'bale' | 'stack';
  /** Bale uid, stack id or cluster id (as text: one property for all three). */
  id: string;
  /** Bales it stands for (1 for a bale). */
  count: number;
  /** The count as its label shows it ('1.2k'). */
  countLabel: string;
  /** Per bale (a cluster's or stack's average). */
  weightKg: number;
  moisture: number;
  rfv?: number;
  /** Crude protein, % of DM; absent where no bale reported it. */
  protein?: number;
  /**
   * The quality grade as shown (a cluster's most common, a stack's own); absent when ungraded.
   */
  grade?: ShownGrade;
  /** Bales only: which icon. */
  shape?: 'round' | 'square';
  /** Clusters only: where they split apart. */
  expansionZoom?: number;
}

/**
 * '987', '1.2k', '12k', '1.2M': short enough for a cluster circle, rounded to the nearest as the
 * list beside the map reads it (9,857 bales is '9.9k', not '9.8k').
 */
export function countLabel(count: number): string {
  if (count < 1_000) return String(count);
  const [value, suffix] = count < 999_500 ? [count / 1_000, 'k'] : [count / 1_000_000, 'M'];
  return `${value < 9.95 ? Math.round(value * 10) / 10 : Math.round(value)}${suffix}`;
}

const point = (lon: number, lat: number): Point => ({ type: 'Point', coordinates: [lon, lat] });
// MapLibre properties cannot hold null: a missing value is a missing property (drawn grey).
const withRfv = (rfv: number | null) => (rfv === null ? {} : { rfv });
const withProtein = (protein: number | null) => (protein === null ? {} : { protein });
const withGrade = (grade: ShownGrade | undefined) => (grade === undefined ? {} : { grade });

/**
 * The answer of /clusters/get as one GeoJSON source; layers pick their kind by filter. Grades
 * are as the organization reads them (with RFV off, legume grades are one class).
 */
export function mapFeatures(
  items: ClustersResponse,
  rfvEnabled = true,
): FeatureCollection<Point, MapItemProperties> {
  return {
    type: 'FeatureCollection',
    features: [
      ...items.clusters.map((c) => ({
        type: 'Feature' as const,
        geometry: point(c.lon, c.lat),
        properties: {
          kind: 'cluster' as const,
          id: String(c.id),
          count: c.count,
          countLabel: countLabel(c.count),
          weightKg: c.avgWeightKg,
          moisture: c.avgMoisture,
          ...withRfv(c.avgRfv),
          ...withProtein(c.avgProtein),
          ...withGrade(majorityGrade(c.grades, rfvEnabled)),
          expansionZoom: c.expansionZoom,
        },
      })),
      ...items.stacks.map((s) => ({
        type: 'Feature' as const,
        geometry: point(s.lon, s.lat),
        properties: {
          kind: 'stack' as const,
          id: s.id,
          count: s.count,
          countLabel: countLabel(s.count),
          weightKg: s.totalWeightKg / s.count,
          moisture: s.avgMoisture,
          ...withRfv(s.avgRfv),
          ...withProtein(s.avgProtein),
          ...withGrade(shownGrade(s.grade, rfvEnabled)),
        },
      })),
      ...items.bales.map((b) => ({
        type: 'Feature' as const,
        geometry: point(b.lon, b.lat),
        properties: {
          kind: 'bale' as const,
          id: b.uid,
          count: 1,
          countLabel: '1',
          weightKg: b.weightKg,
          moisture: b.avgMoisture,
          ...withRfv(b.rfv),
          ...withProtein(b.protein),
          ...withGrade(shownGrade(b.grade, rfvEnabled)),
          shape: baleShapeBySize[b.baleSize] === 'Round' ? ('round' as const) : ('square' as const),
        },
      })),
    ],
  };
}

/** Bales the answer stands for: cluster and stack counts plus loose bales. */
export function baleTotal(items: ClustersResponse): number {
  const sum = (counts: { count: number }[]) => counts.reduce((total, c) => total + c.count, 0);
  return sum(items.clusters) + sum(items.stacks) + items.bales.length;
}

/** The box around everything in the answer, or null when it is empty. */
export function itemsBounds(
  items: ClustersResponse,
): { west: number; south: number; east: number; north: number } | null {
  const points = [...items.clusters, ...items.stacks, ...items.bales];
  if (points.length === 0) return null;
  const lons = points.map((p) => p.lon);
  const lats = points.map((p) => p.lat);
  return {
    west: Math.min(...lons),
    south: Math.min(...lats),
    east: Math.max(...lons),
    north: Math.max(...lats),
  };
}

/**
 * The part of an answer inside the visible bounds. The query asks for a wider box (see
 * viewQuery), so the summary and lists filter to what is actually on screen.
 */
export function itemsWithin(
  items: ClustersResponse,
  bounds: { west: number; south: number; east: number; north: number },
): ClustersResponse {
  const inside = ({ lon, lat }: { lon: number; lat: number }) => {
    if (lat < bounds.south || lat > bounds.north) return false;
    if (bounds.east - bounds.west >= 360) return true;
    // Views across the antimeridian have a west below -180 or an east above 180.
    let x = lon;
    while (x < bounds.west) x += 360;
    return x <= bounds.east;
  };
  return {
    ...items,
    clusters: items.clusters.filter(inside),
    bales: items.bales.filter(inside),
    stacks: items.stacks.filter(inside),
  };
}
