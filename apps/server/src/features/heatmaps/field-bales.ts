// The bales a field's heatmap is drawn from, read from the map index's snapshot (visible bales
// only, kept in memory per bale version) rather than the database: a field's bales are found
// among 200,000 in a few milliseconds.

import type { Boundary } from '@baletrack/contracts/geo/boundary';
import type { HeatmapMeasure } from '@baletrack/contracts/heatmaps/heatmap';
import { boundaryBox } from '@baletrack/domain/geo/boundary-box';
import { boundaryContains, boxContains } from '../../lib/boundary.ts';
import { inTimeRange, type TimeRange } from '../bales/time-range.ts';
import type { BaleSubset } from '../map/map-index.ts';
import type { FarmSnapshot, MapPoint } from '../map/map-snapshot.ts';

/** A bale of the field where it was made, with its value of the measure (null: not reported). */
export interface FieldBale {
  uid: string;
  lat: number;
  lon: number;
  value: number | null;
}

const measured: Record<HeatmapMeasure, (bale: MapPoint) => number | null> = {
  Weight: (bale) => bale.weightKg,
  AvgMoisture: (bale) => bale.avgMoisture,
  RFV: (bale) => bale.rfv,
};

/**
 * The visible bales made inside the field (the rule that gives bales their fieldUIDs: the
 * creation point in the boundary, holes excluded) within the range and the filter's subset.
 * Where they were made, not where they lie now: the heatmap is about the field, and a bale
 * hauled to the yard still tells how that part of the field yielded.
 */
export function fieldBales(
  snapshot: FarmSnapshot,
  boundary: Boundary,
  measure: HeatmapMeasure,
  range: TimeRange,
  subset: BaleSubset | undefined,
): FieldBale[] {
  const box = boundaryBox(boundary);
  const value = measured[measure];
  const bales: FieldBale[] = [];
  for (const bale of snapshot.points) {
    const { creationLon: lon, creationLat: lat } = bale;
    if (!boxContains(box, lon, lat) || !inTimeRange(range, bale.createdMs)) continue;
    if (subset && !subset.uids.has(bale.uid)) continue;
    if (!boundaryContains(boundary, lon, lat)) continue;
    bales.push({ uid: bale.uid, lat, lon, value: value(bale) });
  }
  return bales;
}
