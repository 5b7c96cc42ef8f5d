import type { IngestBale } from '@baletrack/contracts/ingest/ingest';
import { dryMassKg, rfv } from '@baletrack/domain/nutrition';
import type { BaleRecordRow } from '../bales/bale-writes.repository.ts';
import { utcMonth } from './ingest-record.ts';

// What the server stores of a checked record: the baler's values under the table's names, and
// what it derives (dry mass and RFV when not sent, the creation month). Both write paths use
// these: `toRow` for the statement and the resend's COPY, writeBaleRow (ingest-bale-copy.ts)
// for the COPY of new bales.

const round = (value: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

/** The dry mass sent, else from weight and moisture, rounded as stored. */
export function storedDryMassKg(bale: IngestBale): number {
  return bale.dryMassKg ?? round(dryMassKg(bale.weightKg, bale.avgMoisture), 2);
}

/**
 * The RFV sent (null included), else from ADF and NDF (docs/product.md#formulas), rounded as
 * stored; null without both values.
 */
export function storedRfv(bale: IngestBale): number | null {
  if (bale.rfv !== undefined) return bale.rfv;
  const { adf, ndf } = bale;
  return adf === null || ndf === null || ndf <= 0 ? null : round(rfv(adf, ndf), 1);
}

/** The row `upsertBales` and the resend's COPY write for a record in these fields. */
export function toRow(bale: IngestBale, fieldUids: string[]): BaleRecordRow {
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
    dryMassKg: storedDryMassKg(bale),
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
    rfv: storedRfv(bale),
    adf: bale.adf,
    ndf: bale.ndf,
    loadType: bale.loadType,
    fieldUids,
    bindingMode: bale.bindingMode,
    wrapsPerBale: bale.wrapsPerBale,
    stackType: bale.stackType,
    missingTags: bale.missingTags,
  };
}
