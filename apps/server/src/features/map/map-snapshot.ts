import type { BaleSize } from '@baletrack/contracts/bales/bale';
import { mapInTurns } from '../../lib/turns.ts';
import {
  hasMoved,
  type StackPlace as Place,
  placeStacks,
  type StackBale,
} from '../bales/stack-grouping.ts';
import type { VisibleBaleBatch } from '../summaries/visible-bale-batch.ts';

/** What the map needs of one visible bale; never changed once made (snapshots share them). */
export interface MapPoint extends StackBale {
  /**
   * Its row in the read it came from: where summary columns built from the same read hold it
   * (after a restart both are built from one read), a hint checked before use (`MapGrades`).
   */
  row: number;
}

/** A stack of the map: its members with all the map knows of them. */
export type StackPlace = Place<MapPoint>;

/** The bales the full cluster indexes are built over, shared by the snapshots made from it. */
export interface FoldedLayer {
  /** In snapshot order (`compareUid`), the same in every process: stable cluster ids. */
  readonly points: MapPoint[];
  readonly byUid: Map<string, MapPoint>;
  /** 1 where `points[i]` is in a stack (drawn as its stack, not on its own). */
  readonly stacked: Uint8Array;
  /** Makes `byUid` ahead of its first use, a slice at a time. */
  prepareByUid(): Promise<void>;
}

/**
 * A folded layer whose uid map is made on first use: a first map call after a restart needs only
 * the points in order (a map of 1,000,000 uids took about a second), a catch-up needs the map.
 */
class PointLayer implements FoldedLayer {
  #byUid: Map<string, MapPoint> | undefined;

  constructor(
    readonly points: MapPoint[],
    readonly stacked: Uint8Array,
    byUid?: Map<string, MapPoint>,
  ) {
    this.#byUid = byUid;
  }

  /** Makes `byUid` ahead of its first use, a slice at a time (a read meanwhile makes it whole). */
  async prepareByUid(): Promise<void> {
    const { points } = this;
    const map = await mapInTurns(
      () => (this.#byUid ? 0 : points.length),
      (i) => [(points[i] as MapPoint).uid, points[i] as MapPoint],
    );
    this.#byUid ??= map;
  }

  get byUid(): Map<string, MapPoint> {
    if (!this.#byUid) {
      this.#byUid = new Map();
      for (const point of this.points) this.#byUid.set(point.uid, point);
    }
    return this.#byUid;
  }
}

/** The organization's visible bales, stacks and locked bales at one stamp. */
export interface FarmSnapshot {
  readonly orgId: string;
  readonly baleVersion: number;
  readonly activeMonths: number;
  /** Every visible bale in snapshot order (folded and recent, merged on first read). */
  readonly points: readonly MapPoint[];
  readonly byUid: ReadonlyMap<string, MapPoint>;
  readonly stacks: Map<string, StackPlace>;
  readonly stackOf: Map<string, string>;
  /** Locked bales: uid → creation instant (ms). */
  readonly locked: Map<string, number>;
  /** The same instants, sorted, for counting by date range. */
  readonly lockedTimes: Float64Array;
  /** What the full cluster indexes cover (docs/adr/0017-live-map-index-and-one-bale-read.md) */
  readonly folded: FoldedLayer;
  /**
   * Bales new since `folded`, none moved (so in no stack), oldest first: the small index the map
   * merges at query time until they are folded in.
   */
  readonly recent: readonly MapPoint[];
}

type Stamp = { orgId: string; baleVersion: number; activeMonths: number };

/** A snapshot whose all-bale views (`points`, `byUid`) are merged from its layers on first read. */
class LayeredSnapshot implements FarmSnapshot {
  readonly orgId: string;
  readonly baleVersion: number;
  readonly activeMonths: number;
  #points?: MapPoint[];
  #byUid?: Map<string, MapPoint>;

  constructor(
    stamp: Stamp,
    readonly folded: FoldedLayer,
    readonly recent: readonly MapPoint[],
    readonly stacks: Map<string, StackPlace>,
    readonly stackOf: Map<string, string>,
    readonly locked: Map<string, number>,
    readonly lockedTimes: Float64Array,
  ) {
    this.orgId = stamp.orgId;
    this.baleVersion = stamp.baleVersion;
    this.activeMonths = stamp.activeMonths;
  }

  get points(): readonly MapPoint[] {
    if (this.recent.length === 0) return this.folded.points;
    this.#points ??= mergeSorted(this.folded.points, sortByUid([...this.recent]));
    return this.#points;
  }

  get byUid(): ReadonlyMap<string, MapPoint> {
    if (this.recent.length === 0) return this.folded.byUid;
    if (!this.#byUid) {
      this.#byUid = new Map(this.folded.byUid);
      for (const point of this.recent) this.#byUid.set(point.uid, point);
    }
    return this.#byUid;
  }
}

/** The map's view of each visible bale read (NaN is the read's null). */
export function toMapPoints(rows: VisibleBaleBatch): MapPoint[] {
  const { numbers } = rows;
  const points: MapPoint[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i += 1) {
    const rfv = numbers.rfv[i] as number;
    const protein = numbers.protein[i] as number;
    points[i] = {
      uid: rows.uid[i] as string,
      lat: rows.currentLat[i] as number,
      lon: rows.currentLon[i] as number,
      creationLat: rows.creationLat[i] as number,
      creationLon: rows.creationLon[i] as number,
      createdMs: rows.createdMs[i] as number,
      weightKg: numbers.weightKg[i] as number,
      dryMassKg: numbers.dryMassKg[i] as number,
      avgMoisture: numbers.avgMoisture[i] as number,
      rfv: Number.isNaN(rfv) ? null : rfv,
      protein: Number.isNaN(protein) ? null : protein,
      baleSize: rows.baleSize[i] as BaleSize,
      row: i,
    };
  }
  return points;
}

const MAX_SPLICES = 500;
/** Past this many recent bales a catch-up folds them in at once (a big batch, not a live baler). */
export const MAX_RECENT = 5_000;

/** FNV-1a of the uid's code units: the first part of a point's place in a snapshot. */
function uidHash(uid: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < uid.length; i += 1) hash = Math.imul(hash ^ uid.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/**
 * The snapshot order: by the uid's hash, then by the uid's code units. Any order the same in
 * every process keeps cluster ids stable; this one sorts 200,000 points as numbers (a typed
 * array, natively) instead of comparing strings in JavaScript, several times faster.
 */
function compareUid(a: string, b: string): number {
  const byHash = uidHash(a) - uidHash(b);
  if (byHash !== 0) return byHash;
  return a < b ? -1 : a > b ? 1 : 0;
}

const INDEX_BITS = 2 ** 21;

/** Sorts points into snapshot order (in place). */
function sortByUid(points: MapPoint[]): MapPoint[] {
  const n = points.length;
  if (n >= INDEX_BITS) return points.sort((a, b) => compareUid(a.uid, b.uid));
  // Hash and index in one number below 2^53: one native sort orders them by hash.
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i += 1) keys[i] = uidHash((points[i] as MapPoint).uid) * INDEX_BITS + i;
  keys.sort();
  const sorted: MapPoint[] = new Array(n);
  for (let i = 0; i < n; i += 1) sorted[i] = points[(keys[i] as number) % INDEX_BITS] as MapPoint;
  // Points whose hashes are equal (a few in a million) are put in uid order.
  for (let start = 0; start < n; ) {
    const hash = Math.floor((keys[start] as number) / INDEX_BITS);
    let end = start + 1;
    while (end < n && Math.floor((keys[end] as number) / INDEX_BITS) === hash) end += 1;
    if (end - start > 1) {
      const run = sorted.slice(start, end).sort((a, b) => compareUid(a.uid, b.uid));
      for (let i = 0; i < run.length; i += 1) sorted[start + i] = run[i] as MapPoint;
    }
    start = end;
  }
  for (let i = 0; i < n; i += 1) points[i] = sorted[i] as MapPoint;
  return points;
}

/** A snapshot from every visible bale and every locked one. */
export function buildSnapshot(
  stamp: Stamp,
  visible: MapPoint[],
  locked: Map<string, number>,
): FarmSnapshot {
  return assemble(stamp, sortByUid([...visible]), undefined, locked);
}

/**
 * A new snapshot from an older one and the bales written since (visible and locked). The older
 * snapshot is left as it was: requests still reading it are not disturbed. New bales that were
 * not moved (a baler reporting live) join `recent` in time proportional to their number, sharing
 * the folded layer, stacks and indexes; anything else (a changed or moved bale, one becoming
 * locked) makes a whole new folded layer, changed bales put in place by binary search.
 */
export function mergeSnapshot(
  previous: FarmSnapshot,
  stamp: { baleVersion: number; activeMonths: number },
  changedVisible: MapPoint[],
  changedLocked: { uid: string; createdMs: number }[],
): FarmSnapshot {
  const next = { orgId: previous.orgId, ...stamp };
  const appended = appendRecent(previous, next, changedVisible, changedLocked);
  if (appended) return appended;
  const byUid = new Map(previous.byUid);
  const locked = new Map(previous.locked);
  if (changedVisible.length + changedLocked.length > MAX_SPLICES) {
    // Many changes (a big batch): one sort is cheaper than thousands of splices.
    for (const point of changedVisible) byUid.set(point.uid, point);
    for (const { uid, createdMs } of changedLocked) {
      byUid.delete(uid);
      locked.set(uid, createdMs);
    }
    for (const point of changedVisible) locked.delete(point.uid);
    return buildSnapshot(next, [...byUid.values()], locked);
  }
  const points = previous.points.slice();
  for (const point of changedVisible) {
    const at = lowerBound(points, point.uid);
    if (byUid.has(point.uid)) points[at] = point;
    else points.splice(at, 0, point);
    byUid.set(point.uid, point);
    locked.delete(point.uid);
  }
  for (const { uid, createdMs } of changedLocked) {
    if (byUid.delete(uid)) points.splice(lowerBound(points, uid), 1);
    locked.set(uid, createdMs);
  }
  return assemble(next, points, byUid, locked);
}

/** Only new, unmoved bales (and new locked ones): undefined when anything else changed. */
function appendRecent(
  previous: FarmSnapshot,
  stamp: Stamp,
  changedVisible: MapPoint[],
  changedLocked: { uid: string; createdMs: number }[],
): FarmSnapshot | undefined {
  if (previous.recent.length + changedVisible.length > MAX_RECENT) return undefined;
  const recentUids = new Set(previous.recent.map((p) => p.uid));
  const wasVisible = (uid: string) => previous.folded.byUid.has(uid) || recentUids.has(uid);
  for (const point of changedVisible) {
    if (wasVisible(point.uid) || previous.locked.has(point.uid) || hasMoved(point)) return;
    recentUids.add(point.uid);
  }
  for (const { uid } of changedLocked) if (wasVisible(uid)) return;
  let { locked, lockedTimes } = previous;
  if (changedLocked.length > 0) {
    locked = new Map(locked);
    for (const { uid, createdMs } of changedLocked) locked.set(uid, createdMs);
    lockedTimes = Float64Array.from(locked.values()).sort();
  }
  return new LayeredSnapshot(
    stamp,
    previous.folded,
    [...previous.recent, ...changedVisible],
    previous.stacks,
    previous.stackOf,
    locked,
    lockedTimes,
  );
}

/** The same snapshot with its recent bales folded in (same stamp, stacks and locked bales). */
export function foldSnapshot(snapshot: FarmSnapshot): FarmSnapshot {
  const points = [...snapshot.points];
  const stacked = new Uint8Array(points.length);
  for (let i = 0; i < points.length; i += 1) {
    if (snapshot.stackOf.has((points[i] as MapPoint).uid)) stacked[i] = 1;
  }
  const folded = new PointLayer(points, stacked, new Map(snapshot.byUid));
  return new LayeredSnapshot(
    snapshot,
    folded,
    [],
    snapshot.stacks,
    snapshot.stackOf,
    snapshot.locked,
    snapshot.lockedTimes,
  );
}

function mergeSorted(a: readonly MapPoint[], b: readonly MapPoint[]): MapPoint[] {
  const merged: MapPoint[] = new Array(a.length + b.length);
  let i = 0;
  let j = 0;
  for (let k = 0; k < merged.length; k += 1) {
    const x = a[i];
    const y = b[j];
    if (y === undefined || (x !== undefined && compareUid(x.uid, y.uid) <= 0)) {
      merged[k] = x as MapPoint;
      i += 1;
    } else {
      merged[k] = y;
      j += 1;
    }
  }
  return merged;
}

function lowerBound(points: readonly MapPoint[], uid: string): number {
  let lo = 0;
  let hi = points.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareUid((points[mid] as MapPoint).uid, uid) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function assemble(
  stamp: Stamp,
  points: MapPoint[],
  byUid: Map<string, MapPoint> | undefined,
  locked: Map<string, number>,
): FarmSnapshot {
  const { stacks, stackOf } = placeStacks(stamp.orgId, points);
  const stacked = new Uint8Array(points.length);
  for (let i = 0; i < points.length; i += 1) {
    if (stackOf.has((points[i] as MapPoint).uid)) stacked[i] = 1;
  }
  const stackList = [...stacks].map(([id, place]): StackListed => ({ id, ...place }));
  return restoreSnapshot(stamp, { points, stacked, byUid }, stackList, locked);
}

type StackListed = { id: string } & StackPlace;

/**
 * A snapshot from its folded points (in snapshot order, `stacked` flagging the members of
 * `stackList`'s stacks), its locked bales and recent bales not yet folded in: what `assemble`
 * groups, or what a snapshot file kept.
 */
export function restoreSnapshot(
  stamp: Stamp,
  layer: { points: MapPoint[]; stacked: Uint8Array; byUid?: Map<string, MapPoint> },
  stackList: StackListed[],
  locked: Map<string, number>,
  recent: MapPoint[] = [],
): FarmSnapshot {
  const stacks = new Map<string, StackPlace>();
  const stackOf = new Map<string, string>();
  for (const { id, lat, lon, members } of stackList) {
    stacks.set(id, { lat, lon, members });
    for (const member of members) stackOf.set(member.uid, id);
  }
  return new LayeredSnapshot(
    stamp,
    new PointLayer(layer.points, layer.stacked, layer.byUid),
    recent,
    stacks,
    stackOf,
    locked,
    Float64Array.from(locked.values()).sort(),
  );
}

/** FNV-1a over sorted uids: equal sets, equal keys, so unchanged answers reuse their index. */
export function uidsFingerprint(uids: string[]): string {
  let hash = 0x811c9dc5;
  for (const uid of [...uids].sort()) {
    for (let i = 0; i < uid.length; i += 1) hash = Math.imul(hash ^ uid.charCodeAt(i), 0x01000193);
    hash = Math.imul(hash ^ 0x1e, 0x01000193);
  }
  return `${uids.length}.${(hash >>> 0).toString(36)}`;
}
