import type { Boundary } from '@baletrack/contracts/geo/boundary';
import type { Database } from '@baletrack/db/database';
import type { Kysely, Transaction } from 'kysely';
import { boundaryContains, boxContains, parseBox } from './boundary.ts';
import { listFieldsOverlapping } from './fields.repository.ts';

export interface LonLat {
  lon: number;
  lat: number;
}

/**
 * The fields containing each point (a bale's creation location), as sorted field ids. One query
 * fetches the fields whose box overlaps the points' box; each point is then tested against the
 * boxes first and the polygons (holes, multipolygons) only when its box matches.
 * @example const [fieldUIDs] = await assignFields(db, orgId, [{ lon: -120.5, lat: 46.6 }]);
 */
export async function assignFields(
  db: Kysely<Database> | Transaction<Database>,
  orgId: string,
  points: LonLat[],
): Promise<string[][]> {
  if (points.length === 0) return [];
  const box = { west: Infinity, south: Infinity, east: -Infinity, north: -Infinity };
  for (const { lon, lat } of points) {
    box.west = Math.min(box.west, lon);
    box.east = Math.max(box.east, lon);
    box.south = Math.min(box.south, lat);
    box.north = Math.max(box.north, lat);
  }
  const fields = (await listFieldsOverlapping(db, orgId, box)).map((field) => ({
    id: field.id,
    box: parseBox(field.box),
    boundary: field.boundary as Boundary,
  }));
  return points.map(({ lon, lat }) =>
    fields
      .filter((f) => boxContains(f.box, lon, lat) && boundaryContains(f.boundary, lon, lat))
      .map((f) => f.id),
  );
}
