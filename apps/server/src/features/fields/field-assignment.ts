import type { Boundary } from '@baletrack/contracts/geo/boundary';
import type { Database, Db } from '@baletrack/db/database';
import type { LonLatBox } from '@baletrack/domain/geo/boundary-box';
import type { Transaction } from 'kysely';
import { boundaryContains, boxContains, parseBox } from '../../lib/boundary.ts';
import { listBalesCreatedInBoxes, setBaleFields } from '../bales/bale-fields.repository.ts';
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
export async function assignFields(db: Db, orgId: string, points: LonLat[]): Promise<string[][]> {
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

/**
 * After a field was created, edited or deleted (in `trx`, not yet committed): recomputes the
 * fieldUIDs of the organization's bales made inside the field's old or new box (no other bale
 * can change) and writes those that differ with `stamp`. Returns how many bales changed.
 * @example const changed = await reassignBaleFields(trx, orgId, [oldBox, newBox], stamp);
 */
export async function reassignBaleFields(
  trx: Transaction<Database>,
  orgId: string,
  boxes: LonLatBox[],
  stamp: { version: number; changedAt: Date },
): Promise<number> {
  if (boxes.length === 0) return 0;
  const bales = await listBalesCreatedInBoxes(trx, orgId, boxes);
  const fieldUids = await assignFields(
    trx,
    orgId,
    bales.map((bale) => ({ lon: bale.creationLon, lat: bale.creationLat })),
  );
  const changes = new Map<string, string[]>();
  let changed = 0;
  bales.forEach((bale, i) => {
    const next = (fieldUids[i] ?? []).join(',');
    if (next === [...bale.fieldUids].sort().join(',')) return;
    const uids = changes.get(next);
    if (uids) uids.push(bale.uid);
    else changes.set(next, [bale.uid]);
    changed += 1;
  });
  await setBaleFields(trx, orgId, changes, stamp);
  return changed;
}
