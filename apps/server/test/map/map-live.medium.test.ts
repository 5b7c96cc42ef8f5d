import {
  clustersResponseSchema,
  clusterTreeResponseSchema,
  type MapViewQuery,
} from '@baletrack/contracts/map/map';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { baleSelection } from '../../src/features/bales/bale-selection.ts';
import { RECENT_ID_OFFSET } from '../../src/features/map/cluster-index.ts';
import { noGrades } from '../../src/features/map/map-grades.ts';
import { MapIndex } from '../../src/features/map/map-index.ts';
import {
  type Farm,
  ingest,
  metres,
  newBale,
  newBaler,
  newFarm,
  stackedBales,
} from '../helpers/farm.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { balesInView } from './bales-in-view.ts';

// A baler reporting live: new bales reach the next map answer through the small index of recent
// bales, without a full index build (counted, never timed), and are folded in later.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const whole = { west: -121, south: 46, east: -120, north: 47 };
async function clusters(farm: Farm, query: Record<string, unknown>) {
  const response = await farm.get('/clusters/get', query);
  expect(response.status).toBe(200);
  return clustersResponseSchema.parse(await response.json());
}

async function windrowFarm(length = 20) {
  const farm = await newFarm(t);
  const baler = await newBaler(t.ctx, farm.orgId, { activeMonths: ['2025-06'] });
  const windrow = Array.from({ length }, (_, i) =>
    newBale({ creationLocation: { lat: 46.6 + metres.lat(40 * i), lon: -120.5 } }),
  );
  await ingest(t, baler.apiKey, windrow);
  return { farm, baler, windrow };
}

/** What the map service answers for a view, read through another process's index. */
async function answerOf(index: MapIndex, farm: Farm, view: MapViewQuery) {
  const snapshot = await index.snapshot(farm.orgId);
  const selection = await baleSelection(t.ctx, farm.orgId, view);
  const { parts } = await index.clusters(snapshot, selection.range, undefined, noGrades);
  return parts.flatMap(({ index: part }) =>
    part.getClusters([view.west, view.south, view.east, view.north], view.zoom),
  );
}
const propsCount = (features: Awaited<ReturnType<typeof answerOf>>) =>
  features.reduce((n, f) => n + ('cluster' in f.properties ? f.properties.bales : 1), 0);

describe('a new bale on a live map', () => {
  it('is in the next /clusters/get answer without a full index build', async () => {
    const { farm, baler, windrow } = await windrowFarm();
    const before = await clusters(farm, { ...whole, zoom: 14 });
    expect(balesInView(before)).toBe(windrow.length);
    const builds = t.ctx.mapIndex.fullBuilds;

    const late = newBale({ creationLocation: { lat: 46.7, lon: -120.7 } });
    await ingest(t, baler.apiKey, [late]);
    const after = await clusters(farm, { ...whole, zoom: 14 });
    expect(balesInView(after)).toBe(windrow.length + 1);
    const zoomedIn = await clusters(farm, { ...whole, zoom: 18 });
    expect(zoomedIn.bales.map((b) => b.uid)).toContain(late.uid);
    expect(t.ctx.mapIndex.fullBuilds).toBe(builds);
  });

  it('clusters recent bales among themselves, and their clusters open', async () => {
    const { farm, baler, windrow } = await windrowFarm(5);
    await clusters(farm, { ...whole, zoom: 14 });
    const near = Array.from({ length: 3 }, (_, i) =>
      newBale({ creationLocation: { lat: 46.8 + metres.lat(5 * i), lon: -120.2 } }),
    );
    await ingest(t, baler.apiKey, near);
    const view = await clusters(farm, { ...whole, zoom: 14 });
    expect(balesInView(view)).toBe(windrow.length + near.length);
    // The recent bales' cluster carries an id of their own index.
    expect(view.clusters.some((c) => c.id >= RECENT_ID_OFFSET && c.count === near.length)).toBe(
      true,
    );
    for (const cluster of view.clusters) {
      const response = await farm.get('/cluster-tree/get', { clusterId: cluster.id });
      expect(response.status).toBe(200);
      expect(balesInView(clusterTreeResponseSchema.parse(await response.json()))).toBe(
        cluster.count,
      );
    }
  });

  it('folds recent bales into one full index, answering the same', async () => {
    const { farm, baler, windrow } = await windrowFarm();
    await clusters(farm, { ...whole, zoom: 14 });
    await ingest(t, baler.apiKey, [newBale({ creationLocation: { lat: 46.7, lon: -120.7 } })]);
    const live = await clusters(farm, { ...whole, zoom: 14 });
    const builds = t.ctx.mapIndex.fullBuilds;

    expect(await t.ctx.mapIndex.foldRecent(farm.orgId)).toBe(true);
    expect(t.ctx.mapIndex.fullBuilds).toBe(builds + 1);
    expect((await t.ctx.mapIndex.snapshot(farm.orgId)).recent).toHaveLength(0);
    const folded = await clusters(farm, { ...whole, zoom: 14 });
    expect(balesInView(folded)).toBe(balesInView(live));
    expect(balesInView(folded)).toBe(windrow.length + 1);
    expect(t.ctx.mapIndex.fullBuilds).toBe(builds + 1);
    expect(await t.ctx.mapIndex.foldRecent(farm.orgId)).toBe(false);
  });

  it('folds on its own once enough recent bales gathered', async () => {
    const { farm, baler, windrow } = await windrowFarm();
    const index = new MapIndex(t.ctx.db, { foldAtRecent: 2 });
    const view = { ...whole, zoom: 14 };
    await answerOf(index, farm, view);
    await ingest(t, baler.apiKey, [newBale(), newBale()]);
    expect(propsCount(await answerOf(index, farm, view))).toBe(windrow.length + 2);
    await vi.waitFor(async () => expect((await index.snapshot(farm.orgId)).recent).toHaveLength(0));
    expect(propsCount(await answerOf(index, farm, view))).toBe(windrow.length + 2);
  });

  it('rebuilds in full when a bale was moved or changed (stacks and positions stay right)', async () => {
    const { farm, baler, windrow } = await windrowFarm();
    await clusters(farm, { ...whole, zoom: 14 });
    const builds = t.ctx.mapIndex.fullBuilds;
    const yard = { lat: 46.62, lon: -120.48 };
    await ingest(t, baler.apiKey, stackedBales(2, yard));
    const stacked = await clusters(farm, { ...whole, zoom: 18 });
    expect(stacked.stacks.map((s) => s.count)).toEqual([2]);
    expect(t.ctx.mapIndex.fullBuilds).toBeGreaterThan(builds);

    const first = windrow[0];
    const moved = { lat: 46.9, lon: -120.9 };
    await ingest(t, baler.apiKey, [
      { ...first, currentLocation: moved, updateTime: '2025-07-01T00:00:00Z' },
    ]);
    const after = await clusters(farm, { ...whole, zoom: 18 });
    const bale = after.bales.find((b) => b.uid === first?.uid);
    expect(bale).toMatchObject(moved);
    expect(balesInView(after)).toBe(windrow.length + 2);
  });

  it('stays correct in two processes: each catches up through the stamp without a full build', async () => {
    const { farm, baler, windrow } = await windrowFarm();
    const view = { ...whole, zoom: 14 };
    const other = new MapIndex(t.ctx.db);
    await clusters(farm, view);
    expect(propsCount(await answerOf(other, farm, view))).toBe(windrow.length);
    const [ours, theirs] = [t.ctx.mapIndex.fullBuilds, other.fullBuilds];

    await ingest(t, baler.apiKey, [newBale({ creationLocation: { lat: 46.7, lon: -120.7 } })]);
    expect(propsCount(await answerOf(other, farm, view))).toBe(windrow.length + 1);
    expect(balesInView(await clusters(farm, view))).toBe(windrow.length + 1);
    // The other process folds; this one still answers from its recent bales, the same count.
    expect(await other.foldRecent(farm.orgId)).toBe(true);
    await ingest(t, baler.apiKey, [newBale({ creationLocation: { lat: 46.71, lon: -120.7 } })]);
    expect(propsCount(await answerOf(other, farm, view))).toBe(windrow.length + 2);
    expect(balesInView(await clusters(farm, view))).toBe(windrow.length + 2);
    expect(t.ctx.mapIndex.fullBuilds).toBe(ours);
    expect(other.fullBuilds).toBe(theirs + 1);
  });
});
