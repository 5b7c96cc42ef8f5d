import { type BaleSize, baleShapeBySize } from '@baletrack/contracts/bales/bale';
import { type FilterAttribute, filterAttributes } from '@baletrack/contracts/filters/filter';
import { alfalfaGrades, grassGrades } from '@baletrack/contracts/summaries/summary';
import { safeBalingBand } from '@baletrack/domain/moisture';
import { qualityGrade } from '@baletrack/domain/quality-grade/quality-grade';
import { mapInTurns } from '../../lib/turns.ts';
import { DAY_MS } from '../bales/time-range.ts';
import { columnsCapacity, type VisibleBaleBatch } from './visible-bale-batch.ts';

// The organization's visible bales as columns (typed arrays), what summaries and group-bys read:
// 200,000 bales are aggregated in milliseconds instead of a query of seconds on PGlite.

/** Numbers a summary averages or a filter bounds, the filter's measures; NaN stands for null. */
export const numericColumns = filterAttributes;
export type NumericColumn = FilterAttribute;

/** 'legume.Supreme', …, 'grass.Low': a grade's index in this list is what columns store. */
export const gradeKeys = [
  ...alfalfaGrades.map((g) => `legume.${g}`),
  ...grassGrades.map((g) => `grass.${g}`),
] as const;

const NO_GRADE = -1;

/** Distinct values numbered in order of first sight. */
export class Dictionary<T> {
  readonly values: T[] = [];
  readonly #index = new Map<string | number, number>();
  constructor(private readonly keyOf: (value: T) => string | number) {}
  indexOf(value: T): number {
    const key = this.keyOf(value);
    let index = this.#index.get(key);
    if (index === undefined) {
      index = this.values.length;
      this.values.push(value);
      this.#index.set(key, index);
    }
    return index;
  }
  /** `indexOf` for a value known by its key, made only when first seen. */
  indexOfKey(key: string | number, make: () => T): number {
    let index = this.#index.get(key);
    if (index === undefined) {
      index = this.values.length;
      this.values.push(make());
      this.#index.set(key, index);
    }
    return index;
  }
  copy(): Dictionary<T> {
    const copy = new Dictionary<T>(this.keyOf);
    for (const value of this.values) copy.indexOf(value);
    return copy;
  }
}

/**
 * Each uid's slot, made from `uids` on first use: the first answers after a restart do not need it
 * (a map of 1,000,000 uids takes about a second), a catch-up does. Slots are written to `uids`
 * first, so a map made later holds them.
 */
export class UidSlots {
  #map: Map<string, number> | undefined;
  constructor(private readonly uids: readonly string[]) {}
  get(uid: string): number | undefined {
    if (!this.#map) {
      this.#map = new Map();
      for (let slot = 0; slot < this.uids.length; slot += 1) {
        this.#map.set(this.uids[slot] as string, slot);
      }
    }
    return this.#map.get(uid);
  }
  /** Records a slot already written to `uids`. */
  set(uid: string, slot: number): void {
    this.#map?.set(uid, slot);
  }
  /** Makes the map ahead of its first use, a slice at a time (a `get` meanwhile makes it whole). */
  async prepare(): Promise<void> {
    const map = await mapInTurns(
      () => (this.#map ? 0 : this.uids.length),
      (slot) => [this.uids[slot] as string, slot],
    );
    this.#map ??= map;
  }
}

/** A bale's fields and UTC day: all the cutting rule reads of it (a few thousand per farm). */
export interface FieldDay {
  fieldSet: number;
  day: number;
}

/** The visible bales of one organization at one stamp; slot i of every column is one bale. */
export interface BaleColumns {
  orgId: string;
  baleVersion: number;
  activeMonths: number;
  /** Slots in use (some may no longer be live); the arrays may hold more, for later columns. */
  length: number;
  /**
   * How far the arrays, `uids` and `slotOf` are written, shared by every columns value using
   * them: a catch-up that only adds bales writes past it in place (older values read only up to
   * their own `length`), unless another one already did.
   */
  written: { length: number };
  uids: string[];
  slotOf: UidSlots;
  /** 0 for a bale that became locked since the columns were loaded. */
  live: Uint8Array;
  createdMs: Float64Array;
  numbers: Record<NumericColumn, Float64Array>;
  /** Index into `balerIds`, `sizes`. */
  baler: Uint32Array;
  balerIds: Dictionary<string>;
  size: Uint32Array;
  sizes: Dictionary<string>;
  retail: Uint8Array;
  aboveSafe: Uint8Array;
  /** The grade by the legume table and by the grass table (index in `gradeKeys`, or -1). */
  legumeGrade: Int8Array;
  grassGrade: Int8Array;
  /** Index into `fieldSets` (sorted field ids) and `fieldDays`. */
  fieldSet: Uint32Array;
  fieldSets: Dictionary<string[]>;
  fieldDay: Uint32Array;
  fieldDays: Dictionary<FieldDay>;
}

type ColumnArrays = Omit<
  BaleColumns,
  | 'orgId'
  | 'baleVersion'
  | 'activeMonths'
  | 'length'
  | 'written'
  | 'uids'
  | 'slotOf'
  | 'balerIds'
  | 'sizes'
  | 'fieldSets'
  | 'fieldDays'
>;

/** Arrays of `capacity` slots, `from`'s copied in; `own` numbers are used as they are. */
function allocate(
  capacity: number,
  from?: BaleColumns,
  own?: Pick<BaleColumns, 'createdMs' | 'numbers'>,
): ColumnArrays {
  const grow = <A extends Float64Array | Uint32Array | Uint8Array | Int8Array>(
    make: (n: number) => A,
    old: A | undefined,
  ): A => {
    const array = make(capacity);
    if (old) array.set(old.subarray(0, Math.min(old.length, capacity)));
    return array;
  };
  const f64 = (n: number) => new Float64Array(n);
  const u32 = (n: number) => new Uint32Array(n);
  const u8 = (n: number) => new Uint8Array(n);
  const i8 = (n: number) => new Int8Array(n);
  return {
    live: grow(u8, from?.live),
    createdMs: own?.createdMs ?? grow(f64, from?.createdMs),
    numbers:
      own?.numbers ??
      (Object.fromEntries(numericColumns.map((c) => [c, grow(f64, from?.numbers[c])])) as Record<
        NumericColumn,
        Float64Array
      >),
    baler: grow(u32, from?.baler),
    size: grow(u32, from?.size),
    retail: grow(u8, from?.retail),
    aboveSafe: grow(u8, from?.aboveSafe),
    legumeGrade: grow(i8, from?.legumeGrade),
    grassGrade: grow(i8, from?.grassGrade),
    fieldSet: grow(u32, from?.fieldSet),
    fieldDay: grow(u32, from?.fieldDay),
  };
}

const nullable = (n: number) => (Number.isNaN(n) ? null : n);

/** Whether bale i was made wetter than its safe band (domain moisture). */
function isAboveSafe(rows: VisibleBaleBatch, i: number): boolean {
  const size = rows.baleSize[i] as BaleSize;
  const shape = baleShapeBySize[size] === 'Round' ? 'Round' : 'LargeSquare';
  const binding = rows.bindingMode[i];
  const preservative = rows.appliedPreservativeKg[i] as number;
  const method =
    preservative > 0
      ? 'preservative'
      : binding === 'Film' || binding === 'TwineAndFilm'
        ? 'baleage'
        : 'dry';
  return (rows.numbers.avgMoisture[i] as number) > safeBalingBand(shape, method).max;
}

const gradeIndexes = {
  legume: new Map(alfalfaGrades.map((g) => [g as string, gradeKeys.indexOf(`legume.${g}`)])),
  grass: new Map(grassGrades.map((g) => [g as string, gradeKeys.indexOf(`grass.${g}`)])),
};

function gradeIndex(table: 'legume' | 'grass', values: GradeValues): number {
  const grade = qualityGrade(table, values);
  return grade === null ? NO_GRADE : (gradeIndexes[table].get(grade) ?? NO_GRADE);
}

type GradeValues = Parameters<typeof qualityGrade>[1];

/**
 * Writes row i into slot `slots[i]`. The numbers are copied column by column (in one block when
 * the slots follow on, as in a fresh load); per row only what needs a look-up: dictionaries,
 * flags and grades.
 */
function put(
  columns: BaleColumns,
  rows: VisibleBaleBatch,
  slots: Int32Array,
  followOn: boolean,
): void {
  const n = rows.length;
  // Rows of one field share one list (visible-bale-batch.ts), and runs of rows one baler and
  // size: each is sorted or looked up once.
  const fieldSets = new Map<string[], number>();
  let lastBaler: string | undefined;
  let lastBalerIndex = 0;
  let lastSize: string | undefined;
  let lastSizeIndex = 0;
  const { numbers } = rows;
  for (let i = 0; i < n; i += 1) {
    const slot = slots[i] as number;
    const createdMs = rows.createdMs[i] as number;
    columns.live[slot] = 1;
    const balerId = rows.balerId[i] as string;
    if (balerId !== lastBaler) {
      lastBaler = balerId;
      lastBalerIndex = columns.balerIds.indexOf(balerId);
    }
    columns.baler[slot] = lastBalerIndex;
    const size = rows.baleSize[i] as string;
    if (size !== lastSize) {
      lastSize = size;
      lastSizeIndex = columns.sizes.indexOf(size);
    }
    columns.size[slot] = lastSizeIndex;
    columns.retail[slot] = rows.loadType[i] === 'retail' ? 1 : 0;
    columns.aboveSafe[slot] = isAboveSafe(rows, i) ? 1 : 0;
    const values: GradeValues = {
      rfv: nullable(numbers.rfv[i] as number),
      adf: nullable(numbers.adf[i] as number),
      ndf: nullable(numbers.ndf[i] as number),
      protein: nullable(numbers.protein[i] as number),
    };
    columns.legumeGrade[slot] = gradeIndex('legume', values);
    columns.grassGrade[slot] = gradeIndex('grass', values);
    const fieldUids = rows.fieldUids[i] as string[];
    let fieldSet = fieldSets.get(fieldUids);
    if (fieldSet === undefined) {
      fieldSet = columns.fieldSets.indexOf([...fieldUids].sort());
      fieldSets.set(fieldUids, fieldSet);
    }
    columns.fieldSet[slot] = fieldSet;
    const day = Math.floor(createdMs / DAY_MS);
    // Days since 1970 stay below 100,000 until the year 2243.
    columns.fieldDay[slot] = columns.fieldDays.indexOfKey(fieldSet * 100_000 + day, () => ({
      fieldSet: fieldSet as number,
      day,
    }));
  }
  // Last: columns that adopted the rows' arrays (buildColumns) write into what the loop above
  // read. Slot i is at most row i, so no row not yet copied is overwritten.
  if (columns.createdMs === rows.createdMs && followOn) return;
  if (followOn && n > 0) {
    const first = slots[0] as number;
    columns.createdMs.set(rows.createdMs.subarray(0, n), first);
    for (const c of numericColumns) columns.numbers[c].set(rows.numbers[c].subarray(0, n), first);
    return;
  }
  for (let i = 0; i < n; i += 1) {
    const slot = slots[i] as number;
    columns.createdMs[slot] = rows.createdMs[i] as number;
    for (const c of numericColumns) columns.numbers[c][slot] = rows.numbers[c][i] as number;
  }
}

// Days since 1970 stay below 100,000 until the year 2243.
const fieldDayKey = ({ fieldSet, day }: FieldDay) => fieldSet * 100_000 + day;

/** Room for the bales a live baler adds before the arrays have to grow (by half) again. */
const headroom = (length: number) => columnsCapacity(length) - length;

/** Columns of every visible bale. */
export function buildColumns(
  stamp: { orgId: string; baleVersion: number; activeMonths: number },
  rows: VisibleBaleBatch,
): BaleColumns {
  // A batch read at the columns' capacity gives its number arrays instead of being copied (its
  // rows fill the first slots, in order; later bales are written after them), once.
  const capacity = columnsCapacity(rows.length);
  const room = rows.createdMs.length;
  const own = !rows.adopted && room >= capacity && room <= capacity + (capacity >>> 4);
  const uids: string[] = [];
  const columns: BaleColumns = {
    ...stamp,
    length: 0,
    written: { length: 0 },
    uids,
    slotOf: new UidSlots(uids),
    balerIds: new Dictionary((id) => id),
    sizes: new Dictionary((size) => size),
    fieldSets: new Dictionary((ids) => ids.join(',')),
    fieldDays: new Dictionary(fieldDayKey),
    ...allocate(capacity, undefined, own ? rows : undefined),
  };
  if (own) rows.adopted = true;
  // One read holds each bale once: row i goes to slot i, no uid looked up.
  return applyChanges(columns, rows, [], true);
}

/**
 * New columns from older ones and the bales written since (visible rows, and uids of bales now
 * locked). The older columns are left as they were for requests still reading them. Only new
 * bales (a baler reporting live): written after the older columns' slots, in place, in time
 * proportional to their number. Anything else copies the columns.
 */
export function mergeColumns(
  previous: BaleColumns,
  stamp: { baleVersion: number; activeMonths: number },
  changed: VisibleBaleBatch,
  nowLocked: string[],
): BaleColumns {
  const { length } = previous;
  const isNew = (uid: string) => {
    const slot = previous.slotOf.get(uid);
    return slot === undefined || slot >= length;
  };
  const onlyAdded =
    previous.written.length === length && changed.uid.every(isNew) && nowLocked.every(isNew);
  if (onlyAdded) {
    const needed = length + changed.length;
    const capacity = previous.live.length;
    const columns: BaleColumns = {
      ...previous,
      ...stamp,
      ...(needed > capacity ? allocate(needed + headroom(needed), previous) : {}),
    };
    return applyChanges(columns, changed, []);
  }
  const uids = previous.uids.slice(0, length);
  const added = new Set(changed.uid.filter(isNew)).size;
  const columns: BaleColumns = {
    ...previous,
    ...stamp,
    written: { length },
    uids,
    slotOf: new UidSlots(uids),
    balerIds: previous.balerIds.copy(),
    sizes: previous.sizes.copy(),
    fieldSets: previous.fieldSets.copy(),
    fieldDays: previous.fieldDays.copy(),
    ...allocate(length + added + headroom(length + added), previous),
  };
  return applyChanges(columns, changed, nowLocked);
}

function applyChanges(
  columns: BaleColumns,
  rows: VisibleBaleBatch,
  nowLocked: string[],
  fresh = false,
) {
  const slots = new Int32Array(rows.length);
  const start = columns.length;
  let followOn = true;
  for (let i = 0; i < rows.length; i += 1) {
    const uid = rows.uid[i] as string;
    let slot = fresh ? undefined : columns.slotOf.get(uid);
    if (slot === undefined) {
      slot = columns.length;
      columns.length += 1;
      columns.uids[slot] = uid;
      columns.slotOf.set(uid, slot);
    }
    slots[i] = slot;
    if (slot !== start + i) followOn = false;
  }
  put(columns, rows, slots, followOn);
  columns.written.length = columns.length;
  for (const uid of nowLocked) {
    const slot = columns.slotOf.get(uid);
    if (slot !== undefined) columns.live[slot] = 0;
  }
  return columns;
}

/** The slots of columns' first `covered` bales ordered by their UTC day of making. */
interface DayIndex {
  firstDay: number;
  /** Where each day's slots start in `slots` (one more entry than days). */
  starts: Uint32Array;
  slots: Uint32Array;
  covered: number;
}

// Kept per `createdMs` array: columns caught up in place share it and a slot below any columns'
// length is never written again in it (`mergeColumns`), so an index stays true for every columns
// value sharing the array, up to its own length.
const dayIndexes = new WeakMap<Float64Array, DayIndex>();

/** Bales added since the day index was built are scanned one by one, up to this many. */
const unindexedTail = (length: number) => Math.max(1_024, length >>> 5);

function buildDayIndex(createdMs: Float64Array, covered: number): DayIndex {
  let firstDay = Infinity;
  let lastDay = -Infinity;
  for (let slot = 0; slot < covered; slot += 1) {
    const day = Math.floor((createdMs[slot] as number) / DAY_MS);
    if (day < firstDay) firstDay = day;
    if (day > lastDay) lastDay = day;
  }
  const days = covered === 0 ? 0 : lastDay - firstDay + 1;
  const starts = new Uint32Array(days + 1);
  for (let slot = 0; slot < covered; slot += 1) {
    const day = Math.floor((createdMs[slot] as number) / DAY_MS) - firstDay;
    starts[day + 1] = (starts[day + 1] as number) + 1;
  }
  for (let day = 0; day < days; day += 1) {
    starts[day + 1] = (starts[day + 1] as number) + (starts[day] as number);
  }
  const next = starts.slice(0, days);
  const slots = new Uint32Array(covered);
  for (let slot = 0; slot < covered; slot += 1) {
    const day = Math.floor((createdMs[slot] as number) / DAY_MS) - firstDay;
    const at = next[day] as number;
    slots[at] = slot;
    next[day] = at + 1;
  }
  return { firstDay, starts, slots, covered };
}

/**
 * Where to look for the bales made in [from, to): `indexed` (slots of the days the range
 * touches, some outside it at its ends, some past `columns.length`), then every slot from `tail`
 * to `columns.length`. A crop year of a farm of twenty is a twentieth of the slots instead of all
 * of them; a range over most of the bales reads every slot in order (faster than by day).
 */
export function slotsMadeIn(
  columns: BaleColumns,
  from: number,
  to: number,
): { indexed: Uint32Array; tail: number } {
  const everySlot = { indexed: new Uint32Array(0), tail: 0 };
  const { length, createdMs } = columns;
  if (!(from > -Infinity || to < Infinity) || length < 4_096) return everySlot;
  let index = dayIndexes.get(createdMs);
  if (!index || index.covered + unindexedTail(length) < length) {
    index = buildDayIndex(createdMs, length);
    dayIndexes.set(createdMs, index);
  }
  const days = index.starts.length - 1;
  const dayAt = (ms: number) =>
    Math.min(days, Math.max(0, Math.floor(ms / DAY_MS) - index.firstDay));
  const start = index.starts[dayAt(from)] as number;
  const end = index.starts[to === Infinity ? days : Math.min(days, dayAt(to - 1) + 1)] as number;
  if (end - start > length >>> 2) return everySlot;
  return { indexed: index.slots.subarray(start, end), tail: Math.min(index.covered, length) };
}
