import type { Boundary } from '@baletrack/contracts/geo/boundary';
import type { Database } from '@baletrack/db/database';
import type { Kysely, Transaction } from 'kysely';
import { boundaryContains, boxContains, parseBox } from '../../lib/boundary.ts';
import { listFieldsOverlapping } from '../fields/fields.repository.ts';

/** The fields containing a point: the answer of assignFields (fields/field-assignment.ts). */
export type FieldsAt = (point: { lon: number; lat: number }) => readonly string[];

const none: readonly string[] = [];
const WORLD = { west: -180, south: -90, east: 180, north: 90 };
// Organizations whose fields a process keeps at once; the least recently used go first.
const MAX_KEPT = 256;

/** Each database's kept fields: per organization, the fields version they were read at. */
const keptByDatabase = new WeakMap<
  Kysely<Database>,
  Map<string, { version: number; fieldsAt: FieldsAt }>
>();

/**
 * The organization's fields as `fieldsAt`, asked record by record as the COPY streams (a batch
 * streams before its positions are known, so every field of the organization counts). Kept per
 * process and read again only when `fieldsVersion`, taken under the bale version lock that every
 * change of fields waits for (lockBaleVersion), has moved.
 * @example const fieldsAt = await organizationFields(ctx.db, trx, orgId, fieldsVersion);
 */
export async function organizationFields(
  db: Kysely<Database>,
  trx: Transaction<Database>,
  orgId: string,
  fieldsVersion: number,
): Promise<FieldsAt> {
  let kept = keptByDatabase.get(db);
  if (!kept) {
    kept = new Map();
    keptByDatabase.set(db, kept);
  }
  const hit = kept.get(orgId);
  kept.delete(orgId);
  if (hit?.version === fieldsVersion) {
    kept.set(orgId, hit);
    return hit.fieldsAt;
  }
  const fieldsAt = lookup(await listFieldsOverlapping(trx, orgId, WORLD));
  kept.set(orgId, { version: fieldsVersion, fieldsAt });
  if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value as string);
  return fieldsAt;
}

function lookup(rows: { id: string; box: string; boundary: unknown }[]): FieldsAt {
  if (rows.length === 0) return () => none;
  const fields = rows.map((field) => ({
    id: field.id,
    box: parseBox(field.box),
    boundary: field.boundary as Boundary,
  }));
  return ({ lon, lat }) => {
    const ids = fields
      .filter((f) => boxContains(f.box, lon, lat) && boundaryContains(f.boundary, lon, lat))
      .map((f) => f.id);
    return ids.length === 0 ? none : ids;
  };
}
