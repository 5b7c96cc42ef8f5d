import type { RegistryAcmStatus } from '@baletrack/contracts/balers/baler';
import type { Db } from '@baletrack/db/database';

export interface RegistryEntry {
  vin: string;
  registered?: boolean;
  acmEmail: string | null;
  acmStatus?: RegistryAcmStatus;
  acmExpiry?: string | null;
}

export function findRegistryEntry(db: Db, vin: string) {
  return db
    .selectFrom('balerRegistry')
    .select(['vin', 'registered', 'acmEmail', 'acmStatus', 'acmExpiry'])
    .where('vin', '=', vin)
    .executeTakeFirst();
}

/**
 * Adds VINs to the embedded connectivity provider's registry; a VIN already known keeps its entry
 * (a re-seeded demo never overwrites what an operator changed).
 * @example await insertRegistryEntries(db, [{ vin, acmEmail: 'owner@farm.example' }]);
 */
export async function insertRegistryEntries(db: Db, entries: RegistryEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('balerRegistry')
    .values(entries.map((entry) => ({ ...entry, acmEmail: entry.acmEmail?.toLowerCase() ?? null })))
    .onConflict((oc) => oc.column('vin').doNothing())
    .execute();
}
