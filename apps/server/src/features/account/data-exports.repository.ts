import type { Database, Db } from '@baletrack/db/database';
import type { Selectable, Transaction } from 'kysely';

/*
 * The organizations' data exports (docs/product.md#account): a row per requested ZIP, claimed by
 * one builder at a time (a lease, FOR UPDATE SKIP LOCKED), its file kept in the row until the
 * link expires. States: docs/operations.md#data-exports.
 */

export type DataExportRow = Omit<Selectable<Database['dataExports']>, 'content'>;

/** Everything but the file, which only the download reads. */
const columns = [
  'id',
  'orgId',
  'orgName',
  'requestedBy',
  'email',
  'status',
  'progress',
  'tokenHash',
  'filename',
  'sizeBytes',
  'attempts',
  'leaseUntil',
  'lastError',
  'createdAt',
  'finishedAt',
  'expiresAt',
] as const;

/** A new export: 'pending' for the worker, or already 'building' under the caller's lease. */
export async function insertExport(
  db: Db,
  row: {
    id: string;
    orgId: string;
    orgName: string;
    requestedBy: string;
    email: string;
    /** A placeholder no token hashes to; the real hash is set when the file is ready. */
    tokenHash: string;
    filename: string;
    createdAt: Date;
    expiresAt: Date;
    leaseUntil?: Date;
  },
): Promise<DataExportRow> {
  const { leaseUntil, ...values } = row;
  return db
    .insertInto('dataExports')
    .values(leaseUntil ? { ...values, status: 'building', attempts: 1, leaseUntil } : { ...values })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

/** The organization's newest export, or one still pending or building. */
export function findLatestExport(db: Db, orgId: string): Promise<DataExportRow | undefined> {
  return db
    .selectFrom('dataExports')
    .select(columns)
    .where('orgId', '=', orgId)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Holds the organization's row until the transaction ends, so two requests for an export at the
 * same moment queue one export, not two.
 */
export async function lockOrganizationExports(trx: Transaction<Database>, orgId: string) {
  await trx
    .selectFrom('organizations')
    .select('id')
    .where('id', '=', orgId)
    .forUpdate()
    .executeTakeFirst();
}

/** An export of the organization not yet finished (at most one is kept under way). */
export function findUnfinishedExport(db: Db, orgId: string): Promise<DataExportRow | undefined> {
  return db
    .selectFrom('dataExports')
    .select(columns)
    .where('orgId', '=', orgId)
    .where('status', 'in', ['pending', 'building'])
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The claim a builder holds: the row's id and the attempt it made (see `renewLease`). */
export interface ExportClaim {
  id: string;
  attempts: number;
}

/**
 * Claims the oldest export waiting to be built: a pending one, or one whose builder's lease ran
 * out (it died). One statement; rows another process is claiming at the same moment are skipped
 * (FOR UPDATE SKIP LOCKED), so two builders never take one export.
 */
export function claimNextExport(
  db: Db,
  input: { now: Date; leaseUntil: Date },
): Promise<DataExportRow | undefined> {
  return db
    .updateTable('dataExports')
    .set((eb) => ({
      status: 'building',
      attempts: eb('attempts', '+', 1),
      leaseUntil: input.leaseUntil,
      progress: 0,
    }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('dataExports')
        .select('id')
        .where((w) =>
          w.or([
            // A failed attempt's export waits out its backoff in lease_until.
            w.and([
              w('status', '=', 'pending'),
              w.or([w('leaseUntil', 'is', null), w('leaseUntil', '<=', input.now)]),
            ]),
            w.and([w('status', '=', 'building'), w('leaseUntil', '<=', input.now)]),
          ]),
        )
        .where('expiresAt', '>', input.now)
        .orderBy('createdAt')
        .limit(1)
        .forUpdate()
        .skipLocked(),
    )
    .returning(columns)
    .executeTakeFirst();
}

/**
 * Records progress and extends the lease; answers false when the claim was lost (its lease ran
 * out and another builder took over, or the export was purged): the builder must stop.
 */
export async function renewLease(
  db: Db,
  claim: ExportClaim,
  progress: number,
  leaseUntil: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('dataExports')
    .set({ progress, leaseUntil })
    .where('id', '=', claim.id)
    .where('status', '=', 'building')
    .where('attempts', '=', claim.attempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Stores the file and the link's token hash: the export is 'ready' until `expiresAt`. */
export async function finishExport(
  db: Db,
  claim: ExportClaim,
  file: { content: Uint8Array; tokenHash: string; finishedAt: Date; expiresAt: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('dataExports')
    .set({
      status: 'ready',
      progress: 100,
      content: file.content,
      sizeBytes: file.content.byteLength,
      tokenHash: file.tokenHash,
      finishedAt: file.finishedAt,
      expiresAt: file.expiresAt,
      leaseUntil: null,
      lastError: null,
    })
    .where('id', '=', claim.id)
    .where('status', '=', 'building')
    .where('attempts', '=', claim.attempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A failed attempt: 'pending' again from `retryAt` on, or 'failed' for good. */
export async function failExport(
  db: Db,
  claim: ExportClaim,
  outcome: { final: boolean; error: string; at: Date; retryAt?: Date },
): Promise<void> {
  await db
    .updateTable('dataExports')
    .set({
      status: outcome.final ? 'failed' : 'pending',
      lastError: outcome.error,
      leaseUntil: outcome.final ? null : (outcome.retryAt ?? null),
      finishedAt: outcome.final ? outcome.at : null,
    })
    .where('id', '=', claim.id)
    .where('status', '=', 'building')
    .where('attempts', '=', claim.attempts)
    .execute();
}

/** A ready, unexpired export's file by its link's token hash (any organization, or none left). */
export function findDownload(db: Db, tokenHash: string, now: Date) {
  return db
    .selectFrom('dataExports')
    .select(['filename', 'content'])
    .where('tokenHash', '=', tokenHash)
    .where('status', '=', 'ready')
    .where('expiresAt', '>', now)
    .executeTakeFirst();
}

/** Deletes exports past their expiry, file and row; answers how many. */
export async function deleteExpiredExports(db: Db, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('dataExports')
    .where('expiresAt', '<=', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Hands back a claimed export not finished after all (its builder is stopping): due again. */
export async function releaseExport(db: Db, claim: ExportClaim, now: Date): Promise<void> {
  await db
    .updateTable('dataExports')
    .set((eb) => ({
      status: 'pending',
      attempts: eb('attempts', '-', 1),
      leaseUntil: null,
      progress: 0,
    }))
    .where('id', '=', claim.id)
    .where('status', '=', 'building')
    .where('attempts', '=', claim.attempts)
    .where('leaseUntil', '>', now)
    .execute();
}
