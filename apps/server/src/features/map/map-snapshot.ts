import type { BaleSize } from '@baletrack/contracts/bales/bale';
import type { MapPointRow } from './map-points.repository.ts';
import { groupStacks } from './stack-grouping.ts';

/** What the map needs of one visible bale; never changed once made (snapshots share them). */
export interface MapPoint {
  uid: string;
  lat: number;
  lon: number;
  creationLat: number;
  creationLon: number;
  createdMs: number;
  weightKg: number;
  dryMassKg: number;
  avgMoisture: number;
  rfv: number | null;
  baleSize: BaleSize;
}

export interface StackPlace {
  /** The mean position of all its members. */
  lat: number;
  lon: number;
  members: MapPoint[];
}

/** The organization's visible bales, stacks and locked bales at one stamp. */
export interface FarmSnapshot {
  orgId: string;
  baleVersion: number;
  activeMonths: number;
  /** In uid order (code units), the same in every process: stable cluster ids. */
  points: MapPoint[];
  byUid: Map<string, MapPoint>;
  stacks: Map<string, StackPlace>;
  stackOf: Map<string, string>;
  /** Locked bales: uid → creation instant (ms). */
  locked: Map<string, number>;
  /** The same instants, sorted, for counting by date range. */
  lockedTimes: Float64Array;
}

export function toMapPoint(row: MapPointRow): MapPoint {
  return {
    uid: row.uid,
    lat: row.currentLat,
    lon: row.currentLon,
    creationLat: row.creationLat,
    creationLon: row.creationLon,
    createdMs: row.createdMs,
    weightKg: row.weightKg,
    dryMassKg: row.dryMassKg,
    avgMoisture: row.avgMoisture,
    rfv: row.rfv,
    baleSize: row.baleSize as BaleSize,
  };
}

const MAX_SPLICES = 500;

const compareUid = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A snapshot from every visible bale and every locked one. */
export function buildSnapshot(
  stamp: { orgId: string; baleVersion: number; activeMonths: number },
  visible: MapPoint[],
  locked: Map<string, number>,
): FarmSnapshot {
  const points = [...visible].sort((a, b) => compareUid(a.uid, b.uid));
  return assemble(stamp, points, new Map(points.map((p) => [p.uid, p])), locked);
}

/**
 * A new snapshot from an older one and the bales written since (visible and locked). The older
 * snapshot is left as it was: requests still reading it are not disturbed. Changed bales are
 * put in place by binary search, so a few new bales do not re-sort a farm of 200,000.
 */
export function mergeSnapshot(
  previous: FarmSnapshot,
  stamp: { baleVersion: number; activeMonths: number },
  changedVisible: MapPoint[],
  changedLocked: { uid: string; createdMs: number }[],
): FarmSnapshot {
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
    return buildSnapshot({ orgId: previous.orgId, ...stamp }, [...byUid.values()], locked);
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
  return assemble({ orgId: previous.orgId, ...stamp }, points, byUid, locked);
}

function lowerBound(points: MapPoint[], uid: string): number {
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
  stamp: { orgId: string; baleVersion: number; activeMonths: number },
  points: MapPoint[],
  byUid: Map<string, MapPoint>,
  locked: Map<string, number>,
): FarmSnapshot {
  const stacks = new Map<string, StackPlace>();
  const stackOf = new Map<string, string>();
  for (const [id, indexes] of groupStacks(stamp.orgId, points)) {
    const members = indexes.map((i) => points[i] as MapPoint);
    for (const member of members) stackOf.set(member.uid, id);
    const lat = members.reduce((sum, m) => sum + m.lat, 0) / members.length;
    const lon = members.reduce((sum, m) => sum + m.lon, 0) / members.length;
    stacks.set(id, { lat, lon, members });
  }
  return {
    ...stamp,
    points,
    byUid,
    stacks,
    stackOf,
    locked,
    lockedTimes: Float64Array.from(locked.values()).sort(),
  };
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
