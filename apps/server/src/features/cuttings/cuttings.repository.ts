import { randomUUID } from 'node:crypto';
import type { Database } from '@baletrack/db/database';
import type { Kysely, Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

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
  const links = rows.flatMap((cutting) =>
    cutting.fieldIds.map((fieldId) => ({ orgId, cuttingId: cutting.id, fieldId })),
  );
  if (links.length > 0) await db.insertInto('cuttingFields').values(links).execute();
  return rows.map((row) => row.id);
}
