import {
  balesPageResponseSchema,
  balesResponseSchema,
} from '@baletrack/contracts/bales/bale-reads';
import { filterSchema } from '@baletrack/contracts/filters/filter';
import type { IngestBale } from '@baletrack/contracts/ingest/ingest';
import {
  balesStacksResponseSchema,
  clustersResponseSchema,
  clusterTreeResponseSchema,
  stackInfoResponseSchema,
  stacksResponseSchema,
} from '@baletrack/contracts/map/map';
import {
  baleSummaryGroupByResponseSchema,
  baleSummaryResponseSchema,
} from '@baletrack/contracts/summaries/summary';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Farm, ingest, newBale, newBaler, newFarm, stackedBales } from '../helpers/farm.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

// One filter (weight ≥ 450 kg) asked of every bale read. The farm, by weight:
//   loose  L1 400, L2 700 (5 ft round), L3 900 (loaded out for retail)
//   stack  S  300, 500, 800 (yard S)      stack T 350, 380 (yard T)
// The filter keeps L2, L3, S2 and S3: four bales, 2,900 kg; stack S keeps 2 bales (1,300 kg),
// stack T none. Unfiltered: eight bales, 4,330 kg.
const yardS = { lat: 46.65, lon: -120.45 };
const yardT = { lat: 46.55, lon: -120.55 };
const view = { west: -121, south: 46, east: -120, north: 47 };
const kept = ['L2', 'L3', 'S2', 'S3'];
const everyBale = ['L1', 'L2', 'L3', 'S1', 'S2', 'S3', 'T1', 'T2'];

let t: TestApp;
let farm: Farm;
let filterId: string;
let stackS: string;
let stackT: string;

const loose = (uid: string, weightKg: number, i: number, extra: Partial<IngestBale> = {}) =>
  newBale({
    uid,
    weightKg,
    creationLocation: { lat: 46.6 + i * 0.001, lon: -120.5 },
    currentLocation: { lat: 46.6 + i * 0.001, lon: -120.5 },
    ...extra,
  });
const stacked = (prefix: string, yard: typeof yardS, weights: number[]) =>
  stackedBales(weights.length, yard).map((bale, i) => ({
    ...bale,
    uid: `${prefix}${i + 1}`,
    weightKg: weights[i] as number,
  }));

beforeAll(async () => {
  t = await startTestApp();
  farm = await newFarm(t, 'Everywhere Farm');
  const baler = await newBaler(t.ctx, farm.orgId);
  await ingest(t, baler.apiKey, [
    loose('L1', 400, 0),
    loose('L2', 700, 1, { baleSize: 'FiveFeet', baleDiameterMeters: 1.5 }),
    loose('L3', 900, 2, { loadType: 'retail' }),
    ...stacked('S', yardS, [300, 500, 800]),
    ...stacked('T', yardT, [350, 380]),
  ]);
  const created = await farm.post('/filters/create', {
    name: 'Heavy',
    ranges: { weightKg: { min: 450, max: null } },
    dateRange: null,
    includeCuttingless: true,
    fieldIds: [],
    cuttingIds: [],
    cropIds: [],
    balerIds: [],
    baleSizes: [],
  });
  expect(created.status).toBe(201);
  filterId = filterSchema.parse(await created.json()).id;
  const stacks = stacksResponseSchema.parse(await (await farm.get('/stacks/get')).json()).stacks;
  stackS = stacks.find((s) => s.count === 3)?.id as string;
  stackT = stacks.find((s) => s.count === 2)?.id as string;
  expect(stackS && stackT).toBeTruthy();
});
afterAll(() => t.close());

const sorted = (uids: string[]) => [...uids].sort();
const json = async (path: string, query: Record<string, unknown>) => {
  const response = await farm.get(path, query);
  expect(response.status, `${path} ${JSON.stringify(query)}`).toBe(200);
  return response.json();
};

describe('one filter narrows every bale read alike', () => {
  it('/bales/all, /bales/all-paginated and /bales/get', async () => {
    const all = balesResponseSchema.parse(await json('/bales/all', {}));
    expect(sorted(all.bales.map((b) => b.uid))).toEqual(everyBale);
    const filtered = balesResponseSchema.parse(await json('/bales/all', { filterId }));
    expect(sorted(filtered.bales.map((b) => b.uid))).toEqual(kept);
    const page = balesPageResponseSchema.parse(await json('/bales/all-paginated', { filterId }));
    expect(sorted(page.bales.map((b) => b.uid))).toEqual(kept);
    const inView = balesResponseSchema.parse(await json('/bales/get', { ...view, filterId }));
    expect(sorted(inView.bales.map((b) => b.uid))).toEqual(kept);
  });

  it('/clusters/get draws the kept loose bales and each stack with only its kept bales', async () => {
    const map = clustersResponseSchema.parse(
      await json('/clusters/get', { ...view, zoom: 22, filterId }),
    );
    expect(sorted(map.bales.map((b) => b.uid))).toEqual(['L2', 'L3']);
    expect(map.stacks.map((s) => [s.id, s.count, s.totalWeightKg])).toEqual([[stackS, 2, 1300]]);
    const unfiltered = clustersResponseSchema.parse(
      await json('/clusters/get', { ...view, zoom: 22 }),
    );
    expect(unfiltered.bales).toHaveLength(3);
    expect(sorted(unfiltered.stacks.map((s) => `${s.count}:${s.totalWeightKg}`))).toEqual([
      '2:730',
      '3:1600',
    ]);
  });

  it('/cluster-tree/get opens a filtered cluster into the kept bales only', async () => {
    const map = clustersResponseSchema.parse(
      await json('/clusters/get', { ...view, zoom: 3, filterId }),
    );
    expect(map.clusters.map((c) => c.count)).toEqual([4]);
    const clusterId = map.clusters[0]?.id;
    const tree = clusterTreeResponseSchema.parse(
      await json('/cluster-tree/get', { clusterId, filterId }),
    );
    const count =
      tree.bales.length +
      tree.stacks.reduce((n, s) => n + s.count, 0) +
      tree.clusters.reduce((n, c) => n + c.count, 0);
    expect(count).toBe(4);
  });

  it('/stacks/get, /bales-stacks and /stack-info/get', async () => {
    const stacks = stacksResponseSchema.parse(await json('/stacks/get', { filterId })).stacks;
    expect(stacks.map((s) => [s.id, s.count, s.totalWeightKg])).toEqual([[stackS, 2, 1300]]);
    const inBox = stacksResponseSchema.parse(await json('/stacks/get', { ...view, filterId }));
    expect(inBox.stacks.map((s) => s.id)).toEqual([stackS]);
    const members = balesStacksResponseSchema.parse(await json('/bales-stacks', { filterId }));
    expect(members.stacks.map((s) => [s.stackId, sorted(s.uids)])).toEqual([
      [stackS, ['S2', 'S3']],
    ]);
    const info = stackInfoResponseSchema.parse(
      await json('/stack-info/get', { stackId: stackS, filterId }),
    );
    expect(info.stack.count).toBe(2);
    expect(sorted(info.bales.map((b) => b.uid))).toEqual(['S2', 'S3']);
    // Every bale of stack T is filtered out: for this read the stack is not there.
    const gone = await farm.get('/stack-info/get', { stackId: stackT, filterId });
    expect(gone.status).toBe(404);
    const unfiltered = stackInfoResponseSchema.parse(
      await json('/stack-info/get', { stackId: stackT }),
    );
    expect(sorted(unfiltered.bales.map((b) => b.uid))).toEqual(['T1', 'T2']);
  });

  it('/bales/summary, /bales/summary/active and /bales/summarygroupby', async () => {
    const all = baleSummaryResponseSchema.parse(await json('/bales/summary', {})).summary;
    expect([all.count, all.totalWeightKg]).toEqual([8, 4330]);
    const summary = baleSummaryResponseSchema.parse(await json('/bales/summary', { filterId }));
    expect([summary.summary.count, summary.summary.totalWeightKg]).toEqual([4, 2900]);
    // On hand: L3 was loaded out for retail.
    const active = baleSummaryResponseSchema.parse(
      await json('/bales/summary/active', { filterId }),
    );
    expect([active.summary.count, active.summary.totalWeightKg]).toEqual([3, 2000]);
    const bySize = baleSummaryGroupByResponseSchema.parse(
      await json('/bales/summarygroupby', { by: 'size', filterId }),
    );
    expect(bySize.groups.map((g) => [g.name, g.count, g.totalWeightKg])).toEqual([
      ['4x4', 3, 2200],
      ['5ft', 1, 700],
    ]);
  });

  it("refuses another organization's filter on every read that takes one (404)", async () => {
    const other = await newFarm(t, 'Nosy Farm');
    const reads: [string, Record<string, unknown>][] = [
      ['/bales/all', {}],
      ['/bales/all-paginated', {}],
      ['/bales/get', view],
      ['/clusters/get', { ...view, zoom: 3 }],
      ['/stacks/get', {}],
      ['/bales-stacks', {}],
      ['/stack-info/get', { stackId: stackS }],
      ['/bales/summary', {}],
    ];
    for (const [path, query] of reads) {
      expect((await other.get(path, { ...query, filterId })).status, path).toBe(404);
      expect((await farm.get(path, { ...query, filterId: 'nope' })).status, path).toBe(400);
    }
  });
});
