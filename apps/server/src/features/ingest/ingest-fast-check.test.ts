import { ingestBaleSchema } from '@baletrack/contracts/ingest/ingest';
import { describe, expect, it } from 'vitest';
import { fastCheckedBale } from './ingest-fast-check.ts';
import { checkRecord, parseRecord } from './ingest-record.ts';

// The fast check may only take a shortcut: every record gets the answer the full check
// (control-character walk, then zod with its messages) gives it, accepted or refused.

const base = {
  uid: 'BALE-1',
  tagSerialNumber: 'TAG0001',
  creationTime: '2025-06-02T14:31:07Z',
  creationLocation: { lat: 46.6, lon: -120.5 },
  currentLocation: { lat: 46.61, lon: -120.51 },
  updateTime: null,
  weightKg: 640,
  avgMoisture: 13,
  peakMoisture: 16,
  protein: 19.5,
  ash: 10.1,
  sugar: 24,
  temperature: 27,
  measurementQuality: 92,
  baleLengthMeters: 2.4,
  baleDiameterMeters: null,
  cutLengthMM: 38,
  flakeCount: 34,
  appliedPreservativeKg: 0,
  baleSize: 'FourXFour',
  adf: 30,
  ndf: 40,
  loadType: 'internal',
  bindingMode: 'Twine',
  wrapsPerBale: null,
  stackType: null,
  missingTags: false,
};

const hostile: unknown[] = [
  null,
  undefined,
  '',
  'x',
  'A\u0000B',
  'tab\there',
  'line\nfeed',
  'esc\u001b[2J',
  'del\u007f',
  'c1\u0085',
  'x'.repeat(201),
  'x'.repeat(200),
  0,
  -0,
  -1,
  0.5,
  100,
  100.0001,
  -90,
  90.5,
  180,
  -180.1,
  // Around the limits of a bale's measurements (BALE_LIMITS).
  10,
  10.5,
  200,
  200.5,
  -200,
  -200.5,
  1_000,
  1_000.5,
  10_000,
  10_000.5,
  1_000_000,
  1_000_001,
  3_000_000_000,
  2 ** 53,
  1e308,
  Number.POSITIVE_INFINITY,
  Number.NaN,
  true,
  false,
  [],
  [1],
  {},
  { lat: 1, lon: 2 },
  { lat: 1, lon: 2, alt: 3 },
  { lat: '1', lon: 2 },
  { lat: 91, lon: 2 },
  '2025-06-02T14:31:07Z',
  '2025-06-02T14:31:07.123+02:00',
  '2025-06-02T14:31:07',
  '2025-06-02t14:31:07z',
  '2024-02-29T00:00:00Z',
  '2025-02-29T00:00:00Z',
  '1969-12-31T23:59:59Z',
  '1970-01-01T00:00:00+01:00',
  '2099-12-31T23:59:59Z',
  '2099-12-31T23:30:00-01:00',
  '2100-01-01T00:00:00Z',
  '0000-01-01T00:00:00Z',
  '2025-06-02T14:31:07\u0000Z',
  'FourXFour',
  'fourxfour',
  'FiveFeet',
  'internal',
  'retail',
  'Mesh',
  'TwineAndFilm',
];

/** A seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function corpus(): unknown[] {
  const records: unknown[] = [base, { ...base, dryMassKg: 560, rfv: 150 }, { ...base, rfv: null }];
  for (const key of Object.keys(base)) {
    const { [key]: _left, ...without } = base as Record<string, unknown>;
    records.push(without);
    for (const value of hostile) records.push({ ...base, [key]: value });
  }
  for (const key of ['dryMassKg', 'rfv']) {
    for (const value of hostile) records.push({ ...base, [key]: value });
  }
  records.push({ ...base, extra: 1 }, { ...base, 'uid\u0000': 'x' }, { ...base, __proto__: null });
  records.push(null, [], 'bale', 42, Object.assign(Object.create(null), base));
  const next = random(15);
  for (let i = 0; i < 3_000; i += 1) {
    const record: Record<string, unknown> = { ...base };
    for (let j = 0; j < 1 + Math.floor(next() * 3); j += 1) {
      const keys = [...Object.keys(base), 'dryMassKg', 'rfv'];
      const key = keys[Math.floor(next() * keys.length)] as string;
      record[key] = hostile[Math.floor(next() * hostile.length)];
    }
    records.push(record);
  }
  // What arrives is JSON: run each through it too (undefined keys vanish, -0 becomes 0).
  return [
    ...records,
    ...records.flatMap((r) => (r === undefined ? [] : [JSON.parse(JSON.stringify(r))])),
  ];
}

describe('the fast check of an ingest record', () => {
  it('gives every record of the corpus the full check’s answer, message for message', () => {
    const records = corpus();
    let fast = 0;
    for (const [index, record] of records.entries()) {
      expect(parseRecord(record, index), JSON.stringify(record)).toEqual(
        checkRecord(record, index),
      );
      const bale = fastCheckedBale(record);
      if (bale) {
        fast += 1;
        expect(bale).toEqual(ingestBaleSchema.parse(record));
      }
    }
    // Well-formed records do take the shortcut.
    expect(fast).toBeGreaterThan(records.length / 20);
  });

  it('takes well-formed records, and leaves records needing a message to the full check', () => {
    expect(fastCheckedBale(base)).toBe(base);
    expect(fastCheckedBale({ ...base, dryMassKg: 560, rfv: null })).not.toBeNull();
    expect(fastCheckedBale({ ...base, updateTime: '2025-06-03T08:00:00.5+02:00' })).not.toBeNull();
    for (const bad of [
      { ...base, tagSerialNumber: 'TAG\u0000X' },
      { ...base, flakeCount: 3_000_000_000 },
      { ...base, creationTime: '0000-01-01T00:00:00Z' },
      { ...base, weightKg: Number.POSITIVE_INFINITY },
      { ...base, weightKg: 1e308 },
      { ...base, weightKg: '640' },
      { ...base, stackType: 'row\u001b[2J' },
    ]) {
      expect(fastCheckedBale(bad)).toBeNull();
      expect(checkRecord(bad, 0)).toHaveProperty('rejection');
    }
    // A key zod leaves out of the bale goes the full way, which strips it.
    expect(fastCheckedBale({ ...base, extra: true })).toBeNull();
    expect(checkRecord({ ...base, extra: true }, 0)).toEqual({ bale: base });
  });
});
