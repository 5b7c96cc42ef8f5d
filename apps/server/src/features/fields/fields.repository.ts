import { randomUUID } from 'node:crypto';
import type { Boundary } from '@baletrack/contracts/geo/boundary';
import type { Database } from '@baletrack/db/database';
import { type Kysely, sql, type Transaction } from 'kysely';
import { areaHectares, type Box, boundaryBox, boxLiteral } from './boundary.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewField {
  id?: string;
  name: string;
  sizeHectares?: number | null;
  boundary: Boundary;
}

/**
 * Stores fields with their computed area and bounding box; returns their ids in input order.
 * Bales already stored keep their fieldUIDs (ingest assigns them).
 * @example const [fieldId] = await insertFields(db, orgId, [{ name: 'North 40', boundary }]);
 */
export async function insertFields(db: Db, orgId: string, fields: NewField[]): Promise<string[]> {
  if (fields.length === 0) return [];
  const rows = fields.map((field) => ({
    orgId,
    id: field.id ?? randomUUID(),
    name: field.name,
    sizeHa: field.sizeHectares ?? null,
    areaHa: areaHectares(field.boundary),
    boundary: JSON.stringify(field.boundary),
    box: boxLiteral(boundaryBox(field.boundary)),
  }));
  await db.insertInto('fields').values(rows).execute();
  return rows.map((row) => row.id);
}

export function listFields(db: Db, orgId: string) {
  return db
    .selectFrom('fields')
    .select(['id', 'name', 'sizeHa', 'areaHa', 'boundary'])
    .where('orgId', '=', orgId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** Fields whose bounding box overlaps the given box (the GiST prefilter of field assignment). */
export function listFieldsOverlapping(db: Db, orgId: string, box: Box) {
  return db
    .selectFrom('fields')
    .select(['id', 'boundary', 'box'])
    .where('orgId', '=', orgId)
    .where(sql<boolean>`box && ${boxLiteral(box)}::box`)
    .orderBy('id')
    .execute();
}

export function listFieldNames(db: Db, orgId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('fields')
    .select(['id', 'name'])
    .where('orgId', '=', orgId)
    .where('id', 'in', ids)
    .orderBy('name')
    .execute();
}
