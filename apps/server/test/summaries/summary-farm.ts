import type { IngestBale } from '@baletrack/contracts/ingest/ingest';
import { insertCrops } from '../../src/features/crops/crops.repository.ts';
import { insertCuttings } from '../../src/features/cuttings/cuttings.repository.ts';
import { ingest, newBale, newBaler, newFarm, newField, square } from '../helpers/farm.ts';
import type { TestApp } from '../helpers/test-app.ts';

// Six visible bales, written out so every figure below is computed by hand:
//
// uid  field      day    baler  size weight dry   moist peak rfv adf ndf CP  ash NFC  load    grade
// S1   A+Overlap  06-02  Square 3x4  500    430   14    18   190 26  33  23  10  25   internal legume Supreme
// S2   A          06-03  Square 3x4  600    510   15    20   160 30  40  19  9   22   retail   legume Good
// S3   A          06-03  Square 3x4  400    320   20    24   –   –   –   21  –   –    internal legume Premium (by CP)
// R1   B          06-20  Round  5ft  450    373.5 17    19   90  37  60  10  8   15   –        grass Good
// W1   B          06-21  Round  5ft  500    405   19    23   100 35  55  14  8   16   internal grass Premium
// P1   none       06-30  Square 3x4  550    429   22    26   150 31  41  18  10  20   internal ungraded (no cutting)
//
// Cuttings: 1st (Alfalfa, field A, 1–10 June), 2nd (Timothy, field B, 15–25 June).
// Above the safe band: S3 (20 > 16, square) and W1 (19 > 18, round); P1 has preservative (≤ 30).
// Plus a bale made in July (no subscription: locked) and another farm's bale, never counted.

const fieldA = { lon: -120.5, lat: 46.6 };
const fieldB = { lon: -120.4, lat: 46.6 };
const near = (p: { lon: number; lat: number }, dLat: number) => ({ lat: p.lat + dLat, lon: p.lon });

function bale(uid: string, where: { lat: number; lon: number }, values: Partial<IngestBale>) {
  return newBale({ uid, creationLocation: where, currentLocation: where, ...values });
}

/** The farm above, another farm with one bale of its own, and the round baler's id. */
export async function summaryFarm(t: TestApp) {
  const farm = await newFarm(t, 'Summary Farm');
  const other = await newFarm(t, 'Other Summary Farm');
  const { id: a } = await newField(t.ctx, farm.orgId, {
    name: 'A',
    boundary: square(-120.5, 46.6),
  });
  await newField(t.ctx, farm.orgId, { name: 'Overlap', boundary: square(-120.5, 46.6, 0.002) });
  const { id: b } = await newField(t.ctx, farm.orgId, {
    name: 'B',
    boundary: square(-120.4, 46.6),
  });
  const [alfalfa, timothy] = await insertCrops(t.ctx.db, farm.orgId, [
    { name: 'Alfalfa' },
    { name: 'Timothy' },
  ]);
  const cutting = { year: 2025 };
  await insertCuttings(t.ctx.db, farm.orgId, [
    {
      ...cutting,
      name: '1st',
      startDate: '2025-06-01',
      endDate: '2025-06-10',
      cropId: alfalfa as string,
      fieldIds: [a],
    },
    {
      ...cutting,
      name: '2nd',
      startDate: '2025-06-15',
      endDate: '2025-06-25',
      cropId: timothy as string,
      fieldIds: [b],
    },
  ]);
  const squareBaler = await newBaler(t.ctx, farm.orgId, { name: 'Square' });
  const roundBaler = await newBaler(t.ctx, farm.orgId, { name: 'Round' });
  const square3x4 = { baleSize: 'ThreeXFour' as const, appliedPreservativeKg: 0 };
  await ingest(t, squareBaler.apiKey, [
    bale('S1', fieldA, {
      ...square3x4,
      creationTime: '2025-06-02T10:00:00Z',
      weightKg: 500,
      dryMassKg: 430,
      avgMoisture: 14,
      peakMoisture: 18,
      rfv: 190,
      adf: 26,
      ndf: 33,
      protein: 23,
      ash: 10,
      sugar: 25,
      loadType: 'internal',
    }),
    bale('S2', near(fieldA, 0.002), {
      ...square3x4,
      creationTime: '2025-06-03T10:00:00Z',
      weightKg: 600,
      dryMassKg: 510,
      avgMoisture: 15,
      peakMoisture: 20,
      rfv: 160,
      adf: 30,
      ndf: 40,
      protein: 19,
      ash: 9,
      sugar: 22,
      loadType: 'retail',
    }),
    bale('S3', near(fieldA, 0.003), {
      ...square3x4,
      creationTime: '2025-06-03T11:00:00Z',
      weightKg: 400,
      dryMassKg: 320,
      avgMoisture: 20,
      peakMoisture: 24,
      rfv: null,
      adf: null,
      ndf: null,
      protein: 21,
      ash: null,
      sugar: null,
      loadType: 'internal',
    }),
    bale(
      'P1',
      { lat: 46.7, lon: -120.5 },
      {
        ...square3x4,
        creationTime: '2025-06-30T10:00:00Z',
        weightKg: 550,
        dryMassKg: 429,
        avgMoisture: 22,
        peakMoisture: 26,
        rfv: 150,
        adf: 31,
        ndf: 41,
        protein: 18,
        ash: 10,
        sugar: 20,
        loadType: 'internal',
        appliedPreservativeKg: 2,
      },
    ),
    bale('LOCKED', fieldA, { ...square3x4, creationTime: '2025-07-02T10:00:00Z', weightKg: 9000 }),
  ]);
  const round5ft = {
    baleSize: 'FiveFeet' as const,
    appliedPreservativeKg: 0,
    baleLengthMeters: null,
  };
  await ingest(t, roundBaler.apiKey, [
    bale('R1', fieldB, {
      ...round5ft,
      creationTime: '2025-06-20T12:00:00Z',
      weightKg: 450,
      dryMassKg: 373.5,
      avgMoisture: 17,
      peakMoisture: 19,
      rfv: 90,
      adf: 37,
      ndf: 60,
      protein: 10,
      ash: 8,
      sugar: 15,
      loadType: null,
    }),
    bale('W1', near(fieldB, 0.001), {
      ...round5ft,
      creationTime: '2025-06-21T12:00:00Z',
      weightKg: 500,
      dryMassKg: 405,
      avgMoisture: 19,
      peakMoisture: 23,
      rfv: 100,
      adf: 35,
      ndf: 55,
      protein: 14,
      ash: 8,
      sugar: 16,
      loadType: 'internal',
    }),
  ]);
  const otherBaler = await newBaler(t.ctx, other.orgId, { name: 'Other' });
  await ingest(t, otherBaler.apiKey, [bale('OTHER', fieldA, { weightKg: 7777 })]);
  return { farm, other, roundBalerId: roundBaler.id };
}

export type SummaryFarm = Awaited<ReturnType<typeof summaryFarm>>;
