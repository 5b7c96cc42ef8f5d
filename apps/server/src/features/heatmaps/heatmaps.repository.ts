import type { HeatmapMeasure } from '@baletrack/contracts/heatmaps/heatmap';
import type { Db } from '@baletrack/db/database';
import type { LonLatBox } from '@baletrack/domain/geo/boundary-box';
import { madeWithin, visibleBales } from '../bales/bales.repository.ts';
import type { BalePredicate } from '../bales/filter-predicate.ts';
import type { TimeRange } from '../bales/time-range.ts';

/**
 * A field's outline and when it last changed: a heatmap is cached until either changes (an
 * edit that moves no bale leaves the bale version as it was).
 */
export function findFieldOutline(db: Db, orgId: string, id: string) {
  return db
    .selectFrom('fields')
    .select(['id', 'boundary', 'updatedAt'])
    .where('orgId', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
}

const measureColumn = {
  Weight: 'bales.weightKg',
  AvgMoisture: 'bales.avgMoisture',
  RFV: 'bales.rfv',
} as const satisfies Record<HeatmapMeasure, string>;

/**
 * Visible bales made inside the box (by creation point: the field's bales wherever they lie
 * now), within the range and the filter's condition, with the measure's value; in uid order.
 */
export function listBalesMadeInBox(
  db: Db,
  orgId: string,
  box: LonLatBox,
  measure: HeatmapMeasure,
  selection: { range: TimeRange; where?: BalePredicate },
) {
  return madeWithin(visibleBales(db, orgId, selection.where), selection.range)
    .where('bales.creationLon', '>=', box.west)
    .where('bales.creationLon', '<=', box.east)
    .where('bales.creationLat', '>=', box.south)
    .where('bales.creationLat', '<=', box.north)
    .select([
      'bales.uid',
      'bales.creationLat as lat',
      'bales.creationLon as lon',
      `${measureColumn[measure]} as value`,
    ])
    .orderBy('bales.uid')
    .execute();
}
