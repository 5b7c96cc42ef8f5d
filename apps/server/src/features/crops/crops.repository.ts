import { randomUUID } from 'node:crypto';
import type { Database } from '@baletrack/db/database';
import type { Kysely, Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Stores crops; returns their ids in input order.
 * @example const [alfalfaId] = await insertCrops(db, orgId, [{ name: 'Alfalfa' }]);
 */
export async function insertCrops(
  db: Db,
  orgId: string,
  crops: { id?: string; name: string }[],
): Promise<string[]> {
  if (crops.length === 0) return [];
  const rows = crops.map((crop) => ({ orgId, id: crop.id ?? randomUUID(), name: crop.name }));
  await db.insertInto('crops').values(rows).execute();
  return rows.map((row) => row.id);
}
