import { type HayGrade, hayGrades } from '@baletrack/contracts/inventory/hay-grade';
import type { MapStack } from '@baletrack/contracts/map/map';
import { inTimeRange, type TimeRange } from '../bales/time-range.ts';
import { type MapGrades, UNGRADED } from './map-grades.ts';
import type { MapPoint, StackPlace } from './map-snapshot.ts';

/** Sums a cluster carries up the tree; averages are taken per bale at the end. */
export interface Totals {
  bales: number;
  weightKg: number;
  dryMassKg: number;
  moisture: number;
  rfv: number;
  rfvBales: number;
  /** Crude protein summed over the bales that reported it (not every baler does). */
  protein: number;
  proteinBales: number;
  /** Bales per quality grade, by index in `hayGrades` (ungraded bales are not counted). */
  grades: number[];
}

/** The bales an applied filter keeps, named for caches (see `BaleSelection.whereKey`). */
export interface BaleSubset {
  key: string;
  uids: ReadonlySet<string>;
}

export type ClusterPointProps =
  | { bale: MapPoint; grade: number }
  | { stack: MapStack; totals: Totals };

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
    grades: new Array(hayGrades.length).fill(0),
  };
}

/** Adds one bale of the given grade (index in `hayGrades`, or `UNGRADED`). */
export function addBale(totals: Totals, bale: MapPoint, grade: number): void {
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
  if (grade !== UNGRADED) totals.grades[grade] = (totals.grades[grade] as number) + 1;
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
  for (let g = 0; g < into.grades.length; g += 1) {
    into.grades[g] = (into.grades[g] as number) + (from.grades[g] as number);
  }
}

/** The bales of each grade present, best first (legume table, then grass). */
export function gradeCounts(totals: Totals): Partial<Record<HayGrade, number>> {
  const counts: Partial<Record<HayGrade, number>> = {};
  totals.grades.forEach((count, g) => {
    if (count > 0) counts[hayGrades[g] as HayGrade] = count;
  });
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
 * A stack's summary over its members made within the range (and kept by the filter's subset);
 * undefined when none were.
 */
export function summarizeStack(
  id: string,
  place: StackPlace,
  range: TimeRange,
  subset: BaleSubset | undefined,
  grades: MapGrades,
): { stack: MapStack; totals: Totals } | undefined {
  const totals = emptyTotals();
  const kept: MapPoint[] = [];
  for (const bale of place.members) {
    if (inTimeRange(range, bale.createdMs) && (!subset || subset.uids.has(bale.uid))) {
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
