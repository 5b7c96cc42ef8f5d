import type { IngestBale } from '@baletrack/contracts/ingest/ingest';
import { insertCrops } from '../../src/features/crops/crops.repository.ts';
import { insertCuttings } from '../../src/features/cuttings/cuttings.repository.ts';
import { ingest, newBale, newBaler } from '../helpers/farm.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { summaryFarm } from './summary-farm.ts';

// summary-farm.ts plus what makes rules disagree if they can: 400 seeded bales with nulls,
// sizes, bindings and load types of every kind on fields, overlaps and no field, on the days'
// edges; a legume cutting overlapping a legume and a grass one, a cutting without a crop, a crop
// without cuttings.

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

export function variedBales(count: number): IngestBale[] {
  const next = random(42);
  const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)] as T;
  const maybe = (value: number) => (next() < 0.15 ? null : Math.round(value * 10) / 10);
  const spots = [
    { lon: -120.5, lat: 46.6 }, // A and Overlap
    { lon: -120.503, lat: 46.603 }, // A only
    { lon: -120.4, lat: 46.6 }, // B
    { lon: -120.3, lat: 46.7 }, // no field
  ];
  // Cutting edges are days; bales on midnights and just before them test the inclusive ends.
  const times = ['T00:00:00Z', 'T23:59:59Z', 'T12:30:00Z'];
  return Array.from({ length: count }, () => {
    const spot = pick(spots);
    const day = String(1 + Math.floor(next() * 30)).padStart(2, '0');
    const adf = maybe(25 + next() * 15);
    const ndf = maybe(30 + next() * 25);
    return newBale({
      creationLocation: spot,
      currentLocation: spot,
      creationTime: `2025-06-${day}${pick(times)}`,
      weightKg: 300 + Math.round(next() * 400),
      avgMoisture: Math.round((10 + next() * 15) * 10) / 10,
      peakMoisture: Math.round((20 + next() * 15) * 10) / 10,
      protein: maybe(8 + next() * 18),
      ash: maybe(7 + next() * 5),
      sugar: maybe(10 + next() * 20),
      temperature: maybe(10 + next() * 50),
      baleLengthMeters: maybe(1 + next() * 2),
      flakeCount: next() < 0.2 ? null : Math.floor(next() * 50),
      cutLengthMM: maybe(20 + next() * 40),
      adf,
      ndf,
      ...(next() < 0.3 ? { rfv: maybe(80 + next() * 130) } : {}),
      appliedPreservativeKg: pick([0, 0, 2, null]),
      baleSize: pick(['FourXFour', 'ThreeXFour', 'FiveFeet', 'FourFeet'] as const),
      bindingMode: pick(['Twine', 'Mesh', 'Film', 'TwineAndFilm'] as const),
      loadType: pick(['internal', 'retail', null] as const),
    });
  });
}

/** The varied farm, and every field, crop, cutting and baler id by name. */
export async function variedSummaryFarm(t: TestApp) {
  const { farm } = await summaryFarm(t);
  const ids: Record<string, string> = {};
  const named = async (table: 'fields' | 'crops' | 'cuttings' | 'balers') => {
    const rows = await t.ctx.db
      .selectFrom(table)
      .select(['id', 'name'])
      .where('orgId', '=', farm.orgId)
      .execute();
    for (const row of rows) ids[row.name] = row.id;
  };
  await Promise.all([named('fields'), named('balers')]);
  // A legume overlapping both cuttings (a legume wins over grass), a crop without cuttings and
  // a cutting without a crop.
  const [clover] = await insertCrops(t.ctx.db, farm.orgId, [
    { name: 'Red clover' },
    { name: 'Oats' },
  ]);
  await insertCuttings(t.ctx.db, farm.orgId, [
    {
      name: '3rd',
      year: 2025,
      startDate: '2025-06-08',
      endDate: '2025-06-18',
      cropId: clover as string,
      fieldIds: [ids.A as string, ids.B as string],
    },
    {
      name: 'Unsown',
      year: 2025,
      startDate: '2025-06-26',
      endDate: '2025-06-30',
      cropId: null,
      fieldIds: [ids.B as string],
    },
  ]);
  await Promise.all([named('crops'), named('cuttings')]);
  const third = await newBaler(t.ctx, farm.orgId, { name: 'Third' });
  ids.Third = third.id;
  await ingest(t, third.apiKey, variedBales(400));
  return { farm, ids, thirdKey: third.apiKey };
}
