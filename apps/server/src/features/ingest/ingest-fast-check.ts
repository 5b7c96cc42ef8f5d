import { baleSizes, loadTypes, tagMaterials } from '@baletrack/contracts/bales/bale';
import {
  BALE_LIMITS,
  type IngestBale,
  ingestBaleSchema,
  MAX_UID_LENGTH,
} from '@baletrack/contracts/ingest/ingest';

// The hot path of ingest (docs/adr/0019-ingest-through-copy.md): most records a baler sends are
// well formed, and checking them with zod and the control-character walk took most of a batch's
// JavaScript time. This check accepts only records that `ingestBaleSchema` accepts unchanged and
// that hold no control character; anything else (a bad value, an unknown key, a missing one, an
// `undefined`) answers null and goes the full way (parseRecord), so zod stays the only source of
// refusals and their messages. ingest-fast-check.test.ts holds it to that on a corpus.

type Check = (value: unknown) => boolean;

// C0 controls except \t \n \r, and DEL: the rule of packages/contracts/src/common/control-characters.ts.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// The uid's own rule in ingestBaleSchema (no control character at all, tab included).
const UID = /^[^\p{Cc}]+$/u;
// zod's own pattern for an ISO date-time with an offset, read from the schema so the two agree.
const DATE_TIME = datePattern();

function datePattern(): RegExp | null {
  const zod = (ingestBaleSchema.shape.updateTime as unknown as { _zod: { def: unknown } })._zod;
  // updateTime is baleTime.nullable(): nullable → refine (baleTime) → the date-time string.
  let def = zod.def as { innerType?: { _zod: { def: unknown } }; pattern?: unknown };
  for (let depth = 0; depth < 4 && def && !(def.pattern instanceof RegExp); depth += 1) {
    def = def.innerType?._zod.def as typeof def;
  }
  return def?.pattern instanceof RegExp ? def.pattern : null;
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const upTo =
  (max: number): Check =>
  (v) =>
    finite(v) && v >= 0 && v <= max;
const temperature: Check = (v) =>
  finite(v) && v >= -BALE_LIMITS.temperature && v <= BALE_LIMITS.temperature;
const percent: Check = (v) => finite(v) && v >= 0 && v <= 100;
const count: Check = (v) => finite(v) && Number.isInteger(v) && v >= 0 && v <= 1_000_000;
const nullable =
  (check: Check): Check =>
  (v) =>
    v === null || check(v);
const oneOf = (values: readonly string[]): Check => {
  const set = new Set(values);
  return (v) => typeof v === 'string' && set.has(v);
};
const text: Check = (v) => typeof v === 'string' && !FORBIDDEN.test(v);
const FROM_1970 = Date.UTC(1970, 0, 1);
const FROM_2100 = Date.UTC(2100, 0, 1);
/** A bale time: zod's date-time, in 1970–2099 (ingestBaleSchema's baleTime). */
const time: Check = (v) => {
  if (typeof v !== 'string' || DATE_TIME === null || !DATE_TIME.test(v)) return false;
  // The year in UTC, compared as instants: no Date made for each of a batch's 10,000 times.
  const ms = Date.parse(v);
  return ms >= FROM_1970 && ms < FROM_2100;
};
const plain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;
/** latLonSchema, without any other key. */
const location: Check = (v) => {
  if (!plain(v)) return false;
  let keys = 0;
  for (const key in v) {
    if (key !== 'lat' && key !== 'lon') return false;
    keys += 1;
  }
  const { lat, lon } = v;
  return (
    keys === 2 && finite(lat) && lat >= -90 && lat <= 90 && finite(lon) && lon >= -180 && lon <= 180
  );
};

const required: Record<string, Check> = {
  uid: (v) => typeof v === 'string' && v.length <= MAX_UID_LENGTH && UID.test(v),
  tagSerialNumber: nullable(text),
  creationTime: time,
  creationLocation: location,
  currentLocation: location,
  updateTime: nullable(time),
  weightKg: upTo(BALE_LIMITS.weightKg),
  avgMoisture: percent,
  peakMoisture: percent,
  protein: nullable(percent),
  ash: nullable(percent),
  sugar: nullable(percent),
  temperature: nullable(temperature),
  measurementQuality: nullable(percent),
  baleLengthMeters: nullable(upTo(BALE_LIMITS.baleLengthMeters)),
  baleDiameterMeters: nullable(upTo(BALE_LIMITS.baleDiameterMeters)),
  cutLengthMM: nullable(upTo(BALE_LIMITS.cutLengthMM)),
  flakeCount: nullable(count),
  appliedPreservativeKg: nullable(upTo(BALE_LIMITS.appliedPreservativeKg)),
  baleSize: oneOf(baleSizes),
  adf: nullable(percent),
  ndf: nullable(percent),
  loadType: nullable(oneOf(loadTypes)),
  bindingMode: oneOf(tagMaterials),
  wrapsPerBale: nullable(count),
  stackType: nullable(text),
  missingTags: (v) => typeof v === 'boolean',
};
const optional: Record<string, Check> = {
  dryMassKg: upTo(BALE_LIMITS.dryMassKg),
  rfv: nullable(upTo(BALE_LIMITS.rfv)),
};
const checks = new Map<string, { check: Check; required: boolean }>([
  ...Object.entries(required).map(([k, check]) => [k, { check, required: true }] as const),
  ...Object.entries(optional).map(([k, check]) => [k, { check, required: false }] as const),
]);
const requiredKeys = Object.keys(required).length;

/**
 * The record as an IngestBale when it is a well-formed bale that needs no message (what
 * `ingestBaleSchema` would return, the same values), else null: check it the full way.
 * @example fastCheckedBale(JSON.parse(body).bales[0]) // IngestBale or null
 */
export function fastCheckedBale(record: unknown): IngestBale | null {
  if (!plain(record)) return null;
  let seen = 0;
  for (const key in record) {
    const entry = checks.get(key);
    if (entry === undefined || !entry.check(record[key])) return null;
    if (entry.required) seen += 1;
  }
  return seen === requiredKeys ? (record as unknown as IngestBale) : null;
}
