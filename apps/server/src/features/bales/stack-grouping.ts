import { createHash } from 'node:crypto';
import type { BaleSize } from '@baletrack/contracts/bales/bale';
import { Turns } from '../../lib/turns.ts';

/** A bale has moved once its current location is this far from where it was made. */
export const MOVED_METRES = 10;
/** Bales at most this far apart lie in one stack (docs/adr/0045-stacks-by-distance.md). */
const STACKED_METRES = 5;
/** The grid that finds them: cells as wide, so a bale's partners lie in the cells around it. */
const CELL_METRES = STACKED_METRES;
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

/** How much a degree of longitude is worth in a grid row, against the equator's. */
const rowScale = (row: number) =>
  Math.cos((((row + 0.5) * CELL_METRES) / METRES_PER_DEGREE) * (Math.PI / 180));

function cellOf(lat: number, lon: number): [row: number, col: number] {
  const row = Math.floor((lat * METRES_PER_DEGREE) / CELL_METRES);
  const col = Math.floor((lon * METRES_PER_DEGREE * rowScale(row)) / CELL_METRES);
  return [row, col];
}

/** Slack in cells when matching the columns of neighbouring rows (their scales differ a little). */
const SLACK = 0.01;

// A cell as one number (rows within ±2^22 and columns within ±2^23 cover the Earth at 5 m), so a
// yard of thousands of bales is grouped without a string per bale or per neighbour looked at.
const cellKey = (row: number, col: number) => (row + 2 ** 22) * 2 ** 24 + (col + 2 ** 23);

/**
 * Groups moved bales into stacks: bales linked by a chain of bales each at most 5 m from the
 * next, found through a 5 m grid (neighbouring occupied cells holding such a pair are merged),
 * groups of 2 or more bales kept. A stack's id is derived from the organization and the group's
 * first cell (the smallest `row:col` as text), so it stays the same while that cell stays
 * occupied and is the same in every app process.
 * @returns stack id → indexes of the member points, in input order, by first cell
 */
export function groupStacks<P extends StackablePoint>(
  orgId: string,
  points: readonly P[],
): Map<string, number[]> {
  const slotOf = new Map<number, number>();
  const rows: number[] = [];
  const cols: number[] = [];
  const members: number[][] = [];
  points.forEach((point, index) => {
    if (!hasMoved(point)) return;
    const [row, col] = cellOf(point.lat, point.lon);
    const key = cellKey(row, col);
    const slot = slotOf.get(key);
    if (slot !== undefined) (members[slot] as number[]).push(index);
    else {
      slotOf.set(key, rows.length);
      rows.push(row);
      cols.push(col);
      members.push([index]);
    }
  });

  // Union-find over the occupied cells.
  const parent = Int32Array.from(rows, (_, slot) => slot);
  const find = (slot: number): number => {
    let root = slot;
    while (parent[root] !== root) root = parent[root] as number;
    parent[slot] = root;
    return root;
  };
  // Whether two cells hold a pair of bales close enough: cells that merely touch at a corner
  // may hold bales 14 m apart, two stacks.
  const near = (a: number, b: number) =>
    (members[a] as number[]).some((i) => {
      const p = points[i] as P;
      return (members[b] as number[]).some((j) => {
        const q = points[j] as P;
        return distanceMetres(p.lat, p.lon, q.lat, q.lon) <= STACKED_METRES;
      });
    });
  // Each row's columns are counted from the prime meridian at that row's own scale, so the next
  // row's are shifted (1.5 cells at 120° W). A bale within 5 m of a cell lies, in the next row,
  // under the cell's span widened by a cell each side, in that row's scale.
  for (let slot = 0; slot < rows.length; slot += 1) {
    const row = rows[slot] as number;
    const col = cols[slot] as number;
    for (let dr = -1; dr <= 1; dr += 1) {
      const k = dr === 0 ? 1 : rowScale(row + dr) / rowScale(row);
      const first = Math.floor((col - 1) * k + SLACK);
      const last = Math.ceil((col + 2) * k - SLACK) - 1;
      for (let other = first; other <= last; other += 1) {
        const neighbour = slotOf.get(cellKey(row + dr, other));
        if (neighbour === undefined) continue;
        const [a, b] = [find(slot), find(neighbour)];
        if (a !== b && near(slot, neighbour)) parent[Math.max(a, b)] = Math.min(a, b);
      }
    }
  }

  const groups = new Map<number, { first: string; members: number[] }>();
  for (let slot = 0; slot < rows.length; slot += 1) {
    const root = find(slot);
    const cell = members[slot] as number[];
    const group = groups.get(root);
    if (!group) groups.set(root, { first: '', members: [...cell] });
    else group.members.push(...cell);
  }
  const stacks: { first: string; members: number[] }[] = [];
  for (let slot = 0; slot < rows.length; slot += 1) {
    const group = groups.get(find(slot)) as { first: string; members: number[] };
    if (group.members.length < 2) continue;
    const key = `${rows[slot]}:${cols[slot]}`;
    if (group.first === '') stacks.push(group);
    if (group.first === '' || key < group.first) group.first = key;
  }
  stacks.sort((a, b) => (a.first < b.first ? -1 : 1));
  return new Map(
    stacks.map((group) => [stackId(orgId, group.first), group.members.sort((a, b) => a - b)]),
  );
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
 * every reader (the map, the audits, the inventory) puts one stack at the same spot. A yard of
 * thousands of bales is placed in slices, letting other farms' requests in between.
 */
export async function placeStacks<M extends StackMember>(
  orgId: string,
  points: readonly M[],
): Promise<FarmStacks<M>> {
  const turns = new Turns();
  const stacks = new Map<string, StackPlace<M>>();
  const stackOf = new Map<string, string>();
  const groups = groupStacks(orgId, points);
  for (const [id, indexes] of groups) {
    await turns.check();
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
