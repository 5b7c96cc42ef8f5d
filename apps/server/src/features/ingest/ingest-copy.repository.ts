import { createHash } from 'node:crypto';
import type { PostgresClient } from '@baletrack/db/connect';
import { type CopyType, type CopyWriter, copyRowsIn, copyWrittenIn } from '@baletrack/db/copy';
import {
  type BaleRecordRow,
  type BatchStamp,
  keptLoadType,
  type RecordColumn,
  recordColumns,
  snake,
} from '../bales/bale-writes.repository.ts';
import { baleCopyColumns } from './ingest-bale-copy.ts';

// Ingest's PostgreSQL path (docs/adr/0019-ingest-through-copy.md). Under the organization's
// version lock, which every writer of its bales holds (lockNextBaleVersion), no other
// transaction inserts or changes its bales meanwhile, so: a batch is first streamed with COPY
// straight into `bales`, under a savepoint, each record checked and written as it goes
// (copyNewBales); when a uid is already stored or comes twice, that is undone, the batch's
// stored uids are looked up by the primary key, the new bales are streamed in, and the stored
// ones go by COPY into a temporary table and one UPDATE applies the same rules as `upsertBales`
// (newer or equal, and different) (copyMixedBales). PGlite, and the one-by-one isolation of a
// refused record, keep using `upsertBales`.

const columns = Object.keys(recordColumns) as RecordColumn[];
const names = columns.map(snake);
const definition = columns.map((c) => `${snake(c)} ${recordColumns[c]}`).join(', ');
// Named after its columns, so a session that outlives a change of them never reuses the old one.
const batchTable = `pg_temp.ingest_batch_${createHash('sha1').update(definition).digest('hex').slice(0, 8)}`;

const storedUids = `SELECT uid, to_char(creation_time AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day
  FROM bales WHERE org_id = $1::uuid AND uid = ANY($2::text[])`;

// One round trip. The join below must probe the primary key per batch row: with a hash join
// the planner would read every bale of the organization (a temporary table has no statistics,
// and at a few hundred thousand bales the estimate tips that way), which grows with the farm.
const prepareUpdate = `CREATE TEMP TABLE IF NOT EXISTS ${batchTable} (uid text NOT NULL, ${definition})
  ON COMMIT DELETE ROWS;
SET LOCAL enable_hashjoin = off;
SET LOCAL enable_mergejoin = off`;

const list = (prefix: string) => names.map((name) => `${prefix}${name}`).join(', ');
// The batch's values as the update writes them: its load type as `keptLoadType` keeps it.
const sent = names
  .map((name) => (name === 'load_type' ? keptLoadType('b', 's.load_type') : `s.${name}`))
  .join(', ');

// $1 organization, $2 baler id, $3 baler VIN, $4 version, $5 changed at.
const updateFromBatch = `UPDATE bales b
  SET (baler_id, baler_vin, ${names.join(', ')}, version, changed_at)
    = ($2::uuid, $3::text, ${sent}, $4::bigint, $5::timestamptz)
  FROM ${batchTable} s
  WHERE b.org_id = $1::uuid AND b.uid = s.uid
    AND coalesce(s.update_time, s.creation_time) >= coalesce(b.update_time, b.creation_time)
    AND (b.baler_id, b.baler_vin, ${list('b.')})
      IS DISTINCT FROM ($2::uuid, $3::text, ${sent})`;

const recordCopyColumns = columns.map((c): [string, CopyType] => [snake(c), recordColumns[c]]);
/** The columns of a new bale's row, with their types, as `insertRows` gives them. */
export const insertColumns: [string, CopyType][] = [
  ['org_id', 'uuid'],
  ['uid', 'text'],
  ['baler_id', 'uuid'],
  ['baler_vin', 'text'],
  ...recordCopyColumns,
  ['version', 'int8'],
  ['changed_at', 'timestamptz'],
];
const batchColumns: [string, CopyType][] = [['uid', 'text'], ...recordCopyColumns];

/**
 * Streams a row into `bales` for each index, written by `write` (or left out), under a savepoint,
 * inside the caller's transaction on this client, which must hold the organization's version
 * lock; the indexes may still be arriving (a body being parsed). Returns false, with nothing
 * written, when a uid is already stored or comes twice (the unique violation); the caller then
 * takes the long way (copyMixedBales).
 */
export async function copyNewBales(
  client: PostgresClient,
  indexes: Iterable<number> | AsyncIterable<number>,
  write: (out: CopyWriter, i: number) => void,
): Promise<boolean> {
  await client.query(`SAVEPOINT ${allNew}`);
  try {
    await copyWrittenIn(client, 'bales', baleCopyColumns, indexes, write);
    // The savepoint is left to the commit: releasing it would cost a round trip and change
    // nothing the transaction does next.
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code !== UNIQUE_VIOLATION) throw error;
    await client.query(`ROLLBACK TO SAVEPOINT ${allNew}`);
    return false;
  }
}

/**
 * Inserts bales or updates the stored ones (same organization and uid) when the record is not
 * older than what is stored and differs from it, once copyNewBales was refused, in the same
 * transaction: the batch's stored uids are looked up by the primary key, the new bales streamed
 * in, the stored ones updated from a temporary table. Uids must be distinct. Returns how many
 * rows were inserted and how many updated (the others were unchanged), and the days (UTC) the
 * stored ones had been made on.
 */
export async function copyMixedBales(
  client: PostgresClient,
  stamp: BatchStamp,
  rows: BaleRecordRow[],
): Promise<{ inserted: number; updated: number; priorDays: string[] }> {
  const found = await client.query<{ uid: string; day: string }>(storedUids, [
    stamp.orgId,
    rows.map((row) => row.uid),
  ]);
  const stored = new Set(found.rows.map((row) => row.uid));
  const priorDays = [...new Set(found.rows.map((row) => row.day))];
  const fresh = rows.filter((row) => !stored.has(row.uid));
  if (fresh.length > 0) await copyRowsIn(client, 'bales', insertColumns, insertRows(stamp, fresh));
  if (stored.size === 0) return { inserted: fresh.length, updated: 0, priorDays };
  await client.query(prepareUpdate);
  await copyRowsIn(
    client,
    batchTable,
    batchColumns,
    rows
      .filter((row) => stored.has(row.uid))
      .map((row) => [row.uid, ...columns.map((column) => row[column])]),
  );
  const updated = await client.query(updateFromBatch, [
    stamp.orgId,
    stamp.balerId,
    stamp.balerVin,
    stamp.version,
    stamp.changedAt,
  ]);
  return { inserted: fresh.length, updated: updated.rowCount ?? 0, priorDays };
}

const allNew = 'ingest_all_new';
const UNIQUE_VIOLATION = '23505';

/** The rows of `bales` for new bales, with the batch's baler, version and time. */
export function insertRows(stamp: BatchStamp, rows: BaleRecordRow[]) {
  const { orgId, balerId, balerVin, version, changedAt } = stamp;
  return rows.map((row) => [
    orgId,
    row.uid,
    balerId,
    balerVin,
    ...columns.map((column) => row[column]),
    version,
    changedAt,
  ]);
}
