import {
  balesPageResponseSchema,
  balesResponseSchema,
} from '@baletrack/contracts/bales/bale-reads';
import { type FilterAttribute, filterSchema } from '@baletrack/contracts/filters/filter';
import type { IngestBale } from '@baletrack/contracts/ingest/ingest';
import { clustersResponseSchema } from '@baletrack/contracts/map/map';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCrops } from '../../src/features/crops/crops.repository.ts';
import { insertCuttings } from '../../src/features/cuttings/cuttings.repository.ts';
import {
  type Farm,
  ingest,
  newBale,
  newBaler,
  newFarm,
  newField,
  square,
} from '../helpers/farm.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

// Five "level" bales whose every attribute grows with the level, one bale that reported none of
// the optional values, and a few bales that differ by field, baler, size, date and cutting.
// Every expectation below is written out by hand from these tables.
const levels: Record<FilterAttribute, number[]> = {
  weightKg: [400, 450, 500, 550, 600],
  dryMassKg: [350, 390, 430, 470, 510],
  avgMoisture: [10, 12, 14, 16, 18],
  peakMoisture: [14, 16, 18, 20, 22],
  protein: [15, 16, 17, 18, 19],
  ash: [8, 8.5, 9, 9.5, 10],
  sugar: [20, 21, 22, 23, 24],
  rfv: [120, 130, 140, 150, 160],
  adf: [28, 29, 30, 31, 32],
  ndf: [36, 38, 40, 42, 44],
  temperature: [20, 23, 26, 29, 32],
  baleLengthMeters: [2.0, 2.1, 2.2, 2.3, 2.4],
  baleDiameterMeters: [1.2, 1.3, 1.4, 1.5, 1.6],
  cutLengthMM: [30, 35, 40, 45, 50],
  flakeCount: [30, 32, 34, 36, 38],
};
const required: FilterAttribute[] = ['weightKg', 'dryMassKg', 'avgMoisture', 'peakMoisture'];

const fieldA = { lon: -120.5, lat: 46.6 };
const fieldB = { lon: -120.4, lat: 46.6 };
const at = (p: { lon: number; lat: number }, i: number) => ({
  lat: p.lat + i * 0.0005,
  lon: p.lon,
});

function levelBale(uid: string, i: number, overrides: Partial<IngestBale> = {}): IngestBale {
  const value = (a: FilterAttribute) => levels[a][i] as number;
  return newBale({
    uid,
    creationLocation: at(fieldA, i),
    currentLocation: at(fieldA, i),
    weightKg: value('weightKg'),
    dryMassKg: value('dryMassKg'),
    avgMoisture: value('avgMoisture'),
    peakMoisture: value('peakMoisture'),
    protein: value('protein'),
    ash: value('ash'),
    sugar: value('sugar'),
    rfv: value('rfv'),
    adf: value('adf'),
    ndf: value('ndf'),
    temperature: value('temperature'),
    baleLengthMeters: value('baleLengthMeters'),
    baleDiameterMeters: value('baleDiameterMeters'),
    cutLengthMM: value('cutLengthMM'),
    flakeCount: value('flakeCount'),
    ...overrides,
  });
}

const L = ['L0', 'L1', 'L2', 'L3', 'L4'];
let t: TestApp;
let farm: Farm;
let ids: { fieldB: string; baler2: string; first: string; timothy: string };

beforeAll(async () => {
  t = await startTestApp();
  farm = await newFarm(t, 'Filter Farm');
  const { id: a } = await newField(t.ctx, farm.orgId, {
    name: 'A',
    boundary: square(fieldA.lon, fieldA.lat, 0.01),
  });
  const { id: b } = await newField(t.ctx, farm.orgId, {
    name: 'B',
    boundary: square(fieldB.lon, fieldB.lat, 0.01),
  });
  const [alfalfa, timothy] = await insertCrops(t.ctx.db, farm.orgId, [
    { name: 'Alfalfa' },
    { name: 'Timothy' },
  ]);
  const [first] = await insertCuttings(t.ctx.db, farm.orgId, [
    {
      name: '1st',
      startDate: '2025-06-01',
      endDate: '2025-06-10',
      cropId: alfalfa as string,
      year: 2025,
      fieldIds: [a],
    },
    {
      name: '2nd',
      startDate: '2025-06-15',
      endDate: '2025-06-25',
      cropId: timothy as string,
      year: 2025,
      fieldIds: [b],
    },
  ]);
  const baler1 = await newBaler(t.ctx, farm.orgId, { name: 'Square' });
  const baler2 = await newBaler(t.ctx, farm.orgId, { name: 'Round' });
  ids = { fieldB: b, baler2: baler2.id, first: first as string, timothy: timothy as string };
  await ingest(t, baler1.apiKey, [
    ...L.map((uid, i) => levelBale(uid, i)),
    // Made in field A on 2 June like the levels; reported no optional value at all.
    levelBale('BARE', 2, {
      protein: null,
      ash: null,
      sugar: null,
      rfv: null,
      adf: null,
      ndf: null,
      temperature: null,
      baleLengthMeters: null,
      baleDiameterMeters: null,
      cutLengthMM: null,
      flakeCount: null,
    }),
    // Outside every field, end of June: in no cutting.
    levelBale('OUTSIDE', 2, {
      creationLocation: { lat: 46.7, lon: -120.5 },
      currentLocation: { lat: 46.7, lon: -120.5 },
      creationTime: '2025-06-30T08:00:00Z',
    }),
    // Matches everything but was made in July, when no baler was subscribed: locked.
    levelBale('LOCKED', 2, { creationTime: '2025-07-02T08:00:00Z' }),
  ]);
  // Field B, baler 2, a 5 ft round on 20 June: in the 2nd (Timothy) cutting.
  await ingest(t, baler2.apiKey, [
    levelBale('ROUND', 2, {
      creationLocation: at(fieldB, 0),
      currentLocation: at(fieldB, 0),
      baleSize: 'FiveFeet',
      creationTime: '2025-06-20T12:00:00Z',
    }),
  ]);
});
afterAll(() => t.close());

const everything = {
  includeCuttingless: true,
  fieldIds: [],
  cuttingIds: [],
  cropIds: [],
  balerIds: [],
  baleSizes: [],
};
let counter = 0;

async function saveFilter(definition: Record<string, unknown>): Promise<string> {
  counter += 1;
  const response = await farm.post('/filters/create', {
    name: `F${counter}`,
    ranges: {},
    dateRange: null,
    ...everything,
    ...definition,
  });
  expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
  return filterSchema.parse(await response.json()).id;
}

/** Uids of every bale through /bales/all-paginated with the filter (small pages: paging works). */
async function uidsWith(filterId: string, query: Record<string, unknown> = {}): Promise<string[]> {
  const uids: string[] = [];
  let cursor: string | undefined;
  do {
    const response = await farm.get('/bales/all-paginated', {
      filterId,
      limit: 3,
      cursor,
      ...query,
    });
    expect(response.status).toBe(200);
    const page = balesPageResponseSchema.parse(await response.json());
    uids.push(...page.bales.map((b) => b.uid));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return uids.sort();
}

const sorted = (uids: string[]) => [...uids].sort();
const all = sorted([...L, 'BARE', 'OUTSIDE', 'ROUND']);

describe('applying a filter narrows every bale read', () => {
  it('without conditions keeps every visible bale and never a locked one', async () => {
    expect(await uidsWith(await saveFilter({}))).toEqual(all);
  });

  for (const attribute of Object.keys(levels) as FilterAttribute[]) {
    it(`bounds ${attribute} (min, max, both; unreported values never match a bound)`, async () => {
      const v = levels[attribute];
      // BARE, OUTSIDE and ROUND carry level 2's values, where reported.
      const level2 = required.includes(attribute)
        ? ['OUTSIDE', 'ROUND', 'BARE']
        : ['OUTSIDE', 'ROUND'];
      const between = await saveFilter({ ranges: { [attribute]: { min: v[1], max: v[3] } } });
      expect(await uidsWith(between)).toEqual(sorted(['L1', 'L2', 'L3', ...level2]));
      const atLeast = await saveFilter({ ranges: { [attribute]: { min: v[3], max: null } } });
      expect(await uidsWith(atLeast)).toEqual(['L3', 'L4']);
      const atMost = await saveFilter({ ranges: { [attribute]: { min: null, max: v[0] } } });
      expect(await uidsWith(atMost)).toEqual(['L0']);
    });
  }

  it('combines bounds on several attributes', async () => {
    const id = await saveFilter({
      ranges: {
        weightKg: { min: 450, max: null },
        protein: { min: null, max: 18 },
        flakeCount: { min: 34, max: 34 },
      },
    });
    expect(await uidsWith(id)).toEqual(sorted(['L2', 'OUTSIDE', 'ROUND']));
  });

  it('keeps only the chosen fields, balers and sizes', async () => {
    expect(await uidsWith(await saveFilter({ fieldIds: [ids.fieldB] }))).toEqual(['ROUND']);
    expect(await uidsWith(await saveFilter({ balerIds: [ids.baler2] }))).toEqual(['ROUND']);
    expect(await uidsWith(await saveFilter({ baleSizes: ['FiveFeet', 'ThreeXThree'] }))).toEqual([
      'ROUND',
    ]);
  });

  it('keeps fixed dates (inclusive days) within the top bar dates', async () => {
    const june15to20 = await saveFilter({
      dateRange: { kind: 'fixed', start: '2025-06-15', end: '2025-06-20' },
    });
    expect(await uidsWith(june15to20)).toEqual(['ROUND']);
    const june = await saveFilter({
      dateRange: { kind: 'fixed', start: '2025-06-01', end: '2025-06-30' },
    });
    expect(await uidsWith(june)).toEqual(all);
    expect(await uidsWith(june, { from: '2025-06-20' })).toEqual(['OUTSIDE', 'ROUND']);
    expect(await uidsWith(june, { year: 2024 })).toEqual([]);
  });

  it('keeps the last N days counted back from today', async () => {
    const days = Math.ceil((Date.now() - Date.parse('2025-06-20T00:00:00Z')) / 86_400_000);
    expect(
      await uidsWith(await saveFilter({ dateRange: { kind: 'lastDays', days: days - 1 } })),
    ).toEqual(['OUTSIDE']);
    expect(await uidsWith(await saveFilter({ dateRange: { kind: 'lastDays', days } }))).toEqual([
      'OUTSIDE',
      'ROUND',
    ]);
  });

  it('keeps bales by cutting and crop, with or without those in no cutting', async () => {
    const levelsAndBare = sorted([...L, 'BARE']);
    expect(await uidsWith(await saveFilter({ includeCuttingless: false }))).toEqual(
      sorted([...levelsAndBare, 'ROUND']),
    );
    expect(
      await uidsWith(await saveFilter({ cuttingIds: [ids.first], includeCuttingless: false })),
    ).toEqual(levelsAndBare);
    expect(
      await uidsWith(await saveFilter({ cropIds: [ids.timothy], includeCuttingless: true })),
    ).toEqual(['OUTSIDE', 'ROUND']);
    expect(
      await uidsWith(await saveFilter({ cropIds: [ids.timothy], includeCuttingless: false })),
    ).toEqual(['ROUND']);
  });

  it('narrows /bales/get and the map (clusters at every zoom, and their children) alike', async () => {
    const id = await saveFilter({ ranges: { weightKg: { min: 500, max: null } } });
    const expected = sorted(['L2', 'L3', 'L4', 'BARE', 'OUTSIDE', 'ROUND']);
    const view = { west: -121, south: 46, east: -120, north: 47 };
    const inView = balesResponseSchema.parse(
      await (await farm.get('/bales/get', { ...view, filterId: id })).json(),
    );
    expect(sorted(inView.bales.map((b) => b.uid))).toEqual(expected);
    for (const zoom of [3, 12, 22]) {
      const map = clustersResponseSchema.parse(
        await (await farm.get('/clusters/get', { ...view, zoom, filterId: id })).json(),
      );
      const total = map.bales.length + map.clusters.reduce((n, c) => n + c.count, 0);
      expect(total).toBe(expected.length);
      for (const cluster of map.clusters) {
        const tree = await farm.get('/cluster-tree/get', { clusterId: cluster.id, filterId: id });
        expect(tree.status).toBe(200);
      }
      if (zoom === 22) expect(sorted(map.bales.map((b) => b.uid))).toEqual(expected);
    }
    // The same map without the filter still shows everything (the index is cached per filter).
    const unfiltered = clustersResponseSchema.parse(
      await (await farm.get('/clusters/get', { ...view, zoom: 22 })).json(),
    );
    expect(sorted(unfiltered.bales.map((b) => b.uid))).toEqual(all);
  });

  it('follows a changed filter at once', async () => {
    const id = await saveFilter({ ranges: { weightKg: { min: 550, max: null } } });
    const view = { west: -121, south: 46, east: -120, north: 47, zoom: 22, filterId: id };
    const before = clustersResponseSchema.parse(
      await (await farm.get('/clusters/get', view)).json(),
    );
    expect(sorted(before.bales.map((b) => b.uid))).toEqual(['L3', 'L4']);
    const changed = await farm.put(`/filters/${id}`, {
      name: 'Changed',
      ranges: { weightKg: { min: 600, max: null } },
      dateRange: null,
      ...everything,
    });
    expect(changed.status).toBe(200);
    const after = clustersResponseSchema.parse(
      await (await farm.get('/clusters/get', view)).json(),
    );
    expect(after.bales.map((b) => b.uid)).toEqual(['L4']);
  });

  it('refuses an unknown or malformed filterId', async () => {
    const view = { west: -121, south: 46, east: -120, north: 47, zoom: 3 };
    expect(
      (
        await farm.get('/clusters/get', {
          ...view,
          filterId: '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
        })
      ).status,
    ).toBe(404);
    expect((await farm.get('/bales/get', { ...view, filterId: 'nope' })).status).toBe(400);
  });
});
