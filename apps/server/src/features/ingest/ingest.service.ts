import type { IngestBale, IngestResponse } from '@baletrack/contracts/ingest/ingest';
import { ingestMessages } from '@baletrack/contracts/ingest/ingest';
import { type PostgresClient, transactionWithClient } from '@baletrack/db/connect';
import type { Database } from '@baletrack/db/database';
import { dryMassKg, rfv } from '@baletrack/domain/nutrition';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  type BaleRecordRow,
  commitBaleVersion,
  lockNextBaleVersion,
  upsertBales,
} from '../bales/bale-writes.repository.ts';
import { assignFields } from '../fields/field-assignment.ts';
import { activateMonthsWithBales } from '../subscriptions/subscription-months.repository.ts';
import { copyUpsertBales } from './ingest-copy.repository.ts';
import { parseRecord, utcMonth } from './ingest-record.ts';

const round = (value: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

/** RFV from ADF and NDF (docs/product.md#formulas), rounded as stored; null without both values. */
function computedRfv(adf: number | null, ndf: number | null): number | null {
  return adf === null || ndf === null || ndf <= 0 ? null : round(rfv(adf, ndf), 1);
}

export type IngestResult = IngestResponse;

/** The baler a batch comes from, as its key's check found it (ingest.routes.ts). */
export interface IngestingBaler {
  id: string;
  orgId: string;
  vin: string;
}

/**
 * Stores a baler's batch: each record checked on its own, the good ones written in one
 * transaction (all or none), idempotent on the bale uid. A record for a stored bale updates it
 * when it is not older and differs; an unchanged resend counts as unchanged. Within a batch the
 * last record of a uid wins and earlier ones count as unchanged.
 * Throws AppError 400 when no record is valid.
 * @example const result = await ingestBales(ctx, baler, [bale1, bale2]);
 */
export async function ingestBales(
  ctx: AppContext,
  baler: IngestingBaler,
  records: readonly unknown[],
): Promise<IngestResult> {
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
  if (latest.size === 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      ingestMessages.noValidRecord,
      result.rejected.map((r) => ({ path: `bales.${r.index}`, message: r.reason })),
    );
  }

  const bales = [...latest.values()];
  try {
    count(result, await storeBatch(ctx, baler, bales));
  } catch (error) {
    if (!isRecordRefusal(error)) throw error;
    // One record the database refuses must not refuse the batch, or a baler resending it would
    // fail forever: store the records one by one (each its own small statement, without COPY)
    // and report the refused ones like bad records.
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
    if (stored === 0) {
      throw new AppError(
        'VALIDATION_FAILED',
        ingestMessages.noValidRecord,
        result.rejected.map((r) => ({ path: `bales.${r.index}`, message: r.reason })),
      );
    }
  }
  return result;
}

function toRow(bale: IngestBale, fieldUids: string[]): BaleRecordRow {
  const adf = bale.adf;
  const ndf = bale.ndf;
  const creationTime = new Date(bale.creationTime);
  return {
    uid: bale.uid,
    tagSerialNumber: bale.tagSerialNumber,
    creationTime,
    creationMonth: utcMonth(creationTime),
    creationLat: bale.creationLocation.lat,
    creationLon: bale.creationLocation.lon,
    currentLat: bale.currentLocation.lat,
    currentLon: bale.currentLocation.lon,
    updateTime: bale.updateTime === null ? null : new Date(bale.updateTime),
    weightKg: bale.weightKg,
    dryMassKg: bale.dryMassKg ?? round(dryMassKg(bale.weightKg, bale.avgMoisture), 2),
    avgMoisture: bale.avgMoisture,
    peakMoisture: bale.peakMoisture,
    protein: bale.protein,
    ash: bale.ash,
    sugar: bale.sugar,
    temperature: bale.temperature,
    measurementQuality: bale.measurementQuality,
    baleLengthM: bale.baleLengthMeters,
    baleDiameterM: bale.baleDiameterMeters,
    cutLengthMm: bale.cutLengthMM,
    flakeCount: bale.flakeCount,
    appliedPreservativeKg: bale.appliedPreservativeKg,
    baleSize: bale.baleSize,
    rfv: bale.rfv === undefined ? computedRfv(adf, ndf) : bale.rfv,
    adf,
    ndf,
    loadType: bale.loadType,
    fieldUids,
    bindingMode: bale.bindingMode,
    wrapsPerBale: bale.wrapsPerBale,
    stackType: bale.stackType,
    missingTags: bale.missingTags,
  };
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
 * A whole batch in one transaction: on PostgreSQL streamed with COPY (ADR 19), on PGlite as
 * `storeBales` writes it.
 */
async function storeBatch(ctx: AppContext, baler: IngestingBaler, bales: IngestBale[]) {
  const changedAt = ctx.now();
  const copied = await transactionWithClient(ctx.db, (trx, client) =>
    storeIn(ctx, trx, baler, bales, changedAt, client),
  );
  return copied ? copied.value : storeBales(ctx, baler, bales);
}

/**
 * Writes bales in one transaction (all or none), bumping the organization's bale version, which
 * tells every process's map index (mapIndexStamp) to catch up.
 */
async function storeBales(ctx: AppContext, baler: IngestingBaler, bales: IngestBale[]) {
  const changedAt = ctx.now();
  return ctx.db.transaction().execute((trx) => storeIn(ctx, trx, baler, bales, changedAt));
}

/** The writes of `storeBales` inside a transaction; through COPY when given its client. */
async function storeIn(
  ctx: AppContext,
  trx: Transaction<Database>,
  baler: IngestingBaler,
  bales: IngestBale[],
  changedAt: Date,
  copyClient?: PostgresClient,
) {
  const version = await lockNextBaleVersion(trx, baler.orgId);
  // Fields are read under the version lock, which field changes take too: a field saved
  // meanwhile is either seen here or re-assigns these bales after this commits.
  const fieldUids = await assignFields(
    trx,
    baler.orgId,
    bales.map((bale) => bale.creationLocation),
  );
  const rows = bales.map((bale, i) => toRow(bale, fieldUids[i] ?? []));
  const stamp = {
    orgId: baler.orgId,
    balerId: baler.id,
    balerVin: baler.vin,
    version,
    changedAt,
  };
  const { inserted, updated } = copyClient
    ? await copyUpsertBales(copyClient, stamp, rows)
    : await upsertBales(trx, stamp, rows);
  if (ctx.config.billing === 'off') {
    // Before the version commits, so no process ever sees these bales locked.
    const months = [...new Set(rows.map((row) => row.creationMonth))];
    await activateMonthsWithBales(trx, { orgId: baler.orgId, balerId: baler.id, months });
  }
  if (inserted + updated > 0) await commitBaleVersion(trx, baler.orgId, version);
  return { inserted, updated, rows: rows.length };
}
