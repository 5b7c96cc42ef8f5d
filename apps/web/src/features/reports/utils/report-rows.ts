import type { Bale, BaleSize, LoadType } from '@baletrack/contracts/bales/bale';

/**
 * What the report's table keeps of a bale: a few numbers and words, not the whole record, so
 * hundreds of thousands of rows fit in the page's memory.
 */
export interface ReportRow {
  uid: string;
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

/** The columns the table sorts by. */
export type SortKey = 'uid' | 'createdMs' | 'weightKg' | 'avgMoisture' | 'rfv' | 'protein';
export interface Sort {
  key: SortKey;
  direction: 'asc' | 'desc';
}

/**
 * The rows in the order asked (a new array; the rows themselves are shared). Bales without the
 * value come last either way, and equal values keep the server's order (uid).
 * @example sortRows(rows, { key: 'weightKg', direction: 'desc' }) // heaviest first
 */
export function sortRows(rows: readonly ReportRow[], sort: Sort): ReportRow[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const { key } = sort;
  if (key === 'uid') {
    return [...rows].sort((a, b) => sign * (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
  }
  return [...rows].sort((a, b) => {
    const x = a[key];
    const y = b[key];
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return sign * (x - y);
  });
}
