import type { Database } from '@baletrack/db/database';
import type { Kysely } from 'kysely';
import { type BaleStamp, StampedCache } from '../../lib/stamped-cache.ts';
import { Turns } from '../../lib/turns.ts';
import { listVisibleUids, mapIndexStamp } from '../bales/bale-stamps.repository.ts';
import type { BalePredicate } from '../bales/filter-predicate.ts';
import { type TimeRange, timeRangeKey } from '../bales/time-range.ts';
import type { BaleColumns } from '../summaries/summary-columns.ts';
import { readSummaryReference } from '../summaries/summary-reference.repository.ts';
import { readVisibleBaleRows } from '../summaries/visible-bale-rows.ts';
import {
  buildClusterIndex,
  buildRecentIndex,
  type ClusterIndex,
  type ClusterView,
  type PointIndex,
  RECENT_ID_OFFSET,
} from './cluster-index.ts';
import type { BaleSubset } from './cluster-totals.ts';
import { gradesOf, type MapGrades } from './map-grades.ts';
import {
  buildSnapshot,
  type FarmSnapshot,
  type FoldedLayer,
  foldSnapshot,
  mergeSnapshot,
  toMapPoints,
  uidsFingerprint,
} from './map-snapshot.ts';
import type { SnapshotStore } from './snapshot-store.ts';

// Read by other features (geofences, heatmaps) from here.
export { type BaleSubset, round } from './cluster-totals.ts';

// Memory: 0.34–0.65 KiB a visible bale (docs/benchmarks.md), a handful of farms and date ranges
// per process.
const MAX_SNAPSHOTS = 8;
const MAX_RANGES_PER_SNAPSHOT = 6;
/** A fold builds again the indexes of this many date ranges last asked (without a filter). */
const MAX_FOLDED_RANGES = 2;

export interface MapIndexOptions {
  /** Recent bales are folded in once the organization has had no new bale for this long… */
  foldQuietMs?: number;
  /** …or as soon as this many have gathered. */
  foldAtRecent?: number;
  /** Where snapshots are kept across restarts (none without it). */
  store?: SnapshotStore;
  /** The summaries' columns at a stamp (saved with the snapshot of that stamp). */
  columnsAt?: (orgId: string, stamp: BaleStamp) => Promise<BaleColumns>;
  /** A snapshot is saved this long after a load, a new folded layer or a full index build… */
  saveDelayMs?: number;
  /** …and at most once in this long per organization. */
  saveEveryMs?: number;
}

type Built = ClusterIndex & { range: TimeRange; filtered: boolean; gradesKey: string };

/** What an index is kept under: its date range, filter subset and grading. */
const indexKey = (range: TimeRange, subset: BaleSubset | undefined, gradesKey: string) =>
  `${timeRangeKey(range)}|${subset?.key ?? ''}|${gradesKey}`;

/**
 * Per-process cache of each organization's map: visible bales, stacks and supercluster indexes,
 * built lazily and checked against the database's stamp on every use, so several app processes
 * stay correct without talking to each other. New bales that were not moved (a baler reporting
 * live) are answered from a small index of recent bales beside the full one, and folded into a
 * new full index later, off the request that first sees them
 * (docs/adr/0017-live-map-index-and-one-bale-read.md).
 */
export class MapIndex {
  readonly #snapshots: StampedCache<FarmSnapshot>;
  // Full indexes live as long as the folded layer they cover (shared by the snapshots made from
  // it), recent-bale indexes and filter subsets as long as their snapshot.
  readonly #clusterIndexes = new WeakMap<FoldedLayer, Map<string, Built>>();
  readonly #building = new WeakMap<FoldedLayer, Map<string, Promise<Built>>>();
  readonly #recentIndexes = new WeakMap<FarmSnapshot, Map<string, PointIndex | undefined>>();
  readonly #subsets = new WeakMap<FarmSnapshot, Map<string, Promise<BaleSubset>>>();
  // The grades last used with each snapshot (they cover its recent bales): what its fold uses.
  readonly #grades = new WeakMap<FarmSnapshot, MapGrades>();
  readonly #foldTimers = new Map<string, { version: number; timer: NodeJS.Timeout }>();
  readonly #foldQuietMs: number;
  readonly #foldAtRecent: number;
  readonly #store: SnapshotStore | undefined;
  readonly #columnsAt: ((orgId: string, stamp: BaleStamp) => Promise<BaleColumns>) | undefined;
  readonly #saveDelayMs: number;
  readonly #saveEveryMs: number;
  readonly #saveTimers = new Map<string, NodeJS.Timeout>();
  readonly #lastSaved = new Map<string, number>();
  #fullBuilds = 0;

  constructor(
    private readonly db: Kysely<Database>,
    options: MapIndexOptions = {},
  ) {
    this.#foldQuietMs = options.foldQuietMs ?? 60_000;
    this.#foldAtRecent = options.foldAtRecent ?? 1_000;
    this.#store = options.store;
    this.#columnsAt = options.columnsAt;
    this.#saveDelayMs = options.saveDelayMs ?? 30_000;
    this.#saveEveryMs = options.saveEveryMs ?? 10 * 60_000;
    this.#snapshots = new StampedCache(
      (orgId) => mapIndexStamp(db, orgId),
      (orgId, stamp, base) => this.#load(orgId, stamp, base),
      MAX_SNAPSHOTS,
    );
  }

  /** How many full cluster indexes this process has built (each costs time in every bale). */
  get fullBuilds(): number {
    return this.#fullBuilds;
  }

  /**
   * The organization's current snapshot, by the stamp read now or the one given (read by the
   * request just before). A newer bale version is caught up on incrementally (only the bales
   * written since); a change of subscriptions reloads everything.
   */
  snapshot(orgId: string, stamp?: BaleStamp): Promise<FarmSnapshot> {
    return this.#snapshots.get(orgId, stamp);
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

  /**
   * The indexes answering a date range (and filter subset): the full one over the folded bales,
   * built on first use, and the recent bales' if there are any (which schedules their fold).
   * Indexes are kept per grading (`MapGrades.key`): a cutting's crop changed builds them again.
   * The grades must cover every bale of the snapshot (`mapGrades`).
   */
  async clusters(
    snapshot: FarmSnapshot,
    range: TimeRange,
    subset: BaleSubset | undefined,
    grades: MapGrades,
  ): Promise<ClusterView> {
    this.#grades.set(snapshot, grades);
    const full = await this.#fullIndex(snapshot, range, subset, grades);
    const parts = [{ index: full.index, idOffset: 0 }];
    if (snapshot.recent.length > 0) {
      const recent = this.#recentIndex(snapshot, range, subset, grades);
      if (recent) parts.push({ index: recent, idOffset: RECENT_ID_OFFSET });
      this.#scheduleFold(snapshot);
    }
    return { parts };
  }

  /**
   * Folds the organization's recent bales into new full indexes (for the date ranges in use
   * without a filter, one per turn of the event loop so requests are answered in between; others
   * are built when next asked), then puts the folded snapshot in the cache. False when there was
   * nothing to do, or a newer snapshot arrived meanwhile (its own fold follows).
   */
  async foldRecent(orgId: string): Promise<boolean> {
    const current = this.#snapshots.peek(orgId);
    const grades = current && this.#grades.get(current);
    if (!current || !grades || current.recent.length === 0) return false;
    const folded = foldSnapshot(current);
    this.#grades.set(folded, grades);
    const inUse = [...(this.#clusterIndexes.get(current.folded)?.values() ?? [])].filter(
      (b) => !b.filtered && b.gradesKey === grades.key,
    );
    for (const built of inUse.slice(-MAX_FOLDED_RANGES)) {
      await new Promise((resolve) => setImmediate(resolve));
      if (this.#snapshots.peek(orgId) !== current) return false;
      await this.#fullIndex(folded, built.range, undefined, grades);
    }
    if (this.#snapshots.peek(orgId) !== current) return false;
    this.#snapshots.replace(orgId, current, folded);
    this.#scheduleSave(orgId);
    return true;
  }

  /**
   * Keeps the organization's snapshot (recent bales too), its unfiltered full indexes and the
   * summaries' columns in the store, both caught up to the stamp read now; false when there is no
   * store or the process holds nothing for the organization. With `index`, a snapshot without a
   * whole-time index graded by the cuttings and crops as they are now (its bales or the cuttings
   * changed since the last map call, or other date ranges were asked since) gets one first, so
   * the next start's opening view builds nothing.
   */
  async saveSnapshot(orgId: string, options: { index?: boolean } = {}): Promise<boolean> {
    const store = this.#store;
    const columnsAt = this.#columnsAt;
    if (!store || !columnsAt || !this.#snapshots.peek(orgId)) return false;
    const stamp = await mapIndexStamp(this.db, orgId);
    let [snapshot, columns] = await Promise.all([
      this.snapshot(orgId, stamp),
      columnsAt(orgId, stamp),
    ]);
    let grades = this.#grades.get(snapshot);
    if (options.index) {
      // Graded as the cuttings and crops are now (they change without a bale version): an index
      // graded otherwise would be built again by the next start's first map call.
      grades = gradesOf(columns, await readSummaryReference(this.db, orgId));
      // A fold that is due (bales added by requests that do not arm it, a heatmap's or a
      // report's) is done now, with the index built below, not by the next start's first call.
      if (snapshot.recent.length >= this.#foldAtRecent) {
        const folded = foldSnapshot(snapshot);
        this.#snapshots.replace(orgId, snapshot, folded);
        snapshot = folded;
      }
      this.#grades.set(snapshot, grades);
    }
    const unfiltered = () =>
      [...(this.#clusterIndexes.get(snapshot.folded)?.values() ?? [])].filter(
        (built) => !built.filtered && built.gradesKey === grades?.key,
      );
    const wholeTime = (built: Built) =>
      built.range.from === undefined && built.range.to === undefined;
    if (options.index && grades && !unfiltered().some(wholeTime)) {
      await this.#fullIndex(snapshot, {}, undefined, grades);
    }
    // The whole-time index (the map opens on all years) and the last other range used.
    const kept = unfiltered();
    const indexes = [...kept.filter(wholeTime), ...kept.filter((b) => !wholeTime(b)).slice(-1)];
    this.#lastSaved.set(orgId, Date.now());
    return store.save({ columns, snapshot, indexes: indexes.slice(0, MAX_FOLDED_RANGES) });
  }

  async #fullIndex(
    snapshot: FarmSnapshot,
    range: TimeRange,
    subset: BaleSubset | undefined,
    grades: MapGrades,
  ): Promise<Built> {
    const layer = snapshot.folded;
    let perRange = this.#clusterIndexes.get(layer);
    if (!perRange) {
      perRange = new Map();
      this.#clusterIndexes.set(layer, perRange);
    }
    const key = indexKey(range, subset, grades.key);
    const built = perRange.get(key);
    if (built) {
      // Last asked goes last: the fold rebuilds the latest, the oldest is dropped first.
      perRange.delete(key);
      perRange.set(key, built);
      return built;
    }
    // Built a slice at a time; requests asking meanwhile wait for the same build.
    let building = this.#building.get(layer)?.get(key);
    if (!building) {
      building = this.#build(snapshot, range, subset, grades, perRange, key);
      const forLayer = this.#building.get(layer) ?? new Map<string, Promise<Built>>();
      this.#building.set(layer, forLayer);
      forLayer.set(key, building);
      void building.then(
        () => forLayer.delete(key),
        () => forLayer.delete(key),
      );
    }
    return building;
  }

  async #build(
    snapshot: FarmSnapshot,
    range: TimeRange,
    subset: BaleSubset | undefined,
    grades: MapGrades,
    perRange: Map<string, Built>,
    key: string,
  ): Promise<Built> {
    this.#fullBuilds += 1;
    const index = await buildClusterIndex(
      snapshot.folded,
      snapshot.stacks,
      range,
      subset,
      grades,
      new Turns(),
    );
    const built = { ...index, range, filtered: subset !== undefined, gradesKey: grades.key };
    if (!subset) this.#scheduleSave(snapshot.orgId);
    if (perRange.size >= MAX_RANGES_PER_SNAPSHOT) {
      const oldest = perRange.keys().next().value;
      if (oldest !== undefined) perRange.delete(oldest);
    }
    perRange.set(key, built);
    return built;
  }

  #recentIndex(
    snapshot: FarmSnapshot,
    range: TimeRange,
    subset: BaleSubset | undefined,
    grades: MapGrades,
  ) {
    let perRange = this.#recentIndexes.get(snapshot);
    if (!perRange) {
      perRange = new Map();
      this.#recentIndexes.set(snapshot, perRange);
    }
    const key = indexKey(range, subset, grades.key);
    if (!perRange.has(key)) {
      if (perRange.size >= MAX_RANGES_PER_SNAPSHOT) perRange.clear();
      perRange.set(key, buildRecentIndex(snapshot.recent, range, subset, grades));
    }
    return perRange.get(key);
  }

  /** Arms the fold: after a quiet spell, or at once past `foldAtRecent` recent bales. */
  #scheduleFold(snapshot: FarmSnapshot): void {
    const { orgId, baleVersion } = snapshot;
    const armed = this.#foldTimers.get(orgId);
    if (armed?.version === baleVersion) return;
    if (armed) clearTimeout(armed.timer);
    const delay = snapshot.recent.length >= this.#foldAtRecent ? 0 : this.#foldQuietMs;
    const timer = setTimeout(() => {
      this.#foldTimers.delete(orgId);
      void this.foldRecent(orgId);
    }, delay);
    // A pending fold never keeps the process alive (it only saves later work).
    timer.unref();
    this.#foldTimers.set(orgId, { version: baleVersion, timer });
  }

  /**
   * The process is stopping: every organization it holds is saved now (recent bales as they are,
   * not folded), so the next start reads them; no-op without a store. Answers how many
   * organizations' snapshots were written (the store skips one it already wrote); a failed one
   * (a folder that cannot be written) is told to `onError` and costs only the next start's time.
   */
  async savePending(onError?: (orgId: string, error: unknown) => void): Promise<number> {
    if (!this.#store) return 0;
    for (const timer of this.#saveTimers.values()) clearTimeout(timer);
    this.#saveTimers.clear();
    let saved = 0;
    for (const orgId of this.#snapshots.organizations()) {
      const written = await this.saveSnapshot(orgId, { index: true }).catch((error: unknown) => {
        onError?.(orgId, error);
        return false;
      });
      if (written) saved += 1;
    }
    return saved;
  }

  /** Saves the snapshot once full builds have settled (one timer per organization, unref'd). */
  #scheduleSave(orgId: string): void {
    if (!this.#store) return;
    clearTimeout(this.#saveTimers.get(orgId));
    const since = Date.now() - (this.#lastSaved.get(orgId) ?? -Infinity);
    const delay = Math.max(this.#saveDelayMs, this.#saveEveryMs - since);
    const timer = setTimeout(() => {
      this.#saveTimers.delete(orgId);
      // A failed write (a full disk) costs only the next restart's time.
      this.saveSnapshot(orgId).catch(() => {});
    }, delay);
    timer.unref();
    this.#saveTimers.set(orgId, timer);
  }

  /**
   * A snapshot file's state as the starting point of a load (its full indexes kept with its
   * folded layer): undefined when there is none to start from.
   */
  async #restore(orgId: string, stamp: BaleStamp): Promise<FarmSnapshot | undefined> {
    const restored = await this.#store?.restore(orgId, stamp, 'map');
    if (!restored) return undefined;
    const { snapshot, indexes } = restored;
    const perRange = new Map<string, Built>();
    for (const { index, stacks, range, gradesKey } of indexes) {
      const key = indexKey(range, undefined, gradesKey);
      perRange.set(key, { index, stacks, range, filtered: false, gradesKey });
    }
    this.#clusterIndexes.set(snapshot.folded, perRange);
    // Saved already: no save until a later full build.
    this.#lastSaved.set(orgId, Date.now());
    return snapshot;
  }

  async #load(
    orgId: string,
    stamp: BaleStamp,
    cachedBase: FarmSnapshot | undefined,
  ): Promise<FarmSnapshot> {
    const base = cachedBase ?? (await this.#restore(orgId, stamp));
    if (base && base.baleVersion === stamp.baleVersion) return base;
    // The same read as the summary columns' for this stamp (after a restart both load at once).
    const { visible, locked } = await readVisibleBaleRows(
      this.db,
      orgId,
      'map',
      stamp,
      base?.baleVersion,
    );
    // Between the load's steps other requests run, once a slice of this turn is spent.
    const turns = new Turns();
    await turns.check();
    const points = toMapPoints(visible);
    await turns.check();
    if (base) {
      const merged = mergeSnapshot(base, stamp, points, locked);
      // A new folded layer (bales changed, not only added): kept once things settle.
      if (merged.folded !== base.folded) this.#scheduleSave(orgId);
      return merged;
    }
    const snapshot = buildSnapshot(
      { orgId, ...stamp },
      points,
      new Map(locked.map((row) => [row.uid, row.createdMs])),
    );
    // The uid map is not needed to answer (a catch-up needs it): made after, in turns.
    void snapshot.folded.prepareByUid();
    this.#scheduleSave(orgId);
    return snapshot;
  }
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
