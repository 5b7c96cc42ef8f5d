import { type FilterAttribute, filterAttributes } from '@baletrack/contracts/filters/filter';

// The summary columns' numbers (summary-columns.ts names them `numericColumns`).
type NumericColumn = FilterAttribute;
const numericColumns = filterAttributes;

/**
 * Visible bales as one read returns them, column by column (row i of every column is one bale):
 * what the summary columns are built from (one read, shared by concurrent loads of a stamp:
 * `StampedCache`). No object per bale: numbers in typed arrays, NaN for null; strings of
 * few distinct values (baler ids, sizes, field lists) shared between rows.
 */
export interface VisibleBaleBatch {
  length: number;
  uid: string[];
  createdMs: Float64Array;
  creationLat: Float64Array;
  creationLon: Float64Array;
  currentLat: Float64Array;
  currentLon: Float64Array;
  /** NaN for null. */
  numbers: Record<NumericColumn, Float64Array>;
  balerId: string[];
  baleSize: string[];
  loadType: (string | null)[];
  bindingMode: string[];
  /** NaN for null. */
  appliedPreservativeKg: Float64Array;
  fieldUids: string[][];
  /** Set once summary columns took `createdMs` and `numbers` as their own (summary-columns.ts). */
  adopted?: boolean;
}

/**
 * The room summary columns keep for `length` bales: the bales and some headroom for the bales a
 * live baler adds before the arrays have to grow (by half) again. A batch read at this capacity
 * gives its number arrays to the columns instead of being copied.
 */
export const columnsCapacity = (length: number) => length + 1_024 + (length >>> 4);

type NumberColumn =
  | 'createdMs'
  | 'creationLat'
  | 'creationLon'
  | 'currentLat'
  | 'currentLon'
  | 'appliedPreservativeKg';
const numberColumns: NumberColumn[] = [
  'createdMs',
  'creationLat',
  'creationLon',
  'currentLat',
  'currentLon',
  'appliedPreservativeKg',
];

/** An empty batch with room for `capacity` bales (it grows as rows are added). */
export function emptyBatch(capacity = 1_024): VisibleBaleBatch {
  const f64 = () => new Float64Array(capacity);
  return {
    length: 0,
    uid: [],
    createdMs: f64(),
    creationLat: f64(),
    creationLon: f64(),
    currentLat: f64(),
    currentLon: f64(),
    numbers: Object.fromEntries(numericColumns.map((c) => [c, f64()])) as Record<
      NumericColumn,
      Float64Array
    >,
    balerId: [],
    baleSize: [],
    loadType: [],
    bindingMode: [],
    appliedPreservativeKg: f64(),
    fieldUids: [],
  };
}

/** The slot of a new row (the batch's length grows by one; typed arrays double when full). */
export function nextRow(batch: VisibleBaleBatch): number {
  const row = batch.length;
  if (row === batch.createdMs.length) {
    const grow = (old: Float64Array) => {
      const array = new Float64Array(Math.max(1_024, old.length * 2));
      array.set(old);
      return array;
    };
    for (const column of numberColumns) batch[column] = grow(batch[column]);
    for (const column of numericColumns) batch.numbers[column] = grow(batch.numbers[column]);
  }
  batch.length = row + 1;
  return row;
}

/** Field lists by their text ('a;b'): bales of one field share one list. */
export function fieldListReader(): (joined: string) => string[] {
  const lists = new Map<string, string[]>();
  return (joined) => {
    let list = lists.get(joined);
    if (!list) {
      list = joined === '' ? [] : joined.split(';');
      lists.set(joined, list);
    }
    return list;
  };
}
