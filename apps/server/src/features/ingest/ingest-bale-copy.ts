import type { IngestBale } from '@baletrack/contracts/ingest/ingest';
import type { CopyWriter } from '@baletrack/db/copy';
import { type BatchStamp, recordColumns, snake } from '../bales/bale-writes.repository.ts';
import { storedDryMassKg, storedRfv } from './ingest-row.ts';

// A new bale's row of `bales`, written into the COPY straight from the checked record: no row
// object, no array of values, no Date (docs/adr/0019-ingest-through-copy.md). The same bytes as
// `toRow` then the generic encoder give (ingest-bale-copy.test.ts holds the two together).

/** The columns writeBaleRow writes, in its order: the batch's stamp around recordColumns. */
export const baleCopyColumns = [
  'org_id',
  'uid',
  'baler_id',
  'baler_vin',
  ...Object.keys(recordColumns).map(snake),
  'version',
  'changed_at',
];

const DAY_MS = 86_400_000;
const POSTGRES_EPOCH_MS = Date.UTC(2000, 0, 1);

// A batch's bales are made over a few days: the month is worked out again only when the day
// changes from the previous record's.
let lastDay = Number.NaN;
let lastMonth = { days: 0, text: '' };

/** The UTC month an instant falls in: its first day as days since 2000 and as 'YYYY-MM-01'. */
function monthOf(ms: number) {
  const day = Math.floor(ms / DAY_MS);
  if (day !== lastDay) {
    const date = new Date(ms);
    const first = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
    lastMonth = {
      days: (first - POSTGRES_EPOCH_MS) / DAY_MS,
      text: new Date(first).toISOString().slice(0, 10),
    };
    lastDay = day;
  }
  return lastMonth;
}

const float = (out: CopyWriter, value: number | null | undefined) =>
  value == null ? out.null() : out.float8(value);
const integer = (out: CopyWriter, value: number | null | undefined) =>
  value == null ? out.null() : out.int4(value);
const text = (out: CopyWriter, value: string | null | undefined) =>
  value == null ? out.null() : out.text(value);

/**
 * Writes a checked record as a new row of `bales` (baleCopyColumns) with the batch's stamp and
 * the bale's fields. Returns its creation month ('YYYY-MM-01'), which subscriptions go by.
 * @example const month = writeBaleRow(out, stamp, bale, fieldsAt(bale.creationLocation));
 */
export function writeBaleRow(
  out: CopyWriter,
  stamp: BatchStamp,
  bale: IngestBale,
  fieldUids: readonly string[],
): string {
  const created = Date.parse(bale.creationTime);
  const month = monthOf(created);
  out.row(baleCopyColumns.length);
  out.uuid(stamp.orgId);
  out.text(bale.uid);
  out.uuid(stamp.balerId);
  out.text(stamp.balerVin);
  text(out, bale.tagSerialNumber);
  out.timestamptz(created);
  out.date(month.days);
  out.float8(bale.creationLocation.lat);
  out.float8(bale.creationLocation.lon);
  out.float8(bale.currentLocation.lat);
  out.float8(bale.currentLocation.lon);
  if (bale.updateTime == null) out.null();
  else out.timestamptz(Date.parse(bale.updateTime));
  out.float8(bale.weightKg);
  out.float8(storedDryMassKg(bale));
  out.float8(bale.avgMoisture);
  out.float8(bale.peakMoisture);
  float(out, bale.protein);
  float(out, bale.ash);
  float(out, bale.sugar);
  float(out, bale.temperature);
  float(out, bale.measurementQuality);
  float(out, bale.baleLengthMeters);
  float(out, bale.baleDiameterMeters);
  float(out, bale.cutLengthMM);
  integer(out, bale.flakeCount);
  float(out, bale.appliedPreservativeKg);
  out.text(bale.baleSize);
  float(out, storedRfv(bale));
  float(out, bale.adf);
  float(out, bale.ndf);
  text(out, bale.loadType);
  out.uuidArray(fieldUids);
  out.text(bale.bindingMode);
  integer(out, bale.wrapsPerBale);
  text(out, bale.stackType);
  out.bool(bale.missingTags);
  out.int8(stamp.version);
  out.timestamptz(stamp.changedAt.getTime());
  return month.text;
}
