import { type HayGrade, hayGrades } from '@baletrack/contracts/inventory/hay-grade';
import type { MapCluster, MapStack } from '@baletrack/contracts/map/map';
import type { StackBale, StackPlace } from '../bales/stack-grouping.ts';
import { inTimeRange, type TimeRange } from '../bales/time-range.ts';
import { type MapGrades, UNGRADED } from './map-grades.ts';

/**
 * Bales per quality grade: `g0` … `g8` by index in `hayGrades` (ungraded bales are not counted).
 * Plain fields, not an array: supercluster copies a cluster's totals shallowly before adding its
 * neighbours' into the copy, which would add into the child's array too.
 */
interface GradeTotals {
  g0: number;
  g1: number;
  g2: number;
  g3: number;
  g4: number;
  g5: number;
  g6: number;
  g7: number;
  g8: number;
}
type GradeField = keyof GradeTotals;
const gradeFields = hayGrades.map((_, g) => `g${g}` as GradeField);
// A grade added to the contracts fails here until it has its field above.
const allGradesCounted: typeof hayGrades.length = 9;
void allGradesCounted;

/** Sums a cluster carries up the tree; averages are taken per bale at the end. */
export interface Totals extends GradeTotals {
  bales: number;
  weightKg: number;
  dryMassKg: number;
  moisture: number;
  rfv: number;
  rfvBales: number;
  /** Crude protein summed over the bales that reported it (not every baler does). */
  protein: number;
  proteinBales: number;
}

/** The bales an applied filter keeps, named for caches (see `BaleSelection.whereKey`). */
export interface BaleSubset {
  key: string;
  uids: ReadonlySet<string>;
}

export function emptyTotals(): Totals {
  return {
    bales: 0,
    weightKg: 0,
    dryMassKg: 0,
    moisture: 0,
    rfv: 0,
    rfvBales: 0,
    protein: 0,
    proteinBales: 0,
    g0: 0,
    g1: 0,
    g2: 0,
    g3: 0,
    g4: 0,
    g5: 0,
    g6: 0,
    g7: 0,
    g8: 0,
  };
}

/** Adds one bale of the given grade (index in `hayGrades`, or `UNGRADED`). */
export function addBale(totals: Totals, bale: StackBale, grade: number): void {
  totals.bales += 1;
  totals.weightKg += bale.weightKg;
  totals.dryMassKg += bale.dryMassKg;
  totals.moisture += bale.avgMoisture;
  if (bale.rfv !== null) {
    totals.rfv += bale.rfv;
    totals.rfvBales += 1;
  }
  if (bale.protein !== null) {
    totals.protein += bale.protein;
    totals.proteinBales += 1;
  }
  if (grade !== UNGRADED) totals[gradeFields[grade] as GradeField] += 1;
}

/** Adds one cluster's or stack's sums into another's (supercluster's reduce). */
export function addTotals(into: Totals, from: Totals): void {
  into.bales += from.bales;
  into.weightKg += from.weightKg;
  into.dryMassKg += from.dryMassKg;
  into.moisture += from.moisture;
  into.rfv += from.rfv;
  into.rfvBales += from.rfvBales;
  into.protein += from.protein;
  into.proteinBales += from.proteinBales;
  into.g0 += from.g0;
  into.g1 += from.g1;
  into.g2 += from.g2;
  into.g3 += from.g3;
  into.g4 += from.g4;
  into.g5 += from.g5;
  into.g6 += from.g6;
  into.g7 += from.g7;
  into.g8 += from.g8;
}

/** Sets the grade fields from counts in `hayGrades` order (a cell's `gradeCounts`). */
export function setGradeCounts(totals: Totals, counts: readonly number[]): void {
  for (let g = 0; g < gradeFields.length; g += 1) {
    totals[gradeFields[g] as GradeField] = counts[g] ?? 0;
  }
}

/** A cluster as the map draws it: its bales' count, averages and grades from its totals. */
export function toMapCluster(
  place: Pick<MapCluster, 'id' | 'lat' | 'lon' | 'expansionZoom'>,
  totals: Totals,
): MapCluster {
  // Written out, not spread: one object shape for every cluster of every answer.
  return {
    id: place.id,
    lat: place.lat,
    lon: place.lon,
    expansionZoom: place.expansionZoom,
    count: totals.bales,
    avgWeightKg: round(totals.weightKg / totals.bales),
    avgMoisture: round(totals.moisture / totals.bales),
    avgRfv: averageOf(totals.rfv, totals.rfvBales),
    avgProtein: averageOf(totals.protein, totals.proteinBales),
    grades: gradeCounts(totals),
  };
}

/** The bales of each grade present, best first (legume table, then grass). */
export function gradeCounts(totals: Totals): Partial<Record<HayGrade, number>> {
  const counts: Partial<Record<HayGrade, number>> = {};
  for (let g = 0; g < gradeFields.length; g += 1) {
    const count = totals[gradeFields[g] as GradeField];
    if (count > 0) counts[hayGrades[g] as HayGrade] = count;
  }
  return counts;
}

/** A grade index as the API writes it. */
export const gradeName = (grade: number): HayGrade | null =>
  grade === UNGRADED ? null : (hayGrades[grade] ?? null);

/** The mean of a measure only some bales report; null when none did. */
export function averageOf(sum: number, bales: number): number | null {
  return bales === 0 ? null : round(sum / bales);
}

export const round = (value: number, digits = 1) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

/**
 * A stack's summary over its members made within the range (and kept by the filter, if any);
 * undefined when none were.
 */
export function summarizeStack<P extends StackBale>(
  id: string,
  place: StackPlace<P>,
  range: TimeRange,
  keptUids: ReadonlySet<string> | undefined,
  grades: MapGrades<P>,
): { stack: MapStack; totals: Totals } | undefined {
  const totals = emptyTotals();
  const kept: P[] = [];
  for (const bale of place.members) {
    if (inTimeRange(range, bale.createdMs) && (!keptUids || keptUids.has(bale.uid))) {
      addBale(totals, bale, grades.of(bale));
      kept.push(bale);
    }
  }
  if (totals.bales === 0) return undefined;
  const stack: MapStack = {
    id,
    lat: place.lat,
    lon: place.lon,
    count: totals.bales,
    totalWeightKg: round(totals.weightKg),
    dryMassKg: round(totals.dryMassKg),
    avgMoisture: round(totals.moisture / totals.bales),
    avgRfv: averageOf(totals.rfv, totals.rfvBales),
    avgProtein: averageOf(totals.protein, totals.proteinBales),
    // The stack's own grade (as its details give it), not its bales' most common one.
    grade: gradeName(grades.ofStack(kept)),
  };
  return { stack, totals };
}
