import { createHash } from 'node:crypto';
import type { BaleSize } from '@baletrack/contracts/bales/bale';

/** A bale has moved once its current location is this far from where it was made. */
export const MOVED_METRES = 10;
/** Stacked bales lie in neighbouring cells of this size. */
const CELL_METRES = 5;
const METRES_PER_DEGREE = 111_320;

/** A bale's creation location and where it lies now (lat, lon). */
export interface StackablePoint {
  creationLat: number;
  creationLon: number;
  lat: number;
  lon: number;
}

/** Ground distance in metres, equirectangular: exact enough at the scale of a farm. */
export function distanceMetres(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const x = (lon2 - lon1) * Math.cos((((lat1 + lat2) / 2) * Math.PI) / 180);
  const y = lat2 - lat1;
  return Math.sqrt(x * x + y * y) * METRES_PER_DEGREE;
}

export function hasMoved(point: StackablePoint): boolean {
  return distanceMetres(point.creationLat, point.creationLon, point.lat, point.lon) > MOVED_METRES;
}

function cellOf(lat: number, lon: number): [row: number, col: number] {
  const row = Math.floor((lat * METRES_PER_DEGREE) / CELL_METRES);
  const rowLat = ((row + 0.5) * CELL_METRES) / METRES_PER_DEGREE;
  const col = Math.floor(
    (lon * METRES_PER_DEGREE * Math.cos((rowLat * Math.PI) / 180)) / CELL_METRES,
  );
  return [row, col];
}

/**
 * Groups moved bales into stacks: current positions snapped to a 5 m grid, occupied cells that
 * touch (8 neighbours) merged, groups of 2 or more bales kept. A stack's id is derived from the
 * organization and the group's first cell, so it stays the same while that cell stays occupied
 * and is the same in every app process.
 * @returns stack id → indexes of the member points, in input order
 */
export function groupStacks<P extends StackablePoint>(
  orgId: string,
  points: readonly P[],
): Map<string, number[]> {
  const cells = new Map<string, number[]>();
  points.forEach((point, index) => {
    if (!hasMoved(point)) return;
    const key = cellOf(point.lat, point.lon).join(':');
    const members = cells.get(key);
    if (members) members.push(index);
    else cells.set(key, [index]);
  });

  // Union-find over occupied cells; the root is the smallest key, so ids do not depend on order.
  const parent = new Map<string, string>([...cells.keys()].map((key) => [key, key]));
  const find = (key: string): string => {
    let root = key;
    while (parent.get(root) !== root) root = parent.get(root) as string;
    parent.set(key, root);
    return root;
  };
  for (const key of cells.keys()) {
    const [row, col] = key.split(':').map(Number) as [number, number];
    for (let dr = -1; dr <= 1; dr += 1) {
      for (let dc = -1; dc <= 1; dc += 1) {
        const neighbour = `${row + dr}:${col + dc}`;
        if (!parent.has(neighbour)) continue;
        const [a, b] = [find(key), find(neighbour)];
        if (a === b) continue;
        const [low, high] = a < b ? [a, b] : [b, a];
        parent.set(high, low);
      }
    }
  }

  const groups = new Map<string, number[]>();
  for (const [key, members] of cells) {
    const root = find(key);
    const group = groups.get(root);
    if (group) group.push(...members);
    else groups.set(root, [...members]);
  }
  const stacks = new Map<string, number[]>();
  for (const [root, members] of [...groups].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (members.length < 2) continue;
    stacks.set(
      stackId(orgId, root),
      members.sort((a, b) => a - b),
    );
  }
  return stacks;
}

/** A stack: where it lies (the mean position of its members) and its members, in uid order. */
export interface StackPlace<M extends StackMember = StackBale> {
  lat: number;
  lon: number;
  members: M[];
}

/** What the readers of a farm's stacks know of each member: which bale, where it was and is. */
export interface StackMember extends StackablePoint {
  uid: string;
}

/** A stack's member with what its stack's figures add up (count, weight, moisture, RFV…). */
export interface StackBale extends StackMember {
  createdMs: number;
  weightKg: number;
  dryMassKg: number;
  avgMoisture: number;
  rfv: number | null;
  /** Crude protein, % of DM. */
  protein: number | null;
  baleSize: BaleSize;
}

/** A farm's stacks by id, and the stack of each stacked bale. */
export interface FarmStacks<M extends StackMember = StackBale> {
  stacks: Map<string, StackPlace<M>>;
  stackOf: Map<string, string>;
}

/**
 * `groupStacks` made into places: members in uid order and the place at their mean position, so
 * every reader (the map, the audits, the inventory) puts one stack at the same spot.
 */
export function placeStacks<M extends StackMember>(
  orgId: string,
  points: readonly M[],
): FarmStacks<M> {
  const stacks = new Map<string, StackPlace<M>>();
  const stackOf = new Map<string, string>();
  for (const [id, indexes] of groupStacks(orgId, points)) {
    const members = indexes
      .map((i) => points[i] as M)
      .sort((a, b) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
    let lat = 0;
    let lon = 0;
    for (const member of members) {
      lat += member.lat;
      lon += member.lon;
      stackOf.set(member.uid, id);
    }
    stacks.set(id, { lat: lat / members.length, lon: lon / members.length, members });
  }
  return { stacks, stackOf };
}

/** A name-based (version 5 style) UUID from the organization and the stack's first cell. */
function stackId(orgId: string, cell: string): string {
  const hex = createHash('sha1').update(`stack:${orgId}:${cell}`).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
