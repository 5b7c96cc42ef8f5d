import type { IngestBale, IngestResponse } from '@baletrack/contracts/ingest/ingest';
import { ingestMessages } from '@baletrack/contracts/ingest/ingest';
import { transactionWithClient } from '@baletrack/db/connect';
import type { Database } from '@baletrack/db/database';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { lockBalerForBales } from '../balers/balers.repository.ts';
import {
  type BatchStamp,
  commitBaleVersion,
  lockBaleVersion,
  upsertBales,
} from '../bales/bale-writes.repository.ts';
import { assignFields } from '../fields/field-assignment.ts';
import { activateMonthsWithBales } from '../subscriptions/subscription-months.repository.ts';
import { writeBaleRow } from './ingest-bale-copy.ts';
import type { BatchBody } from './ingest-body.ts';
import { copyMixedBales, copyNewBales } from './ingest-copy.repository.ts';
import { fastCheckedBale } from './ingest-fast-check.ts';
import { organizationFields } from './ingest-fields.ts';
import { checkRecord, parseRecord } from './ingest-record.ts';
import { toRow } from './ingest-row.ts';

export type IngestResult = IngestResponse;

/** The baler a batch comes from, as its key's check found it (ingest.routes.ts). */
export interface IngestingBaler {
  id: string;
  orgId: string;
  vin: string;
}

/**
 * A batch's records: all at hand (the demo seeding, a body of another content type), or a
 * request body still being parsed (ingest-body.ts), whose records the COPY takes as they come.
 */
export type BatchRecords = readonly unknown[] | BatchBody;

/** What streamBatch reads a batch through, whichever form it came in. */
interface RecordSource {
  records: readonly unknown[];
  arrived(): Iterable<number> | AsyncIterable<number>;
  all(): Promise<readonly unknown[]>;
}

const sourceOf = (batch: BatchRecords): RecordSource =>
  Array.isArray(batch)
    ? { records: batch, arrived: () => batch.keys(), all: async () => batch }
    : (batch as BatchBody);

/**
 * Stores a baler's batch: each record checked on its own, the good ones written in one
 * transaction (all or none), idempotent on the bale uid. A record for a stored bale updates it
 * when it is not older and differs; an unchanged resend counts as unchanged. Within a batch the
 * last record of a uid wins and earlier ones count as unchanged.
 * Throws AppError 400 when no record is valid, and the body's refusal when it is not a batch.
 * @example const result = await ingestBales(ctx, baler, [bale1, bale2]);
 */
export async function ingestBales(
  ctx: AppContext,
  baler: IngestingBaler,
  batch: BatchRecords,
): Promise<IngestResult> {
  const source = sourceOf(batch);
  let streamed: IngestResult | undefined;
  try {
    streamed = await streamBatch(ctx, baler, source);
  } catch (error) {
    if (!isRecordRefusal(error)) throw error;
    // One record the database refuses must not refuse the batch, or a baler resending it would
    // fail forever: store the records one by one and report the refused ones like bad records.
    return storeOneByOne(ctx, baler, checkBatch(await source.all()));
  }
  if (streamed) {
    const stored = streamed.created + streamed.updated + streamed.unchanged;
    if (stored === 0) throw noValidRecord(streamed.rejected);
    return streamed;
  }
  const checked = checkBatch(await source.all());
  try {
    count(checked.result, await storeBales(ctx, baler, checked.bales));
    return checked.result;
  } catch (error) {
    if (!isRecordRefusal(error)) throw error;
    return storeOneByOne(ctx, baler, checked);
  }
}

interface CheckedBatch {
  /** The rejected records, and the earlier records of a uid sent twice as unchanged. */
  result: IngestResult;
  /** The valid records, the last of each uid. */
  bales: IngestBale[];
  /** Each uid's index in the batch. */
  indexOf: Map<string, number>;
}

/** Every record checked; throws AppError 400 when none is valid. */
function checkBatch(records: readonly unknown[]): CheckedBatch {
  const result: IngestResult = { created: 0, updated: 0, unchanged: 0, rejected: [] };
  const latest = new Map<string, IngestBale>();
  const indexOf = new Map<string, number>();
  records.forEach((record, index) => {
    const parsed = parseRecord(record, index);
    if ('rejection' in parsed) {
      result.rejected.push(parsed.rejection);
      return;
    }
    if (latest.has(parsed.bale.uid)) result.unchanged += 1;
    latest.set(parsed.bale.uid, parsed.bale);
    indexOf.set(parsed.bale.uid, index);
  });
  if (latest.size === 0) throw noValidRecord(result.rejected);
  return { result, bales: [...latest.values()], indexOf };
}

/** The 400 of a batch without any record stored, listing every rejection. */
function noValidRecord(rejected: IngestResult['rejected']): AppError {
  return new AppError(
    'VALIDATION_FAILED',
    ingestMessages.noValidRecord,
    rejected.map((r) => ({ path: `bales.${r.index}`, message: r.reason })),
  );
}

/** Each valid record in its own transaction; the ones the database refuses are reported. */
async function storeOneByOne(ctx: AppContext, baler: IngestingBaler, checked: CheckedBatch) {
  const { result, bales, indexOf } = checked;
  let stored = 0;
  for (const bale of bales) {
    try {
      count(result, await storeBales(ctx, baler, [bale]));
      stored += 1;
    } catch (single) {
      if (!isRecordRefusal(single)) throw single;
      result.rejected.push({
        index: indexOf.get(bale.uid) ?? 0,
        uid: bale.uid,
        reason: ingestMessages.refusedByDatabase,
      });
    }
  }
  result.rejected.sort((a, b) => a.index - b.index);
  if (stored === 0) throw noValidRecord(result.rejected);
  return result;
}

function count(result: IngestResult, stored: { inserted: number; updated: number; rows: number }) {
  result.created += stored.inserted;
  result.updated += stored.updated;
  result.unchanged += stored.rows - stored.inserted - stored.updated;
}

/**
 * Whether the database refused the data itself (SQLSTATE class 22, data exception, or 23,
 * integrity constraint), rather than failing: only then is a record to blame.
 */
function isRecordRefusal(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^2[23]/.test(code);
}

/**
 * On PostgreSQL, the batch in one transaction as ADR 19 says: each record checked and written
 * into the COPY of new bales as it is parsed; a stored uid or one sent twice undoes that COPY
 * and the checked batch goes the long way (copyMixedBales) in the same transaction. Returns
 * undefined on PGlite; a result that counts no bale means no record was valid.
 */
async function streamBatch(
  ctx: AppContext,
  baler: IngestingBaler,
  source: RecordSource,
): Promise<IngestResult | undefined> {
  const changedAt = ctx.now();
  const done = await transactionWithClient(ctx.db, async (trx, client) => {
    const { stamp, fieldsVersion } = await lockedStamp(trx, baler, changedAt);
    // Fields are read under the version lock, which field changes take too: a field saved
    // meanwhile is either seen here or re-assigns these bales after this commits.
    const fieldsAt = await organizationFields(ctx.db, trx, baler.orgId, fieldsVersion);
    const result: IngestResult = { created: 0, updated: 0, unchanged: 0, rejected: [] };
    const months = new Set<string>();
    const allNew = await copyNewBales(client, source.arrived(), (out, index) => {
      const record = source.records[index];
      const bale = fastCheckedBale(record) ?? checkedOrRejected(record, index, result);
      if (!bale) return;
      months.add(writeBaleRow(out, stamp, bale, fieldsAt(bale.creationLocation)));
      result.created += 1;
    });
    if (allNew) {
      await finishBatch(ctx, trx, stamp, [...months], result.created);
      return result;
    }
    const checked = checkBatch(await source.all());
    const rows = checked.bales.map((bale) => toRow(bale, [...fieldsAt(bale.creationLocation)]));
    const stored = await copyMixedBales(client, stamp, rows);
    count(checked.result, { ...stored, rows: rows.length });
    const rowMonths = [...new Set(rows.map((row) => row.creationMonth))];
    await finishBatch(
      ctx,
      trx,
      stamp,
      rowMonths,
      stored.inserted + stored.updated,
      stored.priorDays,
    );
    return checked.result;
  });
  return done?.value;
}

/** checkRecord's bale, or its rejection added to the result and null. */
function checkedOrRejected(record: unknown, index: number, result: IngestResult) {
  const checked = checkRecord(record, index);
  if ('bale' in checked) return checked.bale;
  result.rejected.push(checked.rejection);
  return null;
}

/**
 * Takes the batch's locks: its baler's (of the organization and not deleted, or the key no
 * longer counts: 401), then the organization's version lock, whose stamp every row of the batch
 * carries, with the version of its fields. The baler's first, as closing the account takes
 * them: it waits for this batch.
 */
async function lockedStamp(trx: Transaction<Database>, baler: IngestingBaler, changedAt: Date) {
  if (!(await lockBalerForBales(trx, baler.orgId, baler.id))) {
    throw new AppError('UNAUTHORIZED', ingestMessages.apiKeyUnknown);
  }
  const { next: version, fieldsVersion } = await lockBaleVersion(trx, baler.orgId);
  const stamp: BatchStamp = {
    orgId: baler.orgId,
    balerId: baler.id,
    balerVin: baler.vin,
    version,
    changedAt,
  };
  return { stamp, fieldsVersion };
}

/**
 * What follows a batch's writes in its transaction: the months of its bales activated when
 * billing is off, and the version published (with the cells of its days) when some bale changed.
 */
async function finishBatch(
  ctx: AppContext,
  trx: Transaction<Database>,
  stamp: BatchStamp,
  months: string[],
  changed: number,
  priorDays: string[] = [],
) {
  if (ctx.config.billing === 'off' && months.length > 0) {
    // Before the version commits, so no process ever sees these bales locked.
    await activateMonthsWithBales(trx, { orgId: stamp.orgId, balerId: stamp.balerId, months });
  }
  if (changed > 0) await commitBaleVersion(trx, stamp.orgId, stamp.version, priorDays);
}

/**
 * Writes bales in one transaction (all or none) with one statement (upsertBales): PGlite's way,
 * and a refused batch's record by record. Bumps the organization's bale version, which tells
 * every process's cached copies (readBaleStamp) to catch up.
 */
async function storeBales(ctx: AppContext, baler: IngestingBaler, bales: IngestBale[]) {
  const changedAt = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const { stamp } = await lockedStamp(trx, baler, changedAt);
    const fieldUids = await assignFields(
      trx,
      baler.orgId,
      bales.map((bale) => bale.creationLocation),
    );
    const rows = bales.map((bale, i) => toRow(bale, fieldUids[i] ?? []));
    const { inserted, updated, priorDays } = await upsertBales(trx, stamp, rows);
    const months = [...new Set(rows.map((row) => row.creationMonth))];
    await finishBatch(ctx, trx, stamp, months, inserted + updated, priorDays);
    return { inserted, updated, rows: rows.length };
  });
}
