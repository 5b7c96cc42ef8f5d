import type { MapStack } from '@baletrack/contracts/map/map';
import KDBush from 'kdbush';
import { Turns } from '../../lib/turns.ts';
import type { TimeRange } from '../bales/time-range.ts';
import {
  type BaleColumns,
  Dictionary,
  type FieldDay,
  numericColumns,
  UidSlots,
} from '../summaries/summary-columns.ts';
import { type ClusterIndex, type PointIndex, restoreIndex } from './cluster-index.ts';
import { type ClusterPointProps, emptyTotals, type Totals } from './cluster-totals.ts';
import { type FarmSnapshot, type MapPoint, restoreSnapshot } from './map-snapshot.ts';

// What a load of an organization's bales builds, in one file: the summary columns, the map's
// snapshot (points in order, stacks, locked bales) and its full cluster indexes, so a restarted
// process reads them back instead of reading and indexing every bale again
// (docs/adr/0017-live-map-index-and-one-bale-read.md, "Kept across restarts"). Typed arrays are
// written as they are (this machine's byte order, 8-byte aligned) and read back as views on the
// file's bytes; everything else is one JSON header.

const MAGIC = 'BALETRACK-SNAPSHOT';
/** Bumped whenever what is stored, or how any stored value is derived, changes. */
export const SNAPSHOT_FORMAT = 2;

/** A full cluster index as the map keeps it, with what it was built for. */
export interface SavedIndex extends ClusterIndex {
  range: TimeRange;
  gradesKey: string;
}

/** One organization's state at one stamp: columns and snapshot of the same bales. */
export interface SavedFarm {
  /** Names the database and code that made the file (`SnapshotStore`). */
  identity: string;
  columns: BaleColumns;
  snapshot: FarmSnapshot;
  indexes: SavedIndex[];
}

type ArrayKind = 'f64' | 'i32' | 'u32' | 'u16' | 'u8' | 'i8';
type AnyArray = Float64Array | Int32Array | Uint32Array | Uint16Array | Uint8Array | Int8Array;
const arrayTypes = {
  f64: Float64Array,
  i32: Int32Array,
  u32: Uint32Array,
  u16: Uint16Array,
  u8: Uint8Array,
  i8: Int8Array,
} as const;
const kindOf = (array: AnyArray): ArrayKind => {
  for (const [kind, type] of Object.entries(arrayTypes)) {
    if (array instanceof type) return kind as ArrayKind;
  }
  throw new Error('Unexpected array type');
};

interface SectionRef {
  kind: ArrayKind;
  offset: number;
  length: number;
}

/** Collects typed arrays as sections of one file; each becomes a reference in the header. */
class Sections {
  readonly parts: Uint8Array[] = [];
  #bytes = 0;
  add(array: AnyArray): SectionRef {
    const ref = { kind: kindOf(array), offset: this.#bytes, length: array.length };
    const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    this.parts.push(bytes);
    const pad = (8 - (bytes.byteLength % 8)) % 8;
    if (pad > 0) this.parts.push(new Uint8Array(pad));
    this.#bytes += bytes.byteLength + pad;
    return ref;
  }
}

interface IndexHeader {
  range: { from: number | null; to: number | null };
  gradesKey: string;
  numPoints: number;
  /** Per zoom 0…max + 1: its tree's sections, or the zoom above whose tree it shares. */
  trees: ({ kdbush: SectionRef; data: SectionRef } | { sameAs: number })[];
  coords: SectionRef;
  /** 17 numbers per cluster, in `totalsFields` order. */
  clusterTotals: SectionRef;
  /** Per input point: a snapshot point's index, or -1 - k for the k-th stack. */
  pointRefs: SectionRef;
  pointGrades: SectionRef;
  stacks: MapStack[];
  stackTotals: SectionRef;
}

interface Header {
  magic: string;
  format: number;
  identity: string;
  orgId: string;
  baleVersion: number;
  activeMonths: number;
  columns: {
    length: number;
    uids: string[];
    arrays: Record<string, SectionRef>;
    numbers: Record<string, SectionRef>;
    balerIds: string[];
    sizes: string[];
    fieldSets: string[][];
    fieldDays: SectionRef;
  };
  snapshot: {
    /** Per point (snapshot order): its slot in the columns; the rest of it is in the columns. */
    slots: SectionRef;
    positions: Record<'lat' | 'lon' | 'creationLat' | 'creationLon', SectionRef>;
    /** The recent bales (not yet folded in, oldest first), kept alike. */
    recent: {
      slots: SectionRef;
      positions: Record<'lat' | 'lon' | 'creationLat' | 'creationLon', SectionRef>;
    };
    stacked: SectionRef;
    stacks: { id: string; lat: number; lon: number }[];
    stackMembers: SectionRef;
    stackStarts: SectionRef;
    locked: [string, number][];
  };
  indexes: IndexHeader[];
}

const totalsFields = Object.keys(emptyTotals()) as (keyof Totals)[];

/** Supercluster's state after `load` (supercluster 9; a round-trip test pins it). */
type Tree = { ids: Uint16Array | Uint32Array; numItems: number; data: Int32Array };
interface IndexStateOf {
  trees: Tree[];
  stride: number;
  numPoints: number;
  props: ClusterPointProps[];
  coords: Float64Array;
  clusterProps: Totals[];
}

const columnArrays = [
  'live',
  'createdMs',
  'baler',
  'size',
  'retail',
  'aboveSafe',
  'legumeGrade',
  'grassGrade',
  'fieldSet',
  'fieldDay',
] as const;

/**
 * The file's bytes as buffers to write one after the other; undefined when the columns and the
 * snapshot do not hold the same bales (then nothing is written).
 */
export function encodeFarm(farm: SavedFarm): Uint8Array[] | undefined {
  const { columns, snapshot } = farm;
  const sections = new Sections();
  const n = columns.length;
  const points = snapshot.folded.points;
  const folded = pointSections(points, columns, sections);
  const recent = pointSections(snapshot.recent, columns, sections);
  if (!folded || !recent) return undefined;
  const stackList = [...snapshot.stacks];
  // A point's index in the snapshot order, found by its slot (no map of a million objects).
  const pointOfSlot = new Int32Array(n).fill(-1);
  folded.slots.forEach((slot, i) => {
    pointOfSlot[slot] = i;
  });
  const pointAt = (point: MapPoint) => {
    const slot = columns.uids[point.row] === point.uid ? point.row : columns.slotOf.get(point.uid);
    const at = slot === undefined ? -1 : (pointOfSlot[slot] ?? -1);
    return at >= 0 && points[at] === point ? at : -1;
  };
  const members = stackList.flatMap(([, place]) => place.members.map(pointAt));
  if (members.includes(-1)) return undefined;
  const stackStarts = new Uint32Array(stackList.length + 1);
  stackList.forEach(([, place], k) => {
    stackStarts[k + 1] = (stackStarts[k] as number) + place.members.length;
  });
  const header: Header = {
    magic: MAGIC,
    format: SNAPSHOT_FORMAT,
    identity: farm.identity,
    orgId: snapshot.orgId,
    baleVersion: snapshot.baleVersion,
    activeMonths: snapshot.activeMonths,
    columns: {
      length: n,
      uids: columns.uids.slice(0, n),
      arrays: Object.fromEntries(
        columnArrays.map((name) => [name, sections.add(columns[name].subarray(0, n))]),
      ),
      numbers: Object.fromEntries(
        numericColumns.map((c) => [c, sections.add(columns.numbers[c].subarray(0, n))]),
      ),
      balerIds: columns.balerIds.values,
      sizes: columns.sizes.values,
      fieldSets: columns.fieldSets.values,
      fieldDays: sections.add(
        Float64Array.from(columns.fieldDays.values.flatMap((d) => [d.fieldSet, d.day])),
      ),
    },
    snapshot: {
      ...folded.refs,
      recent: recent.refs,
      stacked: sections.add(snapshot.folded.stacked),
      stacks: stackList.map(([id, place]) => ({ id, lat: place.lat, lon: place.lon })),
      stackMembers: sections.add(Int32Array.from(members)),
      stackStarts: sections.add(stackStarts),
      locked: [...snapshot.locked],
    },
    indexes: [],
  };
  for (const saved of farm.indexes) {
    const encoded = encodeIndex(saved, pointAt, sections);
    if (!encoded) return undefined;
    header.indexes.push(encoded);
  }
  const json = Buffer.from(JSON.stringify(header));
  const head = Buffer.alloc(8 + MAGIC.length);
  head.write(MAGIC, 0, 'latin1');
  head.writeUInt32LE(json.length, MAGIC.length);
  const pad = (8 - ((head.length + json.length) % 8)) % 8;
  return [head, json, new Uint8Array(pad), ...sections.parts];
}

/** Points as sections: each one's slot in the columns and its positions (undefined if one is not there). */
function pointSections(
  points: readonly MapPoint[],
  columns: BaleColumns,
  sections: Sections,
): { refs: Header['snapshot']['recent']; slots: Int32Array } | undefined {
  const slots = new Int32Array(points.length);
  const position = {
    lat: new Float64Array(points.length),
    lon: new Float64Array(points.length),
    creationLat: new Float64Array(points.length),
    creationLon: new Float64Array(points.length),
  };
  for (let i = 0; i < points.length; i += 1) {
    const point = points[i] as MapPoint;
    const slot = columns.uids[point.row] === point.uid ? point.row : columns.slotOf.get(point.uid);
    if (slot === undefined || slot >= columns.length || !sameBale(point, columns, slot)) {
      return undefined;
    }
    slots[i] = slot;
    position.lat[i] = point.lat;
    position.lon[i] = point.lon;
    position.creationLat[i] = point.creationLat;
    position.creationLon[i] = point.creationLon;
  }
  const refs = {
    slots: sections.add(slots),
    positions: {
      lat: sections.add(position.lat),
      lon: sections.add(position.lon),
      creationLat: sections.add(position.creationLat),
      creationLon: sections.add(position.creationLon),
    },
  };
  return { refs, slots };
}

/** Whether the point holds what the columns hold for the slot (the same read made both). */
function sameBale(point: MapPoint, columns: BaleColumns, slot: number): boolean {
  const { numbers } = columns;
  const same = (a: number | null, b: number) => (a === null ? Number.isNaN(b) : Object.is(a, b));
  return (
    columns.live[slot] === 1 &&
    same(point.createdMs, columns.createdMs[slot] as number) &&
    same(point.weightKg, numbers.weightKg[slot] as number) &&
    same(point.dryMassKg, numbers.dryMassKg[slot] as number) &&
    same(point.avgMoisture, numbers.avgMoisture[slot] as number) &&
    same(point.rfv, numbers.rfv[slot] as number) &&
    same(point.protein, numbers.protein[slot] as number) &&
    point.baleSize === columns.sizes.values[columns.size[slot] as number]
  );
}

function encodeIndex(
  saved: SavedIndex,
  pointAt: (point: MapPoint) => number,
  sections: Sections,
): IndexHeader | undefined {
  const state = saved.index as unknown as IndexStateOf;
  const trees: IndexHeader['trees'] = state.trees.map((tree, z) => {
    if (z + 1 < state.trees.length && state.trees[z + 1] === tree) return { sameAs: z + 1 };
    const kdbush = new Uint8Array(tree.ids.buffer as ArrayBuffer);
    return {
      kdbush: sections.add(kdbush),
      data: sections.add(tree.data.subarray(0, tree.numItems * state.stride)),
    };
  });
  const totals = (list: Totals[]) => {
    const out = new Float64Array(list.length * totalsFields.length);
    list.forEach((t, i) => {
      totalsFields.forEach((field, f) => {
        out[i * totalsFields.length + f] = t[field];
      });
    });
    return out;
  };
  const pointRefs = new Int32Array(state.props.length);
  const pointGrades = new Int8Array(state.props.length);
  const stacks: MapStack[] = [];
  const stackTotals: Totals[] = [];
  for (let i = 0; i < state.props.length; i += 1) {
    const props = state.props[i] as ClusterPointProps;
    if ('stack' in props) {
      pointRefs[i] = -1 - stacks.length;
      stacks.push(props.stack);
      stackTotals.push(props.totals);
    } else {
      const at = pointAt(props.bale);
      if (at < 0) return undefined;
      pointRefs[i] = at;
      pointGrades[i] = props.grade;
    }
  }
  return {
    range: { from: saved.range.from?.getTime() ?? null, to: saved.range.to?.getTime() ?? null },
    gradesKey: saved.gradesKey,
    numPoints: state.numPoints,
    trees,
    coords: sections.add(state.coords),
    clusterTotals: sections.add(totals(state.clusterProps)),
    pointRefs: sections.add(pointRefs),
    pointGrades: sections.add(pointGrades),
    stacks,
    stackTotals: sections.add(totals(stackTotals)),
  };
}

/** What a file holds, checked against what the reader expects. */
export interface FileExpectation {
  identity: string;
  orgId: string;
}

/**
 * The farm a file holds; undefined when it is not one (another format, identity or organization,
 * or cut short). Arrays are views on `bytes`, which they keep alive.
 */
export async function decodeFarm(
  bytes: Uint8Array,
  expected: FileExpectation,
  turns = new Turns(),
): Promise<SavedFarm | undefined> {
  const headLength = 8 + MAGIC.length;
  if (bytes.byteLength < headLength) return undefined;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.toString('latin1', 0, MAGIC.length) !== MAGIC) return undefined;
  const jsonLength = buffer.readUInt32LE(MAGIC.length);
  if (headLength + jsonLength > bytes.byteLength) return undefined;
  const header = JSON.parse(buffer.toString('utf8', headLength, headLength + jsonLength)) as Header;
  if (
    header.magic !== MAGIC ||
    header.format !== SNAPSHOT_FORMAT ||
    header.identity !== expected.identity ||
    header.orgId !== expected.orgId
  ) {
    return undefined;
  }
  let start = headLength + jsonLength;
  start += (8 - (start % 8)) % 8;
  // Views need their offsets aligned in the underlying buffer: copied once if they are not.
  let base = bytes;
  if ((bytes.byteOffset + start) % 8 !== 0) base = bytes.slice();
  const view = <K extends ArrayKind>(
    ref: SectionRef & { kind: K },
  ): InstanceType<(typeof arrayTypes)[K]> => {
    const type = arrayTypes[ref.kind];
    const offset = base.byteOffset + start + ref.offset;
    if (offset + ref.length * type.BYTES_PER_ELEMENT > base.byteOffset + base.byteLength) {
      throw new RangeError('Snapshot file cut short');
    }
    return new type(base.buffer as ArrayBuffer, offset, ref.length) as InstanceType<
      (typeof arrayTypes)[K]
    >;
  };
  try {
    // A slice at a time: a large farm's file is read back without holding other requests up.
    const columns = decodeColumns(header, view);
    await turns.yield();
    const snapshot = await decodeSnapshot(header, columns, view, turns);
    const indexes: SavedIndex[] = [];
    for (const h of header.indexes) {
      indexes.push(await decodeIndex(h, snapshot.folded.points, view, base, start, turns));
    }
    return { identity: header.identity, columns, snapshot, indexes };
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

type View = <K extends ArrayKind>(
  ref: SectionRef & { kind: K },
) => InstanceType<(typeof arrayTypes)[K]>;

function decodeColumns(header: Header, view: View): BaleColumns {
  const h = header.columns;
  const arrays = Object.fromEntries(
    columnArrays.map((name) => [name, view(h.arrays[name] as SectionRef)]),
  ) as unknown as Pick<BaleColumns, (typeof columnArrays)[number]>;
  const numbers = Object.fromEntries(
    numericColumns.map((c) => [c, view(h.numbers[c] as SectionRef)]),
  ) as BaleColumns['numbers'];
  const dictionary = <T>(keyOf: (value: T) => string | number, values: T[]) => {
    const d = new Dictionary<T>(keyOf);
    for (const value of values) d.indexOf(value);
    return d;
  };
  const pairs = view(h.fieldDays as SectionRef & { kind: 'f64' });
  const fieldDays: FieldDay[] = [];
  for (let i = 0; i < pairs.length; i += 2) {
    fieldDays.push({ fieldSet: pairs[i] as number, day: pairs[i + 1] as number });
  }
  return {
    orgId: header.orgId,
    baleVersion: header.baleVersion,
    activeMonths: header.activeMonths,
    length: h.length,
    // The arrays are the file's, exactly as long as the bales: the first new bale copies them.
    written: { length: h.length },
    uids: h.uids,
    slotOf: new UidSlots(h.uids),
    ...arrays,
    numbers,
    balerIds: dictionary((id) => id, h.balerIds),
    sizes: dictionary((size) => size, h.sizes),
    fieldSets: dictionary((ids) => ids.join(','), h.fieldSets),
    fieldDays: dictionary(({ fieldSet, day }) => fieldSet * 100_000 + day, fieldDays),
  };
}

async function decodePoints(
  h: Header['snapshot']['recent'],
  columns: BaleColumns,
  view: View,
  turns: Turns,
): Promise<MapPoint[]> {
  const slots = view(h.slots as SectionRef & { kind: 'i32' });
  const lat = view(h.positions.lat as SectionRef & { kind: 'f64' });
  const lon = view(h.positions.lon as SectionRef & { kind: 'f64' });
  const creationLat = view(h.positions.creationLat as SectionRef & { kind: 'f64' });
  const creationLon = view(h.positions.creationLon as SectionRef & { kind: 'f64' });
  const { numbers } = columns;
  const orNull = (value: number) => (Number.isNaN(value) ? null : value);
  const points: MapPoint[] = new Array(slots.length);
  for (let i = 0; i < slots.length; i += 1) {
    if ((i & 4095) === 0) await turns.check();
    const slot = slots[i] as number;
    if (slot >= columns.length) throw new RangeError('Snapshot file point names no slot');
    points[i] = {
      uid: columns.uids[slot] as string,
      lat: lat[i] as number,
      lon: lon[i] as number,
      creationLat: creationLat[i] as number,
      creationLon: creationLon[i] as number,
      createdMs: columns.createdMs[slot] as number,
      weightKg: numbers.weightKg[slot] as number,
      dryMassKg: numbers.dryMassKg[slot] as number,
      avgMoisture: numbers.avgMoisture[slot] as number,
      rfv: orNull(numbers.rfv[slot] as number),
      protein: orNull(numbers.protein[slot] as number),
      baleSize: columns.sizes.values[columns.size[slot] as number] as MapPoint['baleSize'],
      row: slot,
    };
  }
  return points;
}

async function decodeSnapshot(
  header: Header,
  columns: BaleColumns,
  view: View,
  turns: Turns,
): Promise<FarmSnapshot> {
  const h = header.snapshot;
  const points = await decodePoints(h, columns, view, turns);
  const members = view(h.stackMembers as SectionRef & { kind: 'i32' });
  const starts = view(h.stackStarts as SectionRef & { kind: 'u32' });
  const stacks = h.stacks.map((stack, k) => {
    const list: MapPoint[] = [];
    for (let m = starts[k] as number; m < (starts[k + 1] as number); m += 1) {
      list.push(points[members[m] as number] as MapPoint);
    }
    return { ...stack, members: list };
  });
  return restoreSnapshot(
    { orgId: header.orgId, baleVersion: header.baleVersion, activeMonths: header.activeMonths },
    { points, stacked: view(h.stacked as SectionRef & { kind: 'u8' }) },
    stacks,
    new Map(h.locked),
    await decodePoints(h.recent, columns, view, turns),
  );
}

async function decodeIndex(
  h: IndexHeader,
  points: readonly MapPoint[],
  view: View,
  base: Uint8Array,
  start: number,
  turns: Turns,
): Promise<SavedIndex> {
  const totalsAt = (values: Float64Array, i: number): Totals => {
    const totals = emptyTotals();
    totalsFields.forEach((field, f) => {
      totals[field] = values[i * totalsFields.length + f] as number;
    });
    return totals;
  };
  const trees: IndexStateOf['trees'] = new Array(h.trees.length);
  for (let z = h.trees.length - 1; z >= 0; z -= 1) {
    const ref = h.trees[z] as IndexHeader['trees'][number];
    if ('sameAs' in ref) {
      trees[z] = trees[ref.sameAs] as IndexStateOf['trees'][number];
      continue;
    }
    // KDBush reads its own buffer from offset 0: its bytes are copied out of the file's.
    const from = base.byteOffset + start + ref.kdbush.offset;
    const tree = KDBush.from(base.buffer.slice(from, from + ref.kdbush.length)) as unknown as Tree;
    tree.data = view(ref.data as SectionRef & { kind: 'i32' });
    trees[z] = tree;
  }
  const clusterValues = view(h.clusterTotals as SectionRef & { kind: 'f64' });
  const clusterProps: Totals[] = new Array(clusterValues.length / totalsFields.length);
  for (let i = 0; i < clusterProps.length; i += 1) {
    if ((i & 4095) === 0) await turns.check();
    clusterProps[i] = totalsAt(clusterValues, i);
  }
  const stackValues = view(h.stackTotals as SectionRef & { kind: 'f64' });
  const refs = view(h.pointRefs as SectionRef & { kind: 'i32' });
  const grades = view(h.pointGrades as SectionRef & { kind: 'i8' });
  const props: ClusterPointProps[] = new Array(refs.length);
  for (let i = 0; i < refs.length; i += 1) {
    if ((i & 4095) === 0) await turns.check();
    const ref = refs[i] as number;
    if (ref >= 0) {
      const bale = points[ref];
      if (!bale) throw new RangeError('Snapshot file index names no point');
      props[i] = { bale, grade: grades[i] as number };
    } else {
      const k = -1 - ref;
      props[i] = { stack: h.stacks[k] as MapStack, totals: totalsAt(stackValues, k) };
    }
  }
  const index: PointIndex = restoreIndex({
    trees,
    numPoints: h.numPoints,
    props,
    coords: view(h.coords as SectionRef & { kind: 'f64' }),
    clusterProps,
  });
  return {
    index,
    stacks: h.stacks,
    range: {
      ...(h.range.from === null ? {} : { from: new Date(h.range.from) }),
      ...(h.range.to === null ? {} : { to: new Date(h.range.to) }),
    },
    gradesKey: h.gradesKey,
  };
}
