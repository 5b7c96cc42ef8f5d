import type { Boundary } from '@baletrack/contracts/geo/boundary';
import type { Db } from '@baletrack/db/database';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { boundaryContains } from '../../lib/boundary.ts';

// Which storage area a bale or stack lies in, for their details. Read here from the geofences
// feature's table: geofences count the bales stored in them through this feature, so the imports
// go one way (docs/adr/0036-no-feature-pairs.md).

/** Storage areas whose bounding box holds the point (candidates for a point-in-polygon test). */
function listGeofencesAround(db: Db, orgId: string, lon: number, lat: number) {
  return db
    .selectFrom('geofences')
    .select(['id', 'name', 'boundary'])
    .where('orgId', '=', orgId)
    .where(sql<boolean>`box @> point(${lon}, ${lat})`)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** The storage area a point lies in, if any (the first by name when they overlap). */
export async function storageAreaAt(
  ctx: AppContext,
  orgId: string,
  point: { lon: number; lat: number },
): Promise<{ id: string; name: string } | null> {
  const candidates = await listGeofencesAround(ctx.db, orgId, point.lon, point.lat);
  const inside = candidates.find((g) =>
    boundaryContains(g.boundary as Boundary, point.lon, point.lat),
  );
  return inside ? { id: inside.id, name: inside.name } : null;
}
