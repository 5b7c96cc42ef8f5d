// One bale record as the baler sends it to the ingest API, from where and when it was made.
import type { BaleSize } from '@baletrack/contracts/bales/bale';
import type { LatLon } from '@baletrack/contracts/geo/lat-lon';
import type { IngestBale } from '@baletrack/contracts/ingest/ingest';
import type { ForageKind } from '@baletrack/domain/quality-grade/quality-grade';
import type { SeededRandom } from '@baletrack/domain/seeded-random';
import { drawBalerBuild, drawBaleValues } from './bale-values.ts';
import { pacificHour } from './pacific-time.ts';

export interface BaleRecordInput {
  kind: ForageKind;
  baleSize: BaleSize;
  position: LatLon;
  /** UTC ms. */
  time: number;
  /** Hay the chamber took, kg. */
  hayKg: number;
  /** Soil pattern at the spot, −1 … 1. */
  soil: number;
  /** Wet patch at the spot, 0 … 1. */
  wetness: number;
  firstCutting: boolean;
}

const round7 = (value: number) => Math.round(value * 1e7) / 1e7;

/**
 * A bale record: measured values per docs/product.md#demo-data-ranges, the baler's build, an RFID
 * tag (missing on one bale in 250), positions to 7 decimals (about 1 cm), the time to the second.
 * @example baleRecord(random, { kind: 'legume', baleSize: 'ThreeXFour', position, time, … })
 */
export function baleRecord(random: SeededRandom, input: BaleRecordInput): IngestBale {
  const round = input.baleSize === 'FourFeet' || input.baleSize === 'FiveFeet';
  const values = drawBaleValues(random, {
    kind: input.kind,
    baleSize: input.baleSize,
    hayKg: input.hayKg,
    soil: input.soil,
    wetness: input.wetness,
    localHour: pacificHour(input.time),
    month: new Date(input.time).getUTCMonth() + 1,
    firstCutting: input.firstCutting,
  });
  const at = { lat: round7(input.position.lat), lon: round7(input.position.lon) };
  const missingTags = random.chance(0.004);
  // Export hay from the big square is mostly sold; round bales are fed on the farm.
  const retail = !round && random.chance(0.85);
  return {
    uid: random.uuid(),
    tagSerialNumber: missingTags ? null : tagSerial(random),
    creationTime: new Date(Math.round(input.time / 1000) * 1000).toISOString(),
    creationLocation: at,
    currentLocation: at,
    updateTime: null,
    ...values,
    ...drawBalerBuild(random, input.baleSize),
    baleSize: input.baleSize,
    loadType: retail ? 'retail' : 'internal',
    stackType: null,
    missingTags,
  };
}

/** A 96-bit EPC as RFID bale tags carry, 24 hex digits. */
function tagSerial(random: SeededRandom): string {
  const word = () =>
    Math.floor(random.next() * 4_294_967_296)
      .toString(16)
      .padStart(8, '0');
  return `E280${word().slice(4)}${word()}${word()}`.toUpperCase();
}
