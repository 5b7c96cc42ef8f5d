import type { Boundary } from '@baletrack/contracts/geo/boundary';
import type { Database } from '@baletrack/db/database';
import type { Transaction } from 'kysely';
import { boundaryContains, boxContains, parseBox } from '../fields/boundary.ts';
import { listFieldsOverlapping } from '../fields/fields.repository.ts';

const none: readonly string[] = [];

/**
 * The organization's fields around a batch, read once, and the fields containing each point,
 * asked record by record as the COPY streams: the answer of assignFields
 * (fields/field-assignment.ts), sorted field ids. The box is taken over every record with a
 * numeric creation location, checked or not yet: a record refused later only widens it, which
 * reads a few more fields and changes no answer.
 * @example const fieldsAt = await fieldsAround(trx, orgId, records); fieldsAt({ lon, lat });
 */
export async function fieldsAround(
  trx: Transaction<Database>,
  orgId: string,
  records: readonly unknown[],
): Promise<(point: { lon: number; lat: number }) => readonly string[]> {
  const box = { west: Infinity, south: Infinity, east: -Infinity, north: -Infinity };
  for (const record of records) {
    const at = (record as { creationLocation?: { lon?: unknown; lat?: unknown } } | null)
      ?.creationLocation;
    const lon = at?.lon;
    const lat = at?.lat;
    if (typeof lon !== 'number' || typeof lat !== 'number') continue;
    if (!Number.isFinite(lon) || !Number.isFinite(lat)) continue;
    box.west = Math.min(box.west, lon);
    box.east = Math.max(box.east, lon);
    box.south = Math.min(box.south, lat);
    box.north = Math.max(box.north, lat);
  }
  if (box.west > box.east) return () => none;
  const fields = (await listFieldsOverlapping(trx, orgId, box)).map((field) => ({
    id: field.id,
    box: parseBox(field.box),
    boundary: field.boundary as Boundary,
  }));
  if (fields.length === 0) return () => none;
  return ({ lon, lat }) => {
    const ids = fields
      .filter((f) => boxContains(f.box, lon, lat) && boundaryContains(f.boundary, lon, lat))
      .map((f) => f.id);
    return ids.length === 0 ? none : ids;
  };
}
