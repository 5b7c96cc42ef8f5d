import type { Bale, BaleSize, LoadType, TagMaterial } from '@baletrack/contracts/bales/bale';
import type { findVisibleBale } from './bales.repository.ts';

/** A bale as `baleColumns` selects it. */
export type BaleRow = NonNullable<Awaited<ReturnType<typeof findVisibleBale>>>;

/** A stored row in the API's shape (the names of docs/product.md#bales, SI units). */
export function toBale(row: BaleRow): Bale {
  return {
    uid: row.uid,
    tagSerialNumber: row.tagSerialNumber,
    creationTime: row.creationTime.toISOString(),
    creationLocation: { lat: row.creationLat, lon: row.creationLon },
    currentLocation: { lat: row.currentLat, lon: row.currentLon },
    updateTime: row.updateTime?.toISOString() ?? null,
    weightKg: row.weightKg,
    dryMassKg: row.dryMassKg,
    avgMoisture: row.avgMoisture,
    peakMoisture: row.peakMoisture,
    protein: row.protein,
    ash: row.ash,
    sugar: row.sugar,
    temperature: row.temperature,
    measurementQuality: row.measurementQuality,
    baleLengthMeters: row.baleLengthM,
    baleDiameterMeters: row.baleDiameterM,
    cutLengthMM: row.cutLengthMm,
    flakeCount: row.flakeCount,
    appliedPreservativeKg: row.appliedPreservativeKg,
    // The database's check constraints hold these to the spec's values.
    baleSize: row.baleSize as BaleSize,
    rfv: row.rfv,
    adf: row.adf,
    ndf: row.ndf,
    balerVin: row.balerVin,
    loadType: row.loadType as LoadType | null,
    fieldUIDs: row.fieldUids,
    bindingMode: row.bindingMode as TagMaterial,
    wrapsPerBale: row.wrapsPerBale,
    stackType: row.stackType,
    missingTags: row.missingTags,
  };
}
