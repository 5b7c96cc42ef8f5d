import { randomUUID } from 'node:crypto';
import type { Database, Db } from '@baletrack/db/database';
import { sql, type Transaction } from 'kysely';

export interface NewCutting {
  id?: string;
  name: string;
  /** Inclusive 'YYYY-MM-DD' days. */
  startDate: string;
  endDate: string;
  cropId: string | null;
  year: number;
  fieldIds: string[];
}

const linksOf = (orgId: string, cuttingId: string, fieldIds: string[]) =>
  [...new Set(fieldIds)].map((fieldId) => ({ orgId, cuttingId, fieldId }));

/**
 * Stores cuttings and their fields; returns their ids. Pass a transaction to keep a cutting and
 * its fields together.
 * @example await insertCuttings(trx, orgId, [{ name: '1st', startDate: '2025-05-10',
 *   endDate: '2025-05-20', cropId, year: 2025, fieldIds: [fieldId] }]);
 */
export async function insertCuttings(
  db: Db,
  orgId: string,
  cuttings: NewCutting[],
): Promise<string[]> {
  if (cuttings.length === 0) return [];
  const rows = cuttings.map((cutting) => ({ ...cutting, id: cutting.id ?? randomUUID() }));
  await db
    .insertInto('cuttings')
    .values(
      rows.map(({ fieldIds: _, ...cutting }) => ({
        orgId,
        id: cutting.id,
        name: cutting.name,
        startDate: cutting.startDate,
        endDate: cutting.endDate,
        cropId: cutting.cropId,
        year: cutting.year,
      })),
    )
    .execute();
  const links = rows.flatMap((cutting) => linksOf(orgId, cutting.id, cutting.fieldIds));
  if (links.length > 0) await db.insertInto('cuttingFields').values(links).execute();
  return rows.map((row) => row.id);
}

/** Rewrites a cutting and replaces its fields; false when there is no such cutting. */
export async function updateCutting(
  trx: Transaction<Database>,
  orgId: string,
  id: string,
  cutting: Omit<NewCutting, 'id'>,
): Promise<boolean> {
  const { fieldIds, ...columns } = cutting;
  const updated = await trx
    .updateTable('cuttings')
    .set(columns)
    .where('orgId', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) return false;
  await trx
    .deleteFrom('cuttingFields')
    .where('orgId', '=', orgId)
    .where('cuttingId', '=', id)
    .execute();
  const links = linksOf(orgId, id, fieldIds);
  if (links.length > 0) await trx.insertInto('cuttingFields').values(links).execute();
  return true;
}

/** Deletes a cutting (its field links go with it); false when there is no such cutting. */
export async function deleteCutting(db: Db, orgId: string, id: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('cuttings')
    .where('orgId', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

/** Cuttings with their field ids (sorted), by start date; all, one year's, or one. */
export async function listCuttings(db: Db, orgId: string, only: { year?: number; id?: string }) {
  const cuttings = await db
    .selectFrom('cuttings')
    .select(['id', 'name', 'startDate', 'endDate', 'cropId', 'year'])
    .where('orgId', '=', orgId)
    .$if(only.year !== undefined, (q) => q.where('year', '=', only.year as number))
    .$if(only.id !== undefined, (q) => q.where('id', '=', only.id as string))
    .orderBy('startDate')
    .orderBy('name')
    .orderBy('id')
    .execute();
  if (cuttings.length === 0) return [];
  const links = await db
    .selectFrom('cuttingFields')
    .select(['cuttingId', 'fieldId'])
    .where('orgId', '=', orgId)
    .where(
      'cuttingId',
      'in',
      cuttings.map((c) => c.id),
    )
    .orderBy('fieldId')
    .execute();
  return cuttings.map((cutting) => ({
    ...cutting,
    fieldIds: links.filter((l) => l.cuttingId === cutting.id).map((l) => l.fieldId),
  }));
}

/**
 * Serializes cutting writes of one organization and crop year until the transaction ends, so
 * two requests cannot both take the last place under the yearly limit.
 */
export async function lockCuttingYear(trx: Transaction<Database>, orgId: string, year: number) {
  await sql`select pg_advisory_xact_lock(hashtext(${`cuttings:${orgId}:${year}`}))`.execute(trx);
}

/** Cuttings of a crop year, not counting `exceptId` (the one being edited). */
export async function countCuttingsInYear(
  db: Db,
  orgId: string,
  year: number,
  exceptId?: string,
): Promise<number> {
  const row = await db
    .selectFrom('cuttings')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('orgId', '=', orgId)
    .where('year', '=', year)
    .$if(exceptId !== undefined, (q) => q.where('id', '<>', exceptId as string))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
