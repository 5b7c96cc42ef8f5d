import type { BaleTimeFilter } from '@baletrack/contracts/bales/bale-query';
import type { Boundary } from '@baletrack/contracts/geo/boundary';
import type { GeofencesResponse } from '@baletrack/contracts/geofences/geofence';
import type { LonLatBox } from '@baletrack/domain/geo/boundary-box';
import type { AppContext } from '../../app-context.ts';
import { boundaryContains, boxContains, parseBox } from '../../lib/boundary.ts';
import { selectedTimeRange } from '../bales/bale-selection.ts';
import { listVisibleBalesInBoxes } from '../bales/bales.repository.ts';
import { round } from '../map/cluster-totals.ts';
import { listGeofences } from './geofences.repository.ts';

/**
 * Storage areas with the visible bales lying in each now (made within the filter's dates), read
 * from the bales inside their boxes: no process keeps the farm's bales for it.
 */
export async function geofencesWithStoredBales(
  ctx: AppContext,
  orgId: string,
  filter: BaleTimeFilter,
): Promise<GeofencesResponse> {
  const [geofences, range] = await Promise.all([
    listGeofences(ctx.db, orgId),
    selectedTimeRange(ctx, orgId, filter),
  ]);
  const boxes = geofences.map((geofence) => parseBox(geofence.box));
  const bales = await listVisibleBalesInBoxes(ctx.db, orgId, boxes, range);
  return {
    geofences: geofences.map((geofence, i) => {
      const box = boxes[i] as LonLatBox;
      const boundary = geofence.boundary as Boundary;
      let storedBaleCount = 0;
      let storedWeightKg = 0;
      for (const bale of bales) {
        if (!boxContains(box, bale.lon, bale.lat)) continue;
        if (!boundaryContains(boundary, bale.lon, bale.lat)) continue;
        storedBaleCount += 1;
        storedWeightKg += bale.weightKg;
      }
      return {
        id: geofence.id,
        name: geofence.name,
        areaHectares: geofence.areaHa,
        boundary,
        storedBaleCount,
        storedWeightKg: round(storedWeightKg),
      };
    }),
  };
}

/** The storage area each point lies in, by name (the first by name when they overlap), or null. */
export async function geofenceNamesAt(
  ctx: AppContext,
  orgId: string,
  points: readonly { lon: number; lat: number }[],
): Promise<(string | null)[]> {
  if (points.length === 0) return [];
  const geofences = await listGeofences(ctx.db, orgId);
  return points.map(
    (point) =>
      geofences.find((g) => boundaryContains(g.boundary as Boundary, point.lon, point.lat))?.name ??
      null,
  );
}
