import { randomUUID } from 'node:crypto';
import type { Boundary } from '@baletrack/contracts/geo/boundary';
import type { Db } from '@baletrack/db/database';
import { boundaryBox, type LonLatBox } from '@baletrack/domain/geo/boundary-box';
import { sql } from 'kysely';
import { areaHectares, boxLiteral } from '../../lib/boundary.ts';

export interface NewField {
  id?: string;
  name: string;
  sizeHectares?: number | null;
  boundary: Boundary;
}

const fieldRow = (field: NewField) => ({
  name: field.name,
  sizeHa: field.sizeHectares ?? null,
  areaHa: areaHectares(field.boundary),
  boundary: JSON.stringify(field.boundary),
  box: boxLiteral(boundaryBox(field.boundary)),
});

/**
 * Stores fields with their computed area and bounding box; returns their ids in input order.
 * Bales already stored keep their fieldUIDs (the fields service reassigns them).
 * @example const [fieldId] = await insertFields(db, orgId, [{ name: 'North 40', boundary }]);
 */
export async function insertFields(db: Db, orgId: string, fields: NewField[]): Promise<string[]> {
  if (fields.length === 0) return [];
  const rows = fields.map((field) => ({ orgId, id: field.id ?? randomUUID(), ...fieldRow(field) }));
  await db.insertInto('fields').values(rows).execute();
  return rows.map((row) => row.id);
}

/** Rewrites a field; returns its box before the change, or undefined when there is no such field. */
export async function updateField(db: Db, orgId: string, id: string, field: NewField, at: Date) {
  const before = await lockField(db, orgId, id);
  if (!before) return undefined;
  await db
    .updateTable('fields')
    .set({ ...fieldRow(field), updatedAt: at })
    .where('orgId', '=', orgId)
    .where('id', '=', id)
    .execute();
  return before;
}

/** Deletes a field (its cutting links go with it); returns its box, or undefined if none. */
export function deleteField(db: Db, orgId: string, id: string) {
  return db
    .deleteFrom('fields')
    .where('orgId', '=', orgId)
    .where('id', '=', id)
    .returning('box')
    .executeTakeFirst();
}

function lockField(db: Db, orgId: string, id: string) {
  return db
    .selectFrom('fields')
    .select('box')
    .where('orgId', '=', orgId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function findField(db: Db, orgId: string, id: string) {
  return db
    .selectFrom('fields')
    .select(['id', 'name', 'sizeHa', 'areaHa', 'boundary'])
    .where('orgId', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Ids of the organization's fields among `ids`. */
export async function existingFieldIds(db: Db, orgId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('fields')
    .select('id')
    .where('orgId', '=', orgId)
    .where('id', 'in', ids)
    .execute();
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
export function listFieldsOverlapping(db: Db, orgId: string, box: LonLatBox) {
  return db
    .selectFrom('fields')
    .select(['id', 'boundary', 'box'])
    .where('orgId', '=', orgId)
    .where(sql<boolean>`box && ${boxLiteral(box)}::box`)
    .orderBy('id')
    .execute();
}

/** Cuttings with a crop whose only field is this one. */
export function listCuttingsOnlyOnField(db: Db, orgId: string, fieldId: string) {
  return db
    .selectFrom('cuttings')
    .innerJoin('cuttingFields as cf', (join) =>
      join.onRef('cf.orgId', '=', 'cuttings.orgId').onRef('cf.cuttingId', '=', 'cuttings.id'),
    )
    .select(['cuttings.id', 'cuttings.name'])
    .where('cuttings.orgId', '=', orgId)
    .where('cuttings.cropId', 'is not', null)
    .groupBy(['cuttings.id', 'cuttings.name'])
    .having((eb) =>
      eb.and([
        eb(eb.fn.countAll(), '=', 1),
        eb.fn<boolean>('bool_and', [eb('cf.fieldId', '=', fieldId)]),
      ]),
    )
    .execute();
}
