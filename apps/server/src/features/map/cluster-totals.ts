import type { Stack } from '@baletrack/contracts/map/map';
import { inTimeRange, type TimeRange } from '../bales/time-range.ts';
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
}

/** The bales an applied filter keeps, named for caches (see `BaleSelection.whereKey`). */
export interface BaleSubset {
  key: string;
  uids: ReadonlySet<string>;
}

export type ClusterPointProps = { bale: MapPoint } | { stack: Stack; totals: Totals };

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
  };
}

export function addBale(totals: Totals, bale: MapPoint): void {
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
}

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
  subset?: BaleSubset,
): { stack: Stack; totals: Totals } | undefined {
  const totals = emptyTotals();
  for (const bale of place.members) {
    if (inTimeRange(range, bale.createdMs) && (!subset || subset.uids.has(bale.uid))) {
      addBale(totals, bale);
    }
  }
  if (totals.bales === 0) return undefined;
  const stack: Stack = {
    id,
    lat: place.lat,
    lon: place.lon,
    count: totals.bales,
    totalWeightKg: round(totals.weightKg),
    dryMassKg: round(totals.dryMassKg),
    avgMoisture: round(totals.moisture / totals.bales),
    avgRfv: averageOf(totals.rfv, totals.rfvBales),
    avgProtein: averageOf(totals.protein, totals.proteinBales),
  };
  return { stack, totals };
}
