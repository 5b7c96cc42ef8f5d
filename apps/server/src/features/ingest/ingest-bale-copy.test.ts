import type { IngestBale } from '@baletrack/contracts/ingest/ingest';
import { CopyWriter, encodeCopyRows } from '@baletrack/db/copy';
import { describe, expect, it } from 'vitest';
import { baleCopyColumns, writeBaleRow } from './ingest-bale-copy.ts';
import { insertColumns, insertRows } from './ingest-copy.repository.ts';
import { toRow } from './ingest-row.ts';

// The COPY of new bales writes each row straight from the record (writeBaleRow); the resend's
// COPY and PGlite's statement go through toRow. Both must store the same values, byte for byte.

const stamp = {
  orgId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  balerId: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
  balerVin: '1FTEX1EP5JKE12345',
  version: 2 ** 40 + 7,
  changedAt: new Date('2026-11-23T10:11:12.345Z'),
};
const fieldA = '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f';
const fieldB = '3d4e5f6a-7b8c-4d9e-8f1a-2b3c4d5e6f70';

const base: IngestBale = {
  uid: 'BALE-0001',
  tagSerialNumber: 'TAG0001',
  creationTime: '2025-06-02T14:31:07Z',
  creationLocation: { lat: 46.6, lon: -120.5 },
  currentLocation: { lat: 46.61, lon: -120.49 },
  updateTime: null,
  weightKg: 640,
  avgMoisture: 13,
  peakMoisture: 16,
  protein: 19.5,
  ash: 10.1,
  sugar: 24,
  temperature: -3.25,
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

const bales: [IngestBale, string[]][] = [
  [base, []],
  [{ ...base, uid: 'B-2', dryMassKg: 555.5, rfv: 151.2 }, [fieldA]],
  [{ ...base, uid: 'B-3', rfv: null, adf: null, flakeCount: null, wrapsPerBale: 1_000_000 }, []],
  [
    {
      ...base,
      uid: 'Prés-du-Lac "4" \\ NULL',
      tagSerialNumber: 'étiquette ✓ 𝄞',
      stackType: 'Pyramide à l’ombre',
      loadType: null,
      updateTime: '2025-07-01T00:00:00.001+02:00',
      missingTags: true,
    },
    [fieldA, fieldB],
  ],
  // The first and last instants of a month, around the turn of a year, an offset across it.
  [{ ...base, uid: 'B-5', creationTime: '2024-12-31T23:59:59.999Z' }, []],
  [{ ...base, uid: 'B-6', creationTime: '2025-01-01T00:30:00+01:00' }, []],
  [{ ...base, uid: 'B-7', creationTime: '1970-01-01T00:00:00Z', ndf: 0 }, []],
  [{ ...base, uid: 'B-8', creationTime: '2099-12-31T23:59:59Z', temperature: null }, []],
];

const types = insertColumns.map(([, type]) => type);

function streamed(list: [IngestBale, string[]][]) {
  const out = new CopyWriter();
  for (const [bale, fields] of list) writeBaleRow(out, stamp, bale, fields);
  out.flush();
  return Buffer.concat(out.done);
}

function throughRows(list: [IngestBale, string[]][]) {
  const rows = list.map(([bale, fields]) => toRow(bale, fields));
  const all = Buffer.concat(encodeCopyRows(types, insertRows(stamp, rows)));
  // Less the signature and header (19 bytes) and the trailer (2).
  return all.subarray(19, all.length - 2);
}

describe('writeBaleRow', () => {
  it('writes the columns of insertColumns, in their order', () => {
    expect(baleCopyColumns).toEqual(insertColumns.map(([name]) => name));
  });

  it('writes the same bytes as toRow then the generic encoder', () => {
    for (const entry of bales) expect(streamed([entry])).toEqual(throughRows([entry]));
    // One after the other too: the month kept from the previous record must not leak.
    expect(streamed(bales)).toEqual(throughRows(bales));
    expect(streamed([...bales].reverse())).toEqual(throughRows([...bales].reverse()));
  });

  it('returns the creation month subscriptions go by, as toRow has it', () => {
    const out = new CopyWriter();
    for (const [bale, fields] of bales) {
      expect(writeBaleRow(out, stamp, bale, fields)).toBe(toRow(bale, fields).creationMonth);
    }
  });
});
