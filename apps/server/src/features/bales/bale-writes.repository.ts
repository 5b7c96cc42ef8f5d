import type { BalesTable, Database, Db } from '@baletrack/db/database';
import { type Insertable, sql, type Transaction } from 'kysely';
import { lockBalersForRemoval } from '../balers/balers.repository.ts';
import {
  CELLS_RULE,
  refreshBaleCells,
  regradeCellMonths,
  regradeTileDays,
} from './bale-cells.repository.ts';

export type NewBaleRow = Omit<Insertable<BalesTable>, 'createdAt'>;

/**
 * Locks the organization's bale version for this transaction and returns the next one. Bale
 * writes of one organization therefore commit one after the other, in version order.
 */
export async function lockNextBaleVersion(trx: Transaction<Database>, orgId: string) {
  return (await lockBaleVersion(trx, orgId)).next;
}

/**
 * lockNextBaleVersion's lock, answering the next version and the version of the organization's
 * fields (bumpFieldsVersion), which no one can change while the lock is held.
 * @example const { next, fieldsVersion } = await lockBaleVersion(trx, orgId);
 */
export async function lockBaleVersion(trx: Transaction<Database>, orgId: string) {
  // An organization's first write: no bales yet, so no cells either, by this release's rule.
  await trx
    .insertInto('baleVersions')
    .values({ orgId, version: 0, cellsRule: CELLS_RULE })
    .onConflict((oc) => oc.column('orgId').doNothing())
    .execute();
  const row = await trx
    .selectFrom('baleVersions')
    .select(['version', 'fieldsVersion'])
    .where('orgId', '=', orgId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { next: row.version + 1, fieldsVersion: row.fieldsVersion };
}

/**
 * Publishes a version taken with `lockNextBaleVersion` once some bale really changed, and sums
 * the cells of the days its bales were made on again; `priorDays` are days (UTC, 'YYYY-MM-DD')
 * some of them were made on before this write changed them.
 */
export async function commitBaleVersion(
  trx: Transaction<Database>,
  orgId: string,
  version: number,
  priorDays: readonly string[] = [],
) {
  await trx.updateTable('baleVersions').set({ version }).where('orgId', '=', orgId).execute();
  await refreshBaleCells(trx, orgId, version, priorDays);
}

/**
 * After a cutting or a crop changed: the organization's month cells graded again by its cuttings'
 * crops, and its tiles of the days in `windows` (the changed cuttings' dates, as they were and
 * are), in the caller's transaction, under the version lock so no bale write sums them meanwhile.
 */
export async function regradeBaleCells(
  trx: Transaction<Database>,
  orgId: string,
  windows: readonly { start: string; end: string }[],
) {
  await lockBaleVersion(trx, orgId);
  await regradeCellMonths(trx, orgId);
  await regradeTileDays(trx, orgId, windows);
}

// Everything a baler reports or the server derives, with its SQL type; a resent record equal in
// all of them changes nothing. `baler_id` and `baler_vin` come from the key, the same for a batch.
export const recordColumns = {
  tagSerialNumber: 'text',
  creationTime: 'timestamptz',
  creationMonth: 'date',
  creationLat: 'float8',
  creationLon: 'float8',
  currentLat: 'float8',
  currentLon: 'float8',
  updateTime: 'timestamptz',
  weightKg: 'float8',
  dryMassKg: 'float8',
  avgMoisture: 'float8',
  peakMoisture: 'float8',
  protein: 'float8',
  ash: 'float8',
  sugar: 'float8',
  temperature: 'float8',
  measurementQuality: 'float8',
  baleLengthM: 'float8',
  baleDiameterM: 'float8',
  cutLengthMm: 'float8',
  flakeCount: 'int4',
  appliedPreservativeKg: 'float8',
  baleSize: 'text',
  rfv: 'float8',
  adf: 'float8',
  ndf: 'float8',
  loadType: 'text',
  fieldUids: 'uuid[]',
  bindingMode: 'text',
  wrapsPerBale: 'int4',
  stackType: 'text',
  missingTags: 'bool',
} as const satisfies Partial<Record<keyof BalesTable, string>>;

export type RecordColumn = keyof typeof recordColumns;
const recordColumnNames = Object.keys(recordColumns) as RecordColumn[];
const dataColumns = ['balerId', 'balerVin', ...recordColumnNames] as const;

export const snake = (column: string) => column.replaceAll(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The load type a write of a stored bale keeps, as SQL over the stored row (`stored`) and the
 * sent value: a bale on a shipped load stays loaded out ('retail') whatever its baler sends again
 * (docs/adr/0038-loads-and-buyer-links.md), so a resend never puts sold hay back on hand.
 * @example keptLoadType('b', 's.load_type') // for UPDATE bales b … FROM batch s
 */
export const keptLoadType = (stored: string, sent: string) =>
  `CASE WHEN EXISTS (SELECT 1 FROM load_bales lb JOIN loads l
      ON l.org_id = lb.org_id AND l.id = lb.load_id AND l.status = 'shipped'
    WHERE lb.org_id = ${stored}.org_id AND lb.bale_uid = ${stored}.uid)
    THEN 'retail' ELSE ${sent} END`;

const columnList = (table: 'bales' | 'excluded') =>
  sql.join(
    dataColumns.map((column) =>
      table === 'excluded' && column === 'loadType'
        ? sql.raw(keptLoadType('bales', 'excluded.load_type'))
        : sql.ref(`${table}.${column}`),
    ),
  );

/** One record of a batch, as a baler reported it plus what the server derived. */
export type BaleRecordRow = { uid: string } & Pick<NewBaleRow, RecordColumn>;

/** What every row of one batch shares: its baler (from the key) and the version stamp. */
export interface BatchStamp {
  orgId: string;
  balerId: string;
  balerVin: string;
  version: number;
  changedAt: Date;
}

// The batch travels column by column, each column one array literal read by unnest: one
// statement whatever the batch size, instead of ~35 bound parameters a row over ten statements
// (40 % less time on PGlite, where every parameter and statement crosses into WebAssembly).
// Field ids go as comma-joined text (arrays of arrays must be rectangular).
const arrayType = (column: RecordColumn) =>
  recordColumns[column] === 'uuid[]' ? 'text[]' : `${recordColumns[column]}[]`;

/** A PostgreSQL array literal of the values: numbers as JavaScript prints them (exact). */
function arrayLiteral(values: unknown[]): string {
  const items = values.map((value) => {
    if (value === null || value === undefined) return 'NULL';
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    const text =
      value instanceof Date
        ? value.toISOString()
        : Array.isArray(value)
          ? value.join(',')
          : String(value);
    return `"${text.replaceAll(/["\\]/g, '\\$&')}"`;
  });
  return `{${items.join(',')}}`;
}

const selectedColumn = (column: RecordColumn) =>
  recordColumns[column] === 'uuid[]'
    ? sql`coalesce(string_to_array(nullif(${sql.ref(`r.${snake(column)}`)}, ''), ','), '{}')::uuid[]`
    : sql.ref(`r.${snake(column)}`);

/**
 * Inserts bales or updates the stored ones (same organization and uid) when the record is not
 * older than what is stored and differs from it, in one statement. Returns how many rows were
 * inserted and how many updated (the others were unchanged), and the days (UTC) the stored ones
 * had been made on. Uids must be distinct.
 */
export async function upsertBales(
  db: Db,
  stamp: BatchStamp,
  rows: BaleRecordRow[],
): Promise<{ inserted: number; updated: number; priorDays: string[] }> {
  const uids = arrayLiteral(rows.map((row) => row.uid));
  const arrays = recordColumnNames.map(
    (column) => sql`${arrayLiteral(rows.map((row) => row[column]))}::${sql.raw(arrayType(column))}`,
  );
  const select = sql<NewBaleRow>`select ${stamp.orgId}::uuid, r.uid, ${stamp.balerId}::uuid,
    ${stamp.balerVin}::text, ${sql.join(recordColumnNames.map(selectedColumn))},
    ${stamp.version}::bigint, ${stamp.changedAt}::timestamptz
    from unnest(${uids}::text[], ${sql.join(arrays)})
      as r(uid, ${sql.join(recordColumnNames.map((c) => sql.raw(snake(c))))})`;
  const upsert = db
    .insertInto('bales')
    .columns(['orgId', 'uid', ...dataColumns, 'version', 'changedAt'])
    .expression(select)
    .onConflict((oc) =>
      oc
        .columns(['orgId', 'uid'])
        .doUpdateSet((eb) => ({
          ...Object.fromEntries(dataColumns.map((c) => [c, eb.ref(`excluded.${c}`)])),
          loadType: sql.raw<string | null>(keptLoadType('bales', 'excluded.load_type')),
          version: eb.ref('excluded.version'),
          changedAt: eb.ref('excluded.changedAt'),
        }))
        // A late retry of an old record must not move a bale back or undo a re-weighing.
        .where(
          sql<boolean>`coalesce(excluded.update_time, excluded.creation_time) >= coalesce(bales.update_time, bales.creation_time)`,
        )
        .where(sql<boolean>`(${columnList('bales')}) is distinct from (${columnList('excluded')})`),
    )
    // xmax is 0 only for a row this statement inserted (PostgreSQL's own bookkeeping).
    .returning(sql<boolean>`(xmax = 0)`.as('inserted'));
  // Counted in the database: 5,000 returned rows would cross back for two numbers. The stored
  // bales' days are read from the statement's snapshot, before the upsert changes them.
  const counts = await db
    .with('written', () => upsert)
    .selectFrom('written')
    .select((eb) => [
      eb.fn.countAll<number>().filterWhere('written.inserted', '=', true).as('inserted'),
      eb.fn.countAll<number>().as('written'),
      sql<string[]>`array(select distinct to_char(creation_time at time zone 'UTC', 'YYYY-MM-DD')
        from bales where org_id = ${stamp.orgId} and uid = any(${uids}::text[]))`.as('priorDays'),
    ])
    .executeTakeFirstOrThrow();
  const inserted = Number(counts.inserted);
  return { inserted, updated: Number(counts.written) - inserted, priorDays: counts.priorDays };
}

/**
 * Deletes an organization and every bale of it, in the caller's transaction: bales have no
 * foreign key to follow (migration 0018). Its balers are locked first, so every batch writing
 * to one has committed before the bales are deleted, and every later one waits, then finds its
 * baler gone. `deleteOrganization`, the caller's deletes ending with the organization row, takes
 * the balers with it, a baler registered meanwhile too once its batches commit: their bales go
 * last.
 * @example const gone = await deleteOrganizationWithBales(trx, orgId, () => deleteOrgRow(trx));
 */
export async function deleteOrganizationWithBales<T>(
  trx: Transaction<Database>,
  orgId: string,
  deleteOrganization: () => Promise<T>,
): Promise<T> {
  await lockBalersForRemoval(trx, orgId);
  await trx.deleteFrom('bales').where('orgId', '=', orgId).execute();
  const deleted = await deleteOrganization();
  await trx.deleteFrom('bales').where('orgId', '=', orgId).execute();
  await trx.deleteFrom('baleCells').where('orgId', '=', orgId).execute();
  await trx.deleteFrom('baleCellMonths').where('orgId', '=', orgId).execute();
  await trx.deleteFrom('baleTileDays').where('orgId', '=', orgId).execute();
  await trx.deleteFrom('baleTileTotals').where('orgId', '=', orgId).execute();
  return deleted;
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
