import type { Db } from '@baletrack/db/database';
import { SharedReads } from '../../lib/shared-reads.ts';

const settingsColumns = ['rfvEnabled', 'measurementSystem', 'cropYearStartMonth'] as const;

function readSettings(db: Db, orgId: string) {
  return db
    .selectFrom('organizations')
    .select(settingsColumns)
    .where('id', '=', orgId)
    .executeTakeFirst();
}
type Settings = Awaited<ReturnType<typeof readSettings>>;

// Per database (tests run several in one process); a transaction reads on its own.
const sharedReads = new WeakMap<Db, SharedReads<Settings>>();
const sharedReadsOf = (db: Db) => {
  let reads = sharedReads.get(db);
  if (!reads) {
    reads = new SharedReads();
    sharedReads.set(db, reads);
  }
  return reads;
};

/**
 * The organization's settings columns; undefined for an organization that does not exist.
 * Concurrent reads of one organization's share a round trip (`SharedReads`).
 */
export function findSettings(db: Db, orgId: string): Promise<Settings> {
  if (db.isTransaction) return readSettings(db, orgId);
  return sharedReadsOf(db).read(orgId, () => readSettings(db, orgId));
}

/** Replaces the organization's settings; returns the stored row (undefined if no such org). */
export async function updateSettings(
  db: Db,
  orgId: string,
  settings: { rfvEnabled: boolean; measurementSystem: string; cropYearStartMonth: number },
) {
  const row = await db
    .updateTable('organizations')
    .set(settings)
    .where('id', '=', orgId)
    .returning(settingsColumns)
    .executeTakeFirst();
  sharedReadsOf(db).forget(orgId);
  return row;
}
