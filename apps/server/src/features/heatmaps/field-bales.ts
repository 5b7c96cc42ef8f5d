// The bales a field's heatmap is drawn from, read from the database: the visible bales made in
// the field's box (the creation-position index finds them), kept where the boundary holds them.

import type { Boundary } from '@baletrack/contracts/geo/boundary';
import type { HeatmapMeasure } from '@baletrack/contracts/heatmaps/heatmap';
import type { Db } from '@baletrack/db/database';
import { boundaryBox } from '@baletrack/domain/geo/boundary-box';
import { boundaryContains } from '../../lib/boundary.ts';
import type { BaleSelection } from '../bales/bale-selection.ts';
import { listBalesMadeInBox } from './heatmaps.repository.ts';

/** A bale of the field where it was made, with its value of the measure (null: not reported). */
export interface FieldBale {
  uid: string;
  lat: number;
  lon: number;
  value: number | null;
}

/**
 * The visible bales made inside the field (the rule that gives bales their fieldUIDs: the
 * creation point in the boundary, holes excluded) within the selection's dates and filter.
 * Where they were made, not where they lie now: the heatmap is about the field, and a bale
 * hauled to the yard still tells how that part of the field yielded.
 */
export async function fieldBales(
  db: Db,
  orgId: string,
  boundary: Boundary,
  measure: HeatmapMeasure,
  selection: BaleSelection,
): Promise<FieldBale[]> {
  const rows = await listBalesMadeInBox(db, orgId, boundaryBox(boundary), measure, selection);
  return rows.filter((bale) => boundaryContains(boundary, bale.lon, bale.lat));
}
