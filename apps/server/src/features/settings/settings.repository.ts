import type { Db } from '@baletrack/db/database';

const settingsColumns = ['rfvEnabled', 'measurementSystem', 'cropYearStartMonth'] as const;

/** The organization's settings columns; undefined for an organization that does not exist. */
export function findSettings(db: Db, orgId: string) {
  return db
    .selectFrom('organizations')
    .select(settingsColumns)
    .where('id', '=', orgId)
    .executeTakeFirst();
}

/** Replaces the organization's settings; returns the stored row (undefined if no such org). */
export function updateSettings(
  db: Db,
  orgId: string,
  settings: { rfvEnabled: boolean; measurementSystem: string; cropYearStartMonth: number },
) {
  return db
    .updateTable('organizations')
    .set(settings)
    .where('id', '=', orgId)
    .returning(settingsColumns)
    .executeTakeFirst();
}
