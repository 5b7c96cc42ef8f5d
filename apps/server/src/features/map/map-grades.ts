import { hayGrades } from '@baletrack/contracts/inventory/hay-grade';
import { type ForageKind, forageKindOf } from '@baletrack/domain/quality-grade/quality-grade';
import { type GradedBale, stackGrade } from '@baletrack/domain/quality-grade/stack-grade';
import type { StackBale } from '../bales/stack-grouping.ts';
import type { SummaryCache } from '../summaries/summary-cache.ts';
import type { BaleColumns } from '../summaries/summary-columns.ts';
import { cuttingSignature, lookUpCuttings } from '../summaries/summary-filter.ts';
import type { SummaryReference } from '../summaries/summary-reference.repository.ts';
import type { MapPoint } from './map-snapshot.ts';

/** No grade: the bale is in no cutting with a crop (or reports nothing its table grades by). */
export const UNGRADED = -1;

/**
 * The quality grades the map colours by (docs/product.md#quality-grades), as the summaries
 * count them: each bale's grade from the summaries' bale columns, by the table of its cutting's
 * crop (the same cutting rule and crop table, read afresh per request since cuttings and crops
 * change without a bale version).
 */
export interface MapGrades<P extends StackBale = MapPoint> {
  /**
   * Names what grades depend on besides the bales (cuttings' days and fields, their crops'
   * tables): equal keys grade every bale alike, so cached cluster indexes are kept by it.
   */
  key: string;
  /** The bale's grade as its index in `hayGrades`, or `UNGRADED`. */
  of(point: P): number;
  /** The stack's grade (its bales' average nutrition, as its details give it), or `UNGRADED`. */
  ofStack(members: readonly P[]): number;
}

/** Grades that leave every bale ungraded (tests, and indexes built before any request). */
export const noGrades: MapGrades<StackBale> = {
  key: 'none',
  of: () => UNGRADED,
  ofStack: () => UNGRADED,
};

const kinds: Record<number, ForageKind | null> = { 1: 'legume', 0: 'grass', [-1]: null };
const orNull = (value: number | undefined) =>
  value === undefined || Number.isNaN(value) ? null : value;

/** What the grades depend on in the reference, as a short key (FNV-1a of its text). */
export function gradingKey(reference: SummaryReference): string {
  const text = JSON.stringify([
    // Sorted: grades do not depend on the cuttings' order, which the query does not fix (a
    // kept index is reused by the next process only under the same key).
    reference.cuttings.map(cuttingSignature).sort(),
    reference.crops.map((c) => `${c.id}:${forageKindOf(c.name)}`).sort(),
  ]);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return `${text.length}.${(hash >>> 0).toString(36)}`;
}

// The last grades made from each columns value: map requests come every few seconds, cuttings
// change rarely.
const lastGrades = new WeakMap<BaleColumns, MapGrades>();

/** The grades of the columns' bales under the reference's cuttings and crops. */
export function gradesOf(columns: BaleColumns, reference: SummaryReference): MapGrades {
  const key = gradingKey(reference);
  const last = lastGrades.get(columns);
  if (last?.key === key) return last;
  const grades = makeGrades(columns, reference, key);
  lastGrades.set(columns, grades);
  return grades;
}

function makeGrades(columns: BaleColumns, reference: SummaryReference, key: string): MapGrades {
  const lookup = lookUpCuttings(columns, reference);
  const { legumeGrade, grassGrade, fieldDay, numbers } = columns;
  const slotOf = (point: MapPoint) => {
    // Columns and snapshot read from the same rows hold a bale at the same place: no map lookup
    // (a second per bale of 1,000,000 when they are built after a restart).
    const { row } = point;
    if (row < columns.length && columns.uids[row] === point.uid) return row;
    const slot = columns.slotOf.get(point.uid);
    return slot === undefined || slot >= columns.length ? undefined : slot;
  };
  const kindAt = (slot: number) => lookup.legume[fieldDay[slot] as number] as number;
  return {
    key,
    of(point) {
      const slot = slotOf(point);
      if (slot === undefined) return UNGRADED;
      const kind = kindAt(slot);
      if (kind === 1) return legumeGrade[slot] as number;
      if (kind === 0) return grassGrade[slot] as number;
      return UNGRADED;
    },
    ofStack(members) {
      const graded: GradedBale[] = [];
      for (const member of members) {
        const slot = slotOf(member);
        if (slot === undefined) continue;
        graded.push({
          kind: kinds[kindAt(slot)] ?? null,
          rfv: orNull(numbers.rfv[slot]),
          adf: orNull(numbers.adf[slot]),
          ndf: orNull(numbers.ndf[slot]),
          protein: orNull(numbers.protein[slot]),
        });
      }
      const grade = stackGrade(graded);
      return grade === null ? UNGRADED : hayGrades.indexOf(grade.grade);
    },
  };
}

// A write between reading the snapshot's stamp and the columns' may leave the columns older.
const MAX_COLUMN_READS = 3;

/**
 * The organization's grades for a snapshot of `baleVersion`: from bale columns at least as new
 * (so no bale of the snapshot is missing from them; `columns` is the request's first read, asked
 * again only when older) and the cuttings and crops as they are now.
 */
export async function mapGrades(
  summaryCache: SummaryCache,
  orgId: string,
  baleVersion: number,
  reference: SummaryReference,
  columns: BaleColumns,
): Promise<MapGrades> {
  let current = columns;
  for (let read = 1; current.baleVersion < baleVersion && read < MAX_COLUMN_READS; read += 1) {
    current = await summaryCache.columns(orgId);
  }
  return gradesOf(current, reference);
}
