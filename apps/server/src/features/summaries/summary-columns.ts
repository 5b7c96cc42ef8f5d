import { type BaleSize, baleShapeBySize } from '@baletrack/contracts/bales/bale';
import { type FilterAttribute, filterAttributes } from '@baletrack/contracts/filters/filter';
import { alfalfaGrades, grassGrades } from '@baletrack/contracts/summaries/summary';
import { safeBalingBand } from '@baletrack/domain/moisture';
import { qualityGrade } from '@baletrack/domain/quality-grade';

/**
 * One visible bale as the summary columns and the map's snapshot are built from it (one read
 * feeds both: visible-bale-rows.ts).
 */
export interface SummaryBaleRow {
  uid: string;
  createdMs: number;
  creationLat: number;
  creationLon: number;
  currentLat: number;
  currentLon: number;
  /** NaN for null. */
  numbers: Record<NumericColumn, number>;
  balerId: string;
  baleSize: string;
  loadType: string | null;
  bindingMode: string;
  appliedPreservativeKg: number | null;
  fieldUids: string[];
}

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

const DAY_MS = 86_400_000;
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
  copy(): Dictionary<T> {
    const copy = new Dictionary<T>(this.keyOf);
    for (const value of this.values) copy.indexOf(value);
    return copy;
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
  slotOf: Map<string, number>;
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

function allocate(capacity: number, from?: BaleColumns): ColumnArrays {
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
    createdMs: grow(f64, from?.createdMs),
    numbers: Object.fromEntries(
      numericColumns.map((c) => [c, grow(f64, from?.numbers[c])]),
    ) as Record<NumericColumn, Float64Array>,
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

/** Whether the bale was made wetter than its safe band (domain moisture). */
function isAboveSafe(row: SummaryBaleRow): boolean {
  const shape = baleShapeBySize[row.baleSize as BaleSize] === 'Round' ? 'Round' : 'LargeSquare';
  const method =
    (row.appliedPreservativeKg ?? 0) > 0
      ? 'preservative'
      : row.bindingMode === 'Film' || row.bindingMode === 'TwineAndFilm'
        ? 'baleage'
        : 'dry';
  return row.numbers.avgMoisture > safeBalingBand(shape, method).max;
}

const gradeIndexes = {
  legume: new Map(alfalfaGrades.map((g) => [g as string, gradeKeys.indexOf(`legume.${g}`)])),
  grass: new Map(grassGrades.map((g) => [g as string, gradeKeys.indexOf(`grass.${g}`)])),
};

function gradeIndex(table: 'legume' | 'grass', row: SummaryBaleRow): number {
  const values = {
    rfv: nullable(row.numbers.rfv),
    adf: nullable(row.numbers.adf),
    ndf: nullable(row.numbers.ndf),
    protein: nullable(row.numbers.protein),
  };
  const grade = qualityGrade(table, values);
  return grade === null ? NO_GRADE : (gradeIndexes[table].get(grade) ?? NO_GRADE);
}

function put(columns: BaleColumns, slot: number, row: SummaryBaleRow): void {
  columns.live[slot] = 1;
  columns.createdMs[slot] = row.createdMs;
  for (const c of numericColumns) columns.numbers[c][slot] = row.numbers[c];
  columns.baler[slot] = columns.balerIds.indexOf(row.balerId);
  columns.size[slot] = columns.sizes.indexOf(row.baleSize);
  columns.retail[slot] = row.loadType === 'retail' ? 1 : 0;
  columns.aboveSafe[slot] = isAboveSafe(row) ? 1 : 0;
  columns.legumeGrade[slot] = gradeIndex('legume', row);
  columns.grassGrade[slot] = gradeIndex('grass', row);
  const fieldSet = columns.fieldSets.indexOf([...row.fieldUids].sort());
  columns.fieldSet[slot] = fieldSet;
  columns.fieldDay[slot] = columns.fieldDays.indexOf({
    fieldSet,
    day: Math.floor(row.createdMs / DAY_MS),
  });
}

/** Room for the bales a live baler adds before the arrays have to grow (by half) again. */
const headroom = (length: number) => 1_024 + (length >>> 4);

/** Columns of every visible bale. */
export function buildColumns(
  stamp: { orgId: string; baleVersion: number; activeMonths: number },
  rows: SummaryBaleRow[],
): BaleColumns {
  const columns: BaleColumns = {
    ...stamp,
    length: 0,
    written: { length: 0 },
    uids: [],
    slotOf: new Map(),
    balerIds: new Dictionary((id) => id),
    sizes: new Dictionary((size) => size),
    fieldSets: new Dictionary((ids) => ids.join(',')),
    // Days since 1970 stay below 100,000 until the year 2243.
    fieldDays: new Dictionary(({ fieldSet, day }) => fieldSet * 100_000 + day),
    ...allocate(rows.length + headroom(rows.length)),
  };
  return applyChanges(columns, rows, []);
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
  changed: SummaryBaleRow[],
  nowLocked: string[],
): BaleColumns {
  const { length } = previous;
  const isNew = (uid: string) => {
    const slot = previous.slotOf.get(uid);
    return slot === undefined || slot >= length;
  };
  const onlyAdded =
    previous.written.length === length &&
    changed.every((row) => isNew(row.uid)) &&
    nowLocked.every(isNew);
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
  const added = new Set(changed.filter((row) => isNew(row.uid)).map((row) => row.uid)).size;
  const columns: BaleColumns = {
    ...previous,
    ...stamp,
    written: { length },
    uids,
    slotOf: new Map(uids.map((uid, slot) => [uid, slot])),
    balerIds: previous.balerIds.copy(),
    sizes: previous.sizes.copy(),
    fieldSets: previous.fieldSets.copy(),
    fieldDays: previous.fieldDays.copy(),
    ...allocate(length + added + headroom(length + added), previous),
  };
  return applyChanges(columns, changed, nowLocked);
}

function applyChanges(columns: BaleColumns, rows: SummaryBaleRow[], nowLocked: string[]) {
  for (const row of rows) {
    let slot = columns.slotOf.get(row.uid);
    if (slot === undefined) {
      slot = columns.length;
      columns.length += 1;
      columns.uids[slot] = row.uid;
      columns.slotOf.set(row.uid, slot);
    }
    put(columns, slot, row);
  }
  columns.written.length = columns.length;
  for (const uid of nowLocked) {
    const slot = columns.slotOf.get(uid);
    if (slot !== undefined) columns.live[slot] = 0;
  }
  return columns;
}
