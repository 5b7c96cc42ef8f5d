import { apiErrorSchema } from '@baletrack/contracts/errors/api-error';
import { geofencesResponseSchema } from '@baletrack/contracts/geofences/geofence';
import type { IngestBale } from '@baletrack/contracts/ingest/ingest';
import {
  balesStacksResponseSchema,
  type ClustersResponse,
  clustersResponseSchema,
  clusterTreeResponseSchema,
  mapMessages,
  stackInfoResponseSchema,
  stacksResponseSchema,
} from '@baletrack/contracts/map/map';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CELLS_ID_OFFSET } from '../../src/features/map/clusters-from-cells.ts';
import { BLOCK_ID_OFFSET } from '../../src/features/map/clusters-in-blocks.ts';
import {
  type Farm,
  ingest,
  metres,
  newBale,
  newBaler,
  newFarm,
  newGeofence,
  square,
  stackedBales,
} from '../helpers/farm.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { balesInView } from './bales-in-view.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function ok(response: Response) {
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body;
}

const whole = { west: -121, south: 46, east: -120, north: 47 };
const yardA = { lat: 46.62, lon: -120.48 };
const yardB = { lat: 46.64, lon: -120.46 };

/** A farm with a windrow of 20 bales, two stacks (3 and 2 bales) and a geofence on yard A. */
async function farmWithStacks() {
  const farm = await newFarm(t);
  const baler = await newBaler(t.ctx, farm.orgId, { activeMonths: ['2024-06', '2025-06'] });
  const windrow = Array.from({ length: 20 }, (_, i) =>
    newBale({
      creationLocation: { lat: 46.6 + metres.lat(40 * i), lon: -120.5 },
      weightKg: 600 + i,
      avgMoisture: 12,
    }),
  );
  const stackA = stackedBales(3, yardA, { weightKg: 500, avgMoisture: 14, adf: 30, ndf: 40 });
  const stackB = [
    ...stackedBales(1, yardB, { creationTime: '2024-06-05T10:00:00Z' }),
    ...stackedBales(1, { lat: yardB.lat, lon: yardB.lon + metres.lon(2) }),
  ];
  await ingest(t, baler.apiKey, [...windrow, ...stackA, ...stackB]);
  await newGeofence(t.ctx, farm.orgId, {
    name: 'Yard A',
    boundary: square(yardA.lon, yardA.lat, 0.001),
  });
  return { farm, baler, windrow, stackA, stackB };
}

async function clusters(farm: Farm, query: Record<string, unknown>) {
  return clustersResponseSchema.parse(await ok(await farm.get('/clusters/get', query)));
}

/** The weight of every bale in a view, from its clusters' averages, bales and stacks. */
const weightOf = (view: ClustersResponse) =>
  view.clusters.reduce((kg, c) => kg + c.count * c.avgWeightKg, 0) +
  view.bales.reduce((kg, b) => kg + b.weightKg, 0) +
  view.stacks.reduce((kg, s) => kg + s.totalWeightKg, 0);

describe('GET /clusters/get and /cluster-tree/get', () => {
  it('clusters every bale when zoomed out, with per-bale averages', async () => {
    const { farm, windrow, stackA, stackB } = await farmWithStacks();
    const view = await clusters(farm, { ...whole, zoom: 5 });
    expect(view.clusters).toHaveLength(1);
    const [cluster] = view.clusters;
    const all = [...windrow, ...stackA, ...stackB];
    expect(cluster?.count).toBe(all.length);
    const avgWeight = all.reduce((n, b) => n + b.weightKg, 0) / all.length;
    expect(cluster?.avgWeightKg).toBeCloseTo(avgWeight, 0);
    expect(cluster?.expansionZoom).toBeGreaterThan(5);
    expect(view.lockedCount).toBe(0);
  });

  it('shows loose bales and stacks when zoomed in, never a stacked bale on its own', async () => {
    const { farm, windrow, stackA } = await farmWithStacks();
    const view = await clusters(farm, { ...whole, zoom: 20 });
    expect(view.clusters).toEqual([]);
    expect(view.bales.map((b) => b.uid).sort()).toEqual(windrow.map((b) => b.uid).sort());
    expect(view.stacks.map((s) => s.count).sort()).toEqual([2, 3]);
    const a = view.stacks.find((s) => s.count === 3);
    expect(a).toMatchObject({
      totalWeightKg: 1500,
      dryMassKg: 1290,
      avgMoisture: 14,
      avgRfv: 152.4,
    });
    expect(a?.lat).toBeCloseTo(yardA.lat, 4);
    const bale = view.bales.find((b) => b.uid === windrow[0]?.uid);
    expect(bale).toEqual({
      uid: windrow[0]?.uid,
      lat: 46.6,
      lon: -120.5,
      weightKg: 600,
      avgMoisture: 12,
      rfv: 152.4,
      protein: 19.5,
      baleSize: 'FourXFour',
      // In no cutting with a crop (map-grades.medium.test.ts grades bales).
      grade: null,
    });
    expect(stackA.every((s) => !view.bales.some((b) => b.uid === s.uid))).toBe(true);
  });

  it('averages crude protein per cluster and stack over the bales that reported it', async () => {
    const farm = await newFarm(t);
    const baler = await newBaler(t.ctx, farm.orgId, { activeMonths: ['2025-06'] });
    const row = (i: number, protein: number | null) =>
      newBale({ creationLocation: { lat: 46.6 + metres.lat(40 * i), lon: -120.5 }, protein });
    const loose = [row(0, 14), row(1, 18), row(2, 22), row(3, null)];
    const stacked = [
      ...stackedBales(2, yardA, { protein: 16 }),
      ...stackedBales(1, { lat: yardA.lat, lon: yardA.lon + metres.lon(3) }, { protein: null }),
    ];
    await ingest(t, baler.apiKey, [...loose, ...stacked]);

    // Zoomed out, one cluster: (14 + 18 + 22 + 16 + 16) / 5 reporting bales, not / 7.
    const far = await clusters(farm, { ...whole, zoom: 5 });
    expect(far.clusters).toHaveLength(1);
    expect(far.clusters[0]).toMatchObject({ count: 7, avgProtein: 17.2 });

    const near = await clusters(farm, { ...whole, zoom: 20 });
    expect(near.stacks).toHaveLength(1);
    expect(near.stacks[0]).toMatchObject({ count: 3, avgProtein: 16 });
    expect(near.bales.map((b) => b.protein).sort()).toEqual([14, 18, 22, null].sort());

    // A cluster where no bale reported protein has none, rather than 0.
    const none = await newFarm(t);
    const noneBaler = await newBaler(t.ctx, none.orgId, { activeMonths: ['2025-06'] });
    await ingest(t, noneBaler.apiKey, [row(0, null), row(1, null)]);
    const unreported = await clusters(none, { ...whole, zoom: 5 });
    expect(unreported.clusters[0]).toMatchObject({ count: 2, avgProtein: null });
  });

  it('keeps to the view, and narrows by year', async () => {
    const { farm } = await farmWithStacks();
    const yardOnly = {
      west: yardA.lon - 0.001,
      south: yardA.lat - 0.001,
      east: yardA.lon + 0.001,
      north: yardA.lat + 0.001,
    };
    const view = await clusters(farm, { ...yardOnly, zoom: 20 });
    expect(view.bales).toEqual([]);
    expect(view.stacks.map((s) => s.count)).toEqual([3]);
    const in2024 = await clusters(farm, { ...whole, zoom: 20, year: 2024 });
    expect(balesInView(in2024)).toBe(1);
    expect(in2024.stacks).toEqual([expect.objectContaining({ count: 1 })]);
  });

  it('expands a cluster into children that add up to it, and answers 404 for an unknown id', async () => {
    const { farm } = await farmWithStacks();
    const [cluster] = (await clusters(farm, { ...whole, zoom: 3 })).clusters;
    const tree = clusterTreeResponseSchema.parse(
      await ok(await farm.get('/cluster-tree/get', { clusterId: cluster?.id })),
    );
    expect(tree.clusterId).toBe(cluster?.id);
    expect(balesInView(tree)).toBe(cluster?.count);
    const unknown = await farm.get('/cluster-tree/get', { clusterId: 999_999_999 });
    expect(unknown.status).toBe(404);
    expect(apiErrorSchema.parse(await unknown.json()).message).toBe(mapMessages.clusterNotFound);
  });

  it('counts locked bales made within the dates', async () => {
    const { farm, baler } = await farmWithStacks();
    await ingest(t, baler.apiKey, [
      newBale({ creationTime: '2025-08-01T00:00:00Z' }),
      newBale({ creationTime: '2023-08-01T00:00:00Z' }),
    ]);
    expect((await clusters(farm, { ...whole, zoom: 10 })).lockedCount).toBe(2);
    expect((await clusters(farm, { ...whole, zoom: 10, year: 2025 })).lockedCount).toBe(1);
    expect((await clusters(farm, { ...whole, zoom: 10, to: '2024-01-01' })).lockedCount).toBe(1);
  });

  it('zoomed out, answers from the bale cells what the bales hold, building no bale index', async () => {
    const { farm } = await farmWithStacks();
    const fromCells = await clusters(farm, { ...whole, zoom: 12 });
    expect(fromCells.clusters.every((c) => c.id >= CELLS_ID_OFFSET)).toBe(true);
    // A bound inside a UTC day is not whole days of cells: the bales are summed alike on the
    // request.
    const fromBales = await clusters(farm, { ...whole, zoom: 12, to: '2099-01-01T12:00:00Z' });
    expect(fromBales.clusters.every((c) => c.id >= CELLS_ID_OFFSET)).toBe(true);
    expect(balesInView(fromCells)).toBe(balesInView(fromBales));
    expect(weightOf(fromCells)).toBeCloseTo(weightOf(fromBales), 6);
    // Both hold what the bales hold, as the blocks count them one zoom in.
    const fromIndex = await clusters(farm, { ...whole, zoom: 14 });
    expect(balesInView(fromCells)).toBe(balesInView(fromIndex));
    expect(weightOf(fromCells)).toBeCloseTo(weightOf(fromIndex), -1);
    const cluster = fromCells.clusters.find((c) => c.expansionZoom <= 13);
    const tree = clusterTreeResponseSchema.parse(
      await ok(await farm.get('/cluster-tree/get', { ...whole, zoom: 12, clusterId: cluster?.id })),
    );
    expect(tree.clusters.reduce((n, c) => n + c.count, 0)).toBe(cluster?.count);
    const lone = fromCells.clusters.find((c) => c.expansionZoom === 14);
    const leaf = await farm.get('/cluster-tree/get', { ...whole, clusterId: lone?.id });
    // A cell alone has nothing below it at its zoom: the map zooms onto its point.
    expect(clusterTreeResponseSchema.parse(await ok(leaf))).toMatchObject({
      clusters: [],
      bales: [],
      expansionZoom: 14,
    });
    // A cell or cluster of cells the farm does not hold is not found, like any unknown id.
    for (const clusterId of [(lone?.id ?? 0) + 1, CELLS_ID_OFFSET + 999_999]) {
      const unknown = await farm.get('/cluster-tree/get', { ...whole, clusterId });
      expect(unknown.status).toBe(404);
    }
  });

  it('zoomed in, clusters by blocks whose every cluster opens into what it counts', async () => {
    const { farm, windrow, stackA, stackB } = await farmWithStacks();
    const all = windrow.length + stackA.length + stackB.length;
    for (const zoom of [14, 15, 16]) {
      const view = await clusters(farm, { ...whole, zoom });
      expect(balesInView(view), `zoom ${zoom}`).toBe(all);
      expect(view.clusters.every((c) => c.id >= BLOCK_ID_OFFSET)).toBe(true);
      // The same ids on every call, whichever process answers.
      expect((await clusters(farm, { ...whole, zoom })).clusters.map((c) => c.id)).toEqual(
        view.clusters.map((c) => c.id),
      );
      for (const cluster of view.clusters) {
        const tree = clusterTreeResponseSchema.parse(
          await ok(await farm.get('/cluster-tree/get', { clusterId: cluster.id })),
        );
        expect(balesInView(tree)).toBe(cluster.count);
        expect(tree.expansionZoom).toBeGreaterThan(zoom);
      }
    }
    // Another block's id, or one past the ids a block gives, is not found.
    const [some] = (await clusters(farm, { ...whole, zoom: 15 })).clusters;
    for (const clusterId of [(some?.id ?? 0) + 2 ** 19 - 1, BLOCK_ID_OFFSET + 2 ** 20 * 7]) {
      expect((await farm.get('/cluster-tree/get', { clusterId })).status).toBe(404);
    }
  });

  it('refuses a zoom outside 0–24', async () => {
    const { farm } = await farmWithStacks();
    expect((await farm.get('/clusters/get', { ...whole, zoom: 25 })).status).toBe(400);
    expect((await farm.get('/clusters/get', { ...whole, zoom: 'far' })).status).toBe(400);
  });
});

describe('stacks: /stacks/get, /stack-info/get, /bales-stacks', () => {
  it('forms stacks of moved bales lying together, with stable ids', async () => {
    const { farm, stackA, stackB } = await farmWithStacks();
    const stacks = stacksResponseSchema.parse(await ok(await farm.get('/stacks/get'))).stacks;
    expect(stacks.map((s) => s.count).sort()).toEqual([2, 3]);
    // The same ids on every call, and after an unrelated bale arrives.
    const again = stacksResponseSchema.parse(await ok(await farm.get('/stacks/get', whole))).stacks;
    expect(again.map((s) => s.id).sort()).toEqual(stacks.map((s) => s.id).sort());

    const membership = balesStacksResponseSchema.parse(await ok(await farm.get('/bales-stacks')));
    const groups = membership.stacks.map((s) => s.uids.sort()).sort((a, b) => a.length - b.length);
    expect(groups).toEqual([stackB.map((b) => b.uid).sort(), stackA.map((b) => b.uid).sort()]);
  });

  it('does not stack bales that were not moved, or moved less than 10 m', async () => {
    const farm = await newFarm(t);
    const baler = await newBaler(t.ctx, farm.orgId);
    const sideBySide: IngestBale[] = Array.from({ length: 3 }, (_, i) =>
      newBale({ creationLocation: { lat: 46.6, lon: -120.5 + metres.lon(i) } }),
    );
    const nudged = Array.from({ length: 2 }, (_, i) =>
      newBale({
        creationLocation: { lat: 46.61, lon: -120.5 + metres.lon(i) },
        currentLocation: { lat: 46.61 + metres.lat(5), lon: -120.5 + metres.lon(i) },
      }),
    );
    await ingest(t, baler.apiKey, [...sideBySide, ...nudged]);
    const stacks = stacksResponseSchema.parse(await ok(await farm.get('/stacks/get'))).stacks;
    expect(stacks).toEqual([]);
  });

  it('opens a stack with its bales and storage area, narrowed by the dates', async () => {
    const { farm, stackA, stackB } = await farmWithStacks();
    const stacks = stacksResponseSchema.parse(await ok(await farm.get('/stacks/get'))).stacks;
    const a = stacks.find((s) => s.count === 3);
    const b = stacks.find((s) => s.count === 2);
    const infoA = stackInfoResponseSchema.parse(
      await ok(await farm.get('/stack-info/get', { stackId: a?.id })),
    );
    expect(infoA.stack).toEqual(a);
    expect(infoA.bales.map((x) => x.uid).sort()).toEqual(stackA.map((x) => x.uid).sort());
    expect(infoA.geofence).toMatchObject({ name: 'Yard A' });

    const b2024 = stackInfoResponseSchema.parse(
      await ok(await farm.get('/stack-info/get', { stackId: b?.id, year: 2024 })),
    );
    expect(b2024.stack).toMatchObject({ id: b?.id, count: 1 });
    expect(b2024.bales.map((x) => x.uid)).toEqual([stackB[0]?.uid]);
    expect(b2024.geofence).toBeNull();
    const none = await farm.get('/stack-info/get', { stackId: a?.id, year: 2024 });
    expect(none.status).toBe(404);
    expect(apiErrorSchema.parse(await none.json()).message).toBe(mapMessages.stackNotFound);
    expect((await farm.get('/stack-info/get', { stackId: 'not-a-uuid' })).status).toBe(400);
  });

  it('lists stacks in a view only', async () => {
    const { farm } = await farmWithStacks();
    const around = {
      west: yardB.lon - 0.001,
      south: yardB.lat - 0.001,
      east: yardB.lon + 0.001,
      north: yardB.lat + 0.001,
    };
    const stacks = stacksResponseSchema.parse(
      await ok(await farm.get('/stacks/get', around)),
    ).stacks;
    expect(stacks.map((s) => s.count)).toEqual([2]);
    expect((await farm.get('/stacks/get', { west: 1 })).status).toBe(400);
  });
});

describe('GET /geofences/get', () => {
  it('counts the bales stored in each storage area, from the bales in it', async () => {
    const { farm, stackA } = await farmWithStacks();
    await newGeofence(t.ctx, farm.orgId, {
      name: 'Empty barn',
      boundary: square(-120.3, 46.5, 0.001),
    });
    const geofences = geofencesResponseSchema.parse(await ok(await farm.get('/geofences/get')));
    expect(geofences.geofences.map((g) => [g.name, g.storedBaleCount, g.storedWeightKg])).toEqual([
      ['Empty barn', 0, 0],
      ['Yard A', stackA.length, 1500],
    ]);
    expect(geofences.geofences[1]?.areaHectares).toBeGreaterThan(0);
    const in2024 = geofencesResponseSchema.parse(
      await ok(await farm.get('/geofences/get', { year: 2024 })),
    );
    expect(in2024.geofences.map((g) => g.storedBaleCount)).toEqual([0, 0]);
  });
});

describe('OpenAPI page', () => {
  it('documents every data API call and the ingest API', async () => {
    const response = await fetch(`${t.url}/docs/json`);
    expect(response.status).toBe(200);
    const doc = (await response.json()) as { paths: Record<string, unknown> };
    for (const path of [
      '/data-api/bales/get',
      '/data-api/bales/all',
      '/data-api/bales/all-paginated',
      '/data-api/bale-info/get',
      '/data-api/bales-stacks',
      '/data-api/stacks/get',
      '/data-api/stack-info/get',
      '/data-api/clusters/get',
      '/data-api/cluster-tree/get',
      '/data-api/geofences/get',
      '/data-api/available-years',
      '/data-api/balers/active-bales',
      '/data-api/bales/manual-scan',
      '/data-api/fields',
      '/ingest/v1/bales',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
  });
});
