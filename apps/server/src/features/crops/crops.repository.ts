import { randomUUID } from 'node:crypto';
import type { Database, Db } from '@baletrack/db/database';
import type { Transaction } from 'kysely';

/**
 * Stores crops; returns their ids in input order. A name used twice in an organization
 * (case-insensitively) violates `crops_org_name_key`.
 * @example const [alfalfaId] = await insertCrops(db, orgId, [{ name: 'Alfalfa' }]);
 */
export async function insertCrops(
  db: Db,
  orgId: string,
  crops: {
    id?: string;
    name: string;
    p2o5KgPerTonneDm?: number | null;
    k2oKgPerTonneDm?: number | null;
  }[],
): Promise<string[]> {
  if (crops.length === 0) return [];
  const rows = crops.map((crop) => ({
    orgId,
    id: crop.id ?? randomUUID(),
    name: crop.name,
    p2o5KgPerTonneDm: crop.p2o5KgPerTonneDm ?? null,
    k2oKgPerTonneDm: crop.k2oKgPerTonneDm ?? null,
  }));
  await db.insertInto('crops').values(rows).execute();
  return rows.map((row) => row.id);
}

const cropColumns = ['id', 'name', 'p2o5KgPerTonneDm', 'k2oKgPerTonneDm'] as const;

export function listCrops(db: Db, orgId: string) {
  return db
    .selectFrom('crops')
    .select(cropColumns)
    .where('orgId', '=', orgId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export function findCrop(db: Db, orgId: string, id: string) {
  return db
    .selectFrom('crops')
    .select(cropColumns)
    .where('orgId', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The crop, locked until the transaction ends: no cutting can take it up meanwhile. */
export function lockCrop(db: Transaction<Database>, orgId: string, id: string) {
  return db
    .selectFrom('crops')
    .select(['id', 'name'])
    .where('orgId', '=', orgId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Renames a crop and sets the removal rates given (an absent one is left as it is); returns it,
 * or undefined when there is no such crop.
 */
export function updateCrop(
  db: Db,
  orgId: string,
  id: string,
  crop: { name: string; p2o5KgPerTonneDm?: number | null; k2oKgPerTonneDm?: number | null },
) {
  return db
    .updateTable('crops')
    .set(crop)
    .where('orgId', '=', orgId)
    .where('id', '=', id)
    .returning(cropColumns)
    .executeTakeFirst();
}

/** Deletes a crop no cutting uses (`cuttings_crop_fk` refuses otherwise); returns its id. */
export function deleteCrop(db: Db, orgId: string, id: string) {
  return db
    .deleteFrom('crops')
    .where('orgId', '=', orgId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
}

/** Names of the cuttings that use a crop (it cannot be deleted while they do). */
export async function listCuttingNamesWithCrop(db: Db, orgId: string, cropId: string) {
  const rows = await db
    .selectFrom('cuttings')
    .select('name')
    .where('orgId', '=', orgId)
    .where('cropId', '=', cropId)
    .orderBy('startDate')
    .execute();
  return rows.map((row) => row.name);
}

/** The dates of the cuttings that use a crop, as its rename grades their bales again by. */
export function listCuttingDatesWithCrop(db: Db, orgId: string, cropId: string) {
  return db
    .selectFrom('cuttings')
    .select(['startDate as start', 'endDate as end'])
    .where('orgId', '=', orgId)
    .where('cropId', '=', cropId)
    .execute();
}
