import {
  availableYearsResponseSchema,
  baleInfoResponseSchema,
  balerActiveBalesResponseSchema,
  balesPageResponseSchema,
  balesResponseSchema,
} from '@baletrack/contracts/bales/bale-reads';
import { manualScanResponseSchema } from '@baletrack/contracts/bales/manual-scan';
import { fieldsResponseSchema } from '@baletrack/contracts/fields/field';
import { geofencesResponseSchema } from '@baletrack/contracts/geofences/geofence';
import type { IngestBale } from '@baletrack/contracts/ingest/ingest';
import {
  balesStacksResponseSchema,
  clustersResponseSchema,
  clusterTreeResponseSchema,
  stackInfoResponseSchema,
  stacksResponseSchema,
} from '@baletrack/contracts/map/map';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Farm,
  ingest,
  newBale,
  newBaler,
  newFarm,
  newField,
  newGeofence,
  square,
  stackedBales,
  subscribe,
} from '../helpers/farm.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

// Two farms at the same place. Farm A's baler is subscribed for June 2025 only, so its July
// bales are locked; farm B's bales must never reach farm A through any call.
let t: TestApp;
let a: Farm;
let b: Farm;
let balerA: Awaited<ReturnType<typeof newBaler>>;
const yard = { lat: 46.62, lon: -120.48 };
const july = { creationTime: '2025-07-03T09:00:00Z', updateTime: '2025-07-20T10:00:00Z' };
let visibleA: IngestBale[];
let lockedA: IngestBale[];
let balesB: IngestBale[];
let stackB: string;

beforeAll(async () => {
  t = await startTestApp();
  a = await newFarm(t, 'Farm A');
  b = await newFarm(t, 'Farm B');
  balerA = await newBaler(t.ctx, a.orgId);
  const balerB = await newBaler(t.ctx, b.orgId, {
    activeMonths: ['2024-06', '2025-06', '2025-07'],
  });
  await newField(t.ctx, a.orgId, { name: 'A field', boundary: square(-120.5, 46.6, 0.05) });
  await newField(t.ctx, b.orgId, { name: 'B field', boundary: square(-120.5, 46.6, 0.05) });
  await newGeofence(t.ctx, a.orgId, {
    name: 'A yard',
    boundary: square(yard.lon, yard.lat, 0.002),
  });
  await newGeofence(t.ctx, b.orgId, {
    name: 'B yard',
    boundary: square(yard.lon, yard.lat, 0.002),
  });

  visibleA = [
    ...Array.from({ length: 6 }, (_, i) =>
      newBale({ creationLocation: { lat: 46.6 + i * 0.001, lon: -120.5 } }),
    ),
    ...stackedBales(3, yard),
  ];
  // Locked: made in July, also some stacked on the same yard.
  lockedA = [
    ...Array.from({ length: 4 }, () => newBale(july)),
    ...stackedBales(3, { lat: yard.lat + 0.0002, lon: yard.lon }, july),
  ];
  balesB = [
    ...Array.from({ length: 5 }, () => newBale()),
    newBale({ creationTime: '2024-06-10T12:00:00Z' }),
    ...stackedBales(4, { lat: yard.lat - 0.0002, lon: yard.lon }),
  ];
  await ingest(t, balerA.apiKey, [...visibleA, ...lockedA]);
  await ingest(t, balerB.apiKey, balesB);
  const stacks = stacksResponseSchema.parse(await (await b.get('/stacks/get')).json()).stacks;
  expect(stacks).toHaveLength(1);
  stackB = stacks[0]?.id as string;
});
afterAll(() => t.close());

const whole = { west: -180, south: -85, east: 180, north: 85 };
const uidsOf = (bales: { uid: string }[]) => bales.map((bale) => bale.uid).sort();

async function json(response: Response) {
  expect(response.status).toBe(200);
  return response.json();
}

/** Every bale uid reachable from the map: clusters at every zoom, expanded, and stacks opened. */
async function uidsOnTheMap(farm: Farm): Promise<string[]> {
  const seen = new Set<string>();
  const stackIds = new Set<string>();
  const collect = (items: { bales: { uid: string }[]; stacks: { id: string }[] }) => {
    for (const bale of items.bales) seen.add(bale.uid);
    for (const stack of items.stacks) stackIds.add(stack.id);
  };
  const expand = async (clusterId: number): Promise<void> => {
    const tree = clusterTreeResponseSchema.parse(
      await json(await farm.get('/cluster-tree/get', { clusterId })),
    );
    collect(tree);
    for (const child of tree.clusters) await expand(child.id);
  };
  for (const zoom of [0, 8, 14, 17, 22]) {
    const view = clustersResponseSchema.parse(
      await json(await farm.get('/clusters/get', { ...whole, zoom })),
    );
    collect(view);
    for (const cluster of view.clusters) await expand(cluster.id);
  }
  for (const stackId of stackIds) {
    const info = stackInfoResponseSchema.parse(
      await json(await farm.get('/stack-info/get', { stackId })),
    );
    for (const bale of info.bales) seen.add(bale.uid);
  }
  return [...seen].sort();
}

describe("another organization's bales and locked bales never appear", () => {
  it('through the map: clusters, cluster trees, stacks and stack info', async () => {
    expect(await uidsOnTheMap(a)).toEqual(uidsOf(visibleA));
    const clusters = clustersResponseSchema.parse(
      await json(await a.get('/clusters/get', { ...whole, zoom: 0 })),
    );
    expect(clusters.lockedCount).toBe(lockedA.length);
    expect(clusters.clusters.reduce((n, c) => n + c.count, 0) + clusters.bales.length).toBe(
      visibleA.length,
    );
  });

  it('through the bale lists: /bales/get, /bales/all, /bales/all-paginated', async () => {
    const inView = balesResponseSchema.parse(await json(await a.get('/bales/get', whole)));
    expect(uidsOf(inView.bales)).toEqual(uidsOf(visibleA));
    const all = balesResponseSchema.parse(await json(await a.get('/bales/all')));
    expect(uidsOf(all.bales)).toEqual(uidsOf(visibleA));
    const page = balesPageResponseSchema.parse(
      await json(await a.get('/bales/all-paginated', { limit: 1000 })),
    );
    expect(uidsOf(page.bales)).toEqual(uidsOf(visibleA));
  });

  it('through /bale-info/get, even when the uid is guessed', async () => {
    for (const bale of [...lockedA, ...balesB]) {
      const response = await a.get('/bale-info/get', { uid: bale.uid });
      expect(response.status).toBe(404);
    }
    expect((await a.get('/bale-info/get', { uid: visibleA[0]?.uid })).status).toBe(200);
  });

  it('through stacks: /stacks/get, /bales-stacks, /stack-info/get with a guessed id', async () => {
    const stacks = stacksResponseSchema.parse(await json(await a.get('/stacks/get'))).stacks;
    expect(stacks).toHaveLength(1);
    expect(stacks[0]).toMatchObject({ count: 3 });
    const members = balesStacksResponseSchema.parse(await json(await a.get('/bales-stacks')));
    expect(members.stacks.map((s) => s.uids.sort())).toEqual([uidsOf(visibleA.slice(6))]);
    expect((await a.get('/stack-info/get', { stackId: stackB })).status).toBe(404);
  });

  it('through /geofences/get, /available-years, /balers/active-bales and /fields', async () => {
    const geofences = geofencesResponseSchema.parse(await json(await a.get('/geofences/get')));
    expect(geofences.geofences.map((g) => [g.name, g.storedBaleCount])).toEqual([['A yard', 3]]);
    const years = availableYearsResponseSchema.parse(await json(await a.get('/available-years')));
    expect(years).toEqual({ years: [2025] });
    const balers = balerActiveBalesResponseSchema.parse(
      await json(await a.get('/balers/active-bales')),
    );
    expect(balers.balers).toEqual([
      expect.objectContaining({ id: balerA.id, baleCount: visibleA.length, lockedCount: 7 }),
    ]);
    const fields = fieldsResponseSchema.parse(await json(await a.get('/fields')));
    expect(fields.fields.map((f) => f.name)).toEqual(['A field']);
  });

  it("through /bales/manual-scan: another farm's tag is unknown and its bale stays put", async () => {
    const theirs = balesB[0] as IngestBale;
    const scan = manualScanResponseSchema.parse(
      await json(
        await a.post('/bales/manual-scan', {
          scans: [
            {
              tagSerialNumber: theirs.tagSerialNumber,
              location: { lat: 1, lon: 1 },
              scannedAt: '2025-08-01T00:00:00Z',
            },
          ],
        }),
      ),
    );
    expect(scan).toEqual({ moved: 0, unknownTags: [theirs.tagSerialNumber] });
    const info = baleInfoResponseSchema.parse(
      await json(await b.get('/bale-info/get', { uid: theirs.uid })),
    );
    expect(info.bale.currentLocation).toEqual(theirs.currentLocation);
  });

  it('shows locked bales, never lost, once their month is subscribed', async () => {
    await subscribe(t.ctx, a.orgId, balerA.id, ['2025-07']);
    expect(await uidsOnTheMap(a)).toEqual(uidsOf([...visibleA, ...lockedA]));
    const clusters = clustersResponseSchema.parse(
      await json(await a.get('/clusters/get', { ...whole, zoom: 3 })),
    );
    expect(clusters.lockedCount).toBe(0);
    // Farm B sees its own bales only, with its 2024 bale.
    expect(await uidsOnTheMap(b)).toEqual(uidsOf(balesB));
    const years = availableYearsResponseSchema.parse(await json(await b.get('/available-years')));
    expect(years).toEqual({ years: [2024, 2025] });
  });
});
