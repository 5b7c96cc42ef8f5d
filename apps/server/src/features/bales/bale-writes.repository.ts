import type { BalesTable, Database } from '@baletrack/db/database';
import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

export type NewBaleRow = Omit<Insertable<BalesTable>, 'createdAt'>;

/**
 * Locks the organization's bale version for this transaction and returns the next one. Bale
 * writes of one organization therefore commit one after the other, in version order.
 */
export async function lockNextBaleVersion(trx: Transaction<Database>, orgId: string) {
  await trx
    .insertInto('baleVersions')
    .values({ orgId, version: 0 })
    .onConflict((oc) => oc.column('orgId').doNothing())
    .execute();
  const row = await trx
    .selectFrom('baleVersions')
    .select('version')
    .where('orgId', '=', orgId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return row.version + 1;
}

/** Publishes a version taken with `lockNextBaleVersion` once some bale really changed. */
export async function commitBaleVersion(
  trx: Transaction<Database>,
  orgId: string,
  version: number,
) {
  await trx.updateTable('baleVersions').set({ version }).where('orgId', '=', orgId).execute();
}

// Everything a baler reports or the server derives; a resent record equal in all of them
// changes nothing.
const dataColumns = [
  'balerId',
  'balerVin',
  'tagSerialNumber',
  'creationTime',
  'creationMonth',
  'creationLat',
  'creationLon',
  'currentLat',
  'currentLon',
  'updateTime',
  'weightKg',
  'dryMassKg',
  'avgMoisture',
  'peakMoisture',
  'protein',
  'ash',
  'sugar',
  'temperature',
  'measurementQuality',
  'baleLengthM',
  'baleDiameterM',
  'cutLengthMm',
  'flakeCount',
  'appliedPreservativeKg',
  'baleSize',
  'rfv',
  'adf',
  'ndf',
  'loadType',
  'fieldUids',
  'bindingMode',
  'wrapsPerBale',
  'stackType',
  'missingTags',
] as const satisfies readonly (keyof BalesTable)[];

const columnList = (table: 'bales' | 'excluded') =>
  sql.join(dataColumns.map((column) => sql.ref(`${table}.${column}`)));

/**
 * Inserts bales or updates the stored ones (same organization and uid) when the record is not
 * older than what is stored and differs from it. Returns the rows written, each marked inserted
 * or updated; a row not returned was unchanged.
 */
export function upsertBales(db: Db, rows: NewBaleRow[]) {
  return (
    db
      .insertInto('bales')
      .values(rows)
      .onConflict((oc) =>
        oc
          .columns(['orgId', 'uid'])
          .doUpdateSet((eb) => ({
            ...Object.fromEntries(dataColumns.map((c) => [c, eb.ref(`excluded.${c}`)])),
            version: eb.ref('excluded.version'),
            changedAt: eb.ref('excluded.changedAt'),
          }))
          // A late retry of an old record must not move a bale back or undo a re-weighing.
          .where(
            sql<boolean>`coalesce(excluded.update_time, excluded.creation_time) >= coalesce(bales.update_time, bales.creation_time)`,
          )
          .where(
            sql<boolean>`(${columnList('bales')}) is distinct from (${columnList('excluded')})`,
          ),
      )
      // xmax is 0 only for a row this statement inserted (PostgreSQL's own bookkeeping).
      .returning(['uid', sql<boolean>`(xmax = 0)`.as('inserted')])
      .execute()
  );
}

/** Uids of the organization's bales carrying these tags. */
export function listBalesByTag(db: Db, orgId: string, tags: string[]) {
  if (tags.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('bales')
    .select(['uid', 'tagSerialNumber'])
    .where('orgId', '=', orgId)
    .where('tagSerialNumber', 'in', tags)
    .execute();
}

/**
 * Moves the organization's bales with this tag to where it was scanned, unless a newer update
 * is stored. Returns the uids moved.
 */
export function moveBalesByTag(
  db: Db,
  orgId: string,
  move: { tag: string; lat: number; lon: number; at: Date; version: number; changedAt: Date },
) {
  return db
    .updateTable('bales')
    .set({
      currentLat: move.lat,
      currentLon: move.lon,
      updateTime: move.at,
      version: move.version,
      changedAt: move.changedAt,
    })
    .where('orgId', '=', orgId)
    .where('tagSerialNumber', '=', move.tag)
    .where(sql<boolean>`coalesce(update_time, creation_time) <= ${move.at}`)
    .returning('uid')
    .execute();
}
