import type { Database, Db } from '@baletrack/db/database';
import type { Selectable } from 'kysely';

export type SigningKeyRow = Selectable<Database['signingKeys']>;

/** Keys not yet retired, newest first: the first signs, all of them verify. */
export function listActiveKeys(db: Db): Promise<SigningKeyRow[]> {
  return db
    .selectFrom('signingKeys')
    .selectAll()
    .where('retiredAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .orderBy('kid', 'desc')
    .execute();
}

export async function insertKey(
  db: Db,
  row: { kid: string; publicJwk: Record<string, unknown>; privateJwk: string },
): Promise<void> {
  await db
    .insertInto('signingKeys')
    .values({ ...row, publicJwk: JSON.stringify(row.publicJwk) })
    .onConflict((oc) => oc.column('kid').doNothing())
    .execute();
}

export async function retireKey(db: Db, kid: string, now: Date): Promise<void> {
  await db.updateTable('signingKeys').set({ retiredAt: now }).where('kid', '=', kid).execute();
}
