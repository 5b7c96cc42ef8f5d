import type { Bale, BaleSize, LoadType } from '@baletrack/contracts/bales/bale';

/**
 * What the report's table keeps of a bale: a few numbers and words, not the whole record, so
 * hundreds of thousands of rows fit in the page's memory.
 */
export interface ReportRow {
  uid: string;
  /** The tag's serial number, as the map names the bale; null when the bale has no tag. */
  tag: string | null;
  createdMs: number;
  baleSize: BaleSize;
  weightKg: number;
  dryMassKg: number;
  avgMoisture: number;
  rfv: number | null;
  protein: number | null;
  loadType: LoadType | null;
}

export function toReportRow(bale: Bale): ReportRow {
  return {
    uid: bale.uid,
    tag: bale.tagSerialNumber || null,
    createdMs: Date.parse(bale.creationTime),
    baleSize: bale.baleSize,
    weightKg: bale.weightKg,
    dryMassKg: bale.dryMassKg,
    avgMoisture: bale.avgMoisture,
    rfv: bale.rfv,
    protein: bale.protein,
    loadType: bale.loadType,
  };
}

/** What a person reads for the bale: its tag, else (untagged) its uid. */
export const rowName = (row: ReportRow): string => row.tag ?? row.uid;

/** The columns the table sorts by. */
export type SortKey = 'tag' | 'createdMs' | 'weightKg' | 'avgMoisture' | 'rfv' | 'protein';
export interface Sort {
  key: SortKey;
  direction: 'asc' | 'desc';
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The rows in the order asked (a new array; the rows themselves are shared). Bales without the
 * value (untagged ones, by tag) come last either way, and equal values keep the server's order
 * (uid).
 * @example sortRows(rows, { key: 'weightKg', direction: 'desc' }) // heaviest first
 */
export function sortRows(rows: readonly ReportRow[], sort: Sort): ReportRow[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const { key } = sort;
  if (key === 'tag') {
    return [...rows].sort((a, b) => {
      if (a.tag === null || b.tag === null) return a.tag === b.tag ? 0 : a.tag === null ? 1 : -1;
      return sign * compareText(a.tag, b.tag);
    });
  }
  return [...rows].sort((a, b) => {
    const x = a[key];
    const y = b[key];
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return sign * (x - y);
  });
}

/** One page of a report as the query keeps it. */
export interface RowPage {
  rows: readonly ReportRow[];
}

/**
 * A report's rows in arrival order, grown page by page: each new page's rows are appended to the
 * same array, so loading n rows reads each row once (not every row again per page, as
 * flattening all pages on every arrival did). Pages that are not the ones seen plus more (a
 * refetch, another report) start a new array. `update` is safe to call twice with the same pages.
 */
export class ReportRowList {
  rows: ReportRow[] = [];
  #pages: readonly RowPage[] = [];

  update(pages: readonly RowPage[]): ReportRow[] {
    const seen = this.#pages.length;
    const grown =
      seen <= pages.length &&
      (seen === 0 || (pages[0] === this.#pages[0] && pages[seen - 1] === this.#pages[seen - 1]));
    if (!grown) this.rows = [];
    for (const page of pages.slice(grown ? seen : 0)) {
      const { rows } = page;
      for (let i = 0; i < rows.length; i += 1) this.rows.push(rows[i] as ReportRow);
    }
    this.#pages = pages;
    return this.rows;
  }
}

/** Rows as a table reads them: by position, without building an array per render. */
export interface RowView {
  length: number;
  at: (index: number) => ReportRow;
}

/**
 * The rows in a chosen order while they still load. Sorting everything again on each page would
 * cost n log n per page; instead the rows are sorted when the sort changes, again each time the
 * rows loaded have doubled, and once when all are in, so the sorting of a whole report costs about
 * twice one sort. Rows that came after the last sort follow the sorted ones in arrival order.
 */
export class SortedRowView {
  #rows: ReportRow[] | null = null;
  #sort: Sort | null = null;
  #sorted: ReportRow[] = [];

  view(rows: ReportRow[], count: number, sort: Sort | null, done: boolean): RowView {
    if (!sort) return { length: count, at: (index) => rows[index] as ReportRow };
    const stale = rows !== this.#rows || sort !== this.#sort;
    const sortedCount = stale ? 0 : this.#sorted.length;
    if (stale || count >= 2 * sortedCount || (done && sortedCount < count)) {
      this.#sorted = sortRows(rows.slice(0, count), sort);
      this.#rows = rows;
      this.#sort = sort;
    }
    const sorted = this.#sorted;
    return {
      length: count,
      at: (index) => (index < sorted.length ? sorted[index] : rows[index]) as ReportRow,
    };
  }
}
