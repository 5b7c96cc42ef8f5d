import type { Stack } from '@baletrack/contracts/map/map';
import type { Database } from '@baletrack/db/database';
import type { Kysely } from 'kysely';
import Supercluster from 'supercluster';
import { type BaleStamp, StampedCache } from '../../lib/stamped-cache.ts';
import type { BalePredicate } from '../bales/filter-predicate.ts';
import { inTimeRange, type TimeRange, timeRangeKey } from '../bales/time-range.ts';
import {
  listLockedCreationTimes,
  listVisibleMapPoints,
  listVisibleUids,
  mapIndexStamp,
} from './map-points.repository.ts';
import {
  buildSnapshot,
  type FarmSnapshot,
  type MapPoint,
  mergeSnapshot,
  type StackPlace,
  toMapPoint,
  uidsFingerprint,
} from './map-snapshot.ts';

/** Sums a cluster carries up the tree; averages are taken per bale at the end. */
export interface Totals {
  bales: number;
  weightKg: number;
  dryMassKg: number;
  moisture: number;
  rfv: number;
  rfvBales: number;
}

export type ClusterPointProps = { bale: MapPoint } | { stack: Stack; totals: Totals };

type PointFeature = Parameters<Supercluster<ClusterPointProps, Totals>['load']>[0][number];

/** The bales an applied filter keeps, named for caches (see `BaleSelection.whereKey`). */
export interface BaleSubset {
  key: string;
  uids: ReadonlySet<string>;
}

/** Clusters over the loose bales and stacks of one date range (and filter). */
export interface ClusterIndex {
  index: Supercluster<ClusterPointProps, Totals>;
  stacks: Stack[];
}

// Memory: about 1.3 KB a visible bale (docs/benchmarks.md), a handful of farms and date ranges
// per process.
const MAX_SNAPSHOTS = 8;
const MAX_RANGES_PER_SNAPSHOT = 6;
/** Past this zoom every bale and stack is drawn on its own. */
export const CLUSTER_MAX_ZOOM = 16;

export function emptyTotals(): Totals {
  return { bales: 0, weightKg: 0, dryMassKg: 0, moisture: 0, rfv: 0, rfvBales: 0 };
}

export function addBale(totals: Totals, bale: MapPoint): void {
  totals.bales += 1;
  totals.weightKg += bale.weightKg;
  totals.dryMassKg += bale.dryMassKg;
  totals.moisture += bale.avgMoisture;
  if (bale.rfv !== null) {
    totals.rfv += bale.rfv;
    totals.rfvBales += 1;
  }
}

export const round = (value: number, digits = 1) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

/**
 * A stack's summary over its members made within the range (and kept by the filter's subset);
 * undefined when none were.
 */
export function summarizeStack(
  id: string,
  place: StackPlace,
  range: TimeRange,
  subset?: BaleSubset,
): { stack: Stack; totals: Totals } | undefined {
  const totals = emptyTotals();
  for (const bale of place.members) {
    if (inTimeRange(range, bale.createdMs) && (!subset || subset.uids.has(bale.uid))) {
      addBale(totals, bale);
    }
  }
  if (totals.bales === 0) return undefined;
  const stack: Stack = {
    id,
    lat: place.lat,
    lon: place.lon,
    count: totals.bales,
    totalWeightKg: round(totals.weightKg),
    dryMassKg: round(totals.dryMassKg),
    avgMoisture: round(totals.moisture / totals.bales),
    avgRfv: totals.rfvBales === 0 ? null : round(totals.rfv / totals.rfvBales),
  };
  return { stack, totals };
}

/**
 * Per-process cache of each organization's map: visible bales, stacks and supercluster indexes,
 * built lazily and checked against the database's stamp on every use, so several app processes
 * stay correct without talking to each other.
 */
export class MapIndex {
  readonly #snapshots: StampedCache<FarmSnapshot>;
  // Indexes and filter subsets live as long as their snapshot.
  readonly #clusterIndexes = new WeakMap<FarmSnapshot, Map<string, ClusterIndex>>();
  readonly #subsets = new WeakMap<FarmSnapshot, Map<string, Promise<BaleSubset>>>();

  constructor(private readonly db: Kysely<Database>) {
    this.#snapshots = new StampedCache(
      (orgId) => mapIndexStamp(db, orgId),
      (orgId, stamp, base) => this.#load(orgId, stamp, base),
      MAX_SNAPSHOTS,
    );
  }

  /**
   * The organization's current snapshot. A newer bale version is caught up on incrementally
   * (only the bales written since); a change of subscriptions reloads everything.
   */
  snapshot(orgId: string): Promise<FarmSnapshot> {
    return this.#snapshots.get(orgId);
  }

  /**
   * The snapshot's bales an applied filter keeps (undefined without a condition), read from the
   * database (the filter is written only in SQL); kept per snapshot when the condition has a key.
   */
  async subset(
    snapshot: FarmSnapshot,
    selection: { where?: BalePredicate; whereKey?: string },
  ): Promise<BaleSubset | undefined> {
    const { where, whereKey: key } = selection;
    if (!where) return undefined;
    const read = () => listVisibleUids(this.db, snapshot.orgId, where);
    if (!key)
      return read().then((uids) => ({ key: `uids:${uidsFingerprint(uids)}`, uids: new Set(uids) }));
    const perFilter = this.#subsets.get(snapshot) ?? new Map<string, Promise<BaleSubset>>();
    this.#subsets.set(snapshot, perFilter);
    let subset = perFilter.get(key);
    if (!subset) {
      subset = read().then((uids) => ({ key, uids: new Set(uids) }));
      // A failed read is not kept: the next request asks again.
      subset.catch(() => perFilter.delete(key));
      if (perFilter.size >= MAX_RANGES_PER_SNAPSHOT) perFilter.clear();
      perFilter.set(key, subset);
    }
    return subset;
  }

  /** The cluster index for a date range (and filter subset), built on first use. */
  clusters(snapshot: FarmSnapshot, range: TimeRange, subset?: BaleSubset): ClusterIndex {
    let perRange = this.#clusterIndexes.get(snapshot);
    if (!perRange) {
      perRange = new Map();
      this.#clusterIndexes.set(snapshot, perRange);
    }
    const key = `${timeRangeKey(range)}|${subset?.key ?? ''}`;
    let built = perRange.get(key);
    if (!built) {
      built = buildClusterIndex(snapshot, range, subset);
      if (perRange.size >= MAX_RANGES_PER_SNAPSHOT) {
        const oldest = perRange.keys().next().value;
        if (oldest !== undefined) perRange.delete(oldest);
      }
      perRange.set(key, built);
    }
    return built;
  }

  async #load(
    orgId: string,
    stamp: BaleStamp,
    base: FarmSnapshot | undefined,
  ): Promise<FarmSnapshot> {
    const since = base?.baleVersion;
    const [visible, locked] = await Promise.all([
      listVisibleMapPoints(this.db, orgId, since),
      listLockedCreationTimes(this.db, orgId, since),
    ]);
    const points = visible.map(toMapPoint);
    return base
      ? mergeSnapshot(base, stamp, points, locked)
      : buildSnapshot(
          { orgId, ...stamp },
          points,
          new Map(locked.map((row) => [row.uid, row.createdMs])),
        );
  }
}

function buildClusterIndex(
  snapshot: FarmSnapshot,
  range: TimeRange,
  subset: BaleSubset | undefined,
): ClusterIndex {
  const features: PointFeature[] = [];
  for (const bale of snapshot.points) {
    if (snapshot.stackOf.has(bale.uid) || !inTimeRange(range, bale.createdMs)) continue;
    if (subset && !subset.uids.has(bale.uid)) continue;
    features.push(pointFeature(bale.lon, bale.lat, { bale }));
  }
  const stacks: Stack[] = [];
  for (const [id, place] of snapshot.stacks) {
    const summary = summarizeStack(id, place, range, subset);
    if (!summary) continue;
    stacks.push(summary.stack);
    features.push(pointFeature(place.lon, place.lat, summary));
  }
  const index = new Supercluster<ClusterPointProps, Totals>({
    radius: 60,
    maxZoom: CLUSTER_MAX_ZOOM,
    map: (props) => {
      if ('stack' in props) return { ...props.totals };
      const totals = emptyTotals();
      addBale(totals, props.bale);
      return totals;
    },
    reduce: (into, from) => {
      into.bales += from.bales;
      into.weightKg += from.weightKg;
      into.dryMassKg += from.dryMassKg;
      into.moisture += from.moisture;
      into.rfv += from.rfv;
      into.rfvBales += from.rfvBales;
    },
  });
  index.load(features);
  return { index, stacks };
}

function pointFeature(lon: number, lat: number, properties: ClusterPointProps): PointFeature {
  return { type: 'Feature', geometry: { type: 'Point', coordinates: [lon, lat] }, properties };
}

/** Locked bales made within the range (binary search over sorted instants). */
export function countLocked(snapshot: FarmSnapshot, range: TimeRange): number {
  const times = snapshot.lockedTimes;
  const lowerBound = (ms: number) => {
    let lo = 0;
    let hi = times.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((times[mid] as number) < ms) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const start = range.from === undefined ? 0 : lowerBound(range.from.getTime());
  const end = range.to === undefined ? times.length : lowerBound(range.to.getTime());
  return Math.max(0, end - start);
}
