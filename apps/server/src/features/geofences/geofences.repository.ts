import { randomUUID } from 'node:crypto';
import type { Boundary } from '@baletrack/contracts/geo/boundary';
import type { Db } from '@baletrack/db/database';
import { boundaryBox } from '@baletrack/domain/geo/boundary-box';
import { areaHectares, boxLiteral } from '../../lib/boundary.ts';

export interface NewGeofence {
  id?: string;
  name: string;
  boundary: Boundary;
}

/**
 * Stores storage areas (yards, barns) with their area and bounding box; returns their ids.
 * @example const [yardId] = await insertGeofences(db, orgId, [{ name: 'Hay yard', boundary }]);
 */
export async function insertGeofences(
  db: Db,
  orgId: string,
  geofences: NewGeofence[],
): Promise<string[]> {
  if (geofences.length === 0) return [];
  const rows = geofences.map((geofence) => ({
    orgId,
    id: geofence.id ?? randomUUID(),
    name: geofence.name,
    areaHa: areaHectares(geofence.boundary),
    boundary: JSON.stringify(geofence.boundary),
    box: boxLiteral(boundaryBox(geofence.boundary)),
  }));
  await db.insertInto('geofences').values(rows).execute();
  return rows.map((row) => row.id);
}

export function listGeofences(db: Db, orgId: string) {
  return db
    .selectFrom('geofences')
    .select(['id', 'name', 'areaHa', 'boundary', 'box'])
    .where('orgId', '=', orgId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}
