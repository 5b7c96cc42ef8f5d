import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { IngestBale } from '@baletrack/contracts/ingest/ingest';
import { type ClustersResponse, clustersResponseSchema } from '@baletrack/contracts/map/map';
import { baleSummaryResponseSchema } from '@baletrack/contracts/summaries/summary';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MapIndex } from '../../src/features/map/map-index.ts';
import { SnapshotStore } from '../../src/features/map/snapshot-store.ts';
import { SummaryCache } from '../../src/features/summaries/summary-cache.ts';
import {
  ingest,
  metres,
  newBale,
  newBaler,
  newFarm,
  newField,
  square,
  stackedBales,
  subscribe,
} from '../helpers/farm.ts';
import { signIn } from '../helpers/identity.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

// A restarted process reads each organization's map snapshot, cluster index and summary columns
// back from the file the last process kept (ADR 17, "Kept across restarts") instead of reading
// and indexing every bale: it must answer exactly as the process before it, catch the file up on
// bales written since, and ignore a file that no longer applies. Full builds are counted, never
// timed; columns read from a file are exactly as long as their bales (built ones keep headroom).

let dir: string;
let first: TestApp;
const started: TestApp[] = [];
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'baletrack-snapshots-'));
  first = await startTestApp({ env: { SNAPSHOT_DIR: dir } });
});
afterAll(async () => {
  for (const app of started) await app.close();
  await first.close();
  await fs.rm(dir, { recursive: true, force: true });
});

/** Another process on the same database and snapshot folder, as after a restart. */
async function restarted(): Promise<TestApp> {
  const app = await startTestApp({ sameDatabaseAs: first, env: { SNAPSHOT_DIR: dir } });
  started.push(app);
  return app;
}

const view = { west: -120.52, south: 46.58, east: -120.48, north: 46.62, zoom: 14 };

/** The opening view and the year's summary, asked at once as the map screen asks them. */
async function mapScreen(app: TestApp, email: string, password: string) {
  const { IdToken } = await signIn(app, email, password);
  const get = async (p: string) => {
    const response = await fetch(`${app.url}/data-api${p}`, {
      headers: { authorization: IdToken },
    });
    expect(response.status).toBe(200);
    // Sums of the same bales added in another order (each process holds its bales in the order
    // it read them) may differ in their last bits: compared to a millionth.
    return JSON.parse(await response.text(), (_, value) =>
      typeof value === 'number' && !Number.isInteger(value) ? Math.round(value * 1e6) / 1e6 : value,
    ) as unknown;
  };
  const query = new URLSearchParams(
    Object.entries(view).map(([k, v]): [string, string] => [k, String(v)]),
  );
  const [clusters, summary] = await Promise.all([
    get(`/clusters/get?${query}`).then((body) => clustersResponseSchema.parse(body)),
    get('/bales/summary?year=2025').then((body) => baleSummaryResponseSchema.parse(body)),
  ]);
  return { clusters, summary };
}

async function keptFarm() {
  const farm = await newFarm(first);
  const baler = await newBaler(first.ctx, farm.orgId, { activeMonths: ['2025-06'] });
  // Stored before the bales, so ingest puts them in it (and a cutting of it grades them).
  const field = await newField(first.ctx, farm.orgId, { boundary: square(-120.5, 46.6, 0.03) });
  const windrow = Array.from({ length: 40 }, (_, i) =>
    newBale({
      creationLocation: { lat: 46.6 + metres.lat(25 * i), lon: -120.5 },
      weightKg: 600 + i,
    }),
  );
  const stack = stackedBales(6, { lat: 46.59, lon: -120.51 });
  // Made in a month without a subscription: stored and counted as locked, never shown.
  const locked = newBale({ creationTime: '2025-07-03T10:00:00Z' });
  await ingest(first, baler.apiKey, [...windrow, ...stack, locked]);
  const { email, password } = farm.owner;
  const before = await mapScreen(first, email, password);
  expect(await first.ctx.mapIndex.saveSnapshot(farm.orgId)).toBe(true);
  return { farm, baler, field, before, email, password };
}

/**
 * The first process stops (keeping its snapshots), then the map screen as a restarted process
 * answers it and as one that read every bale does.
 */
async function afterStop(email: string, password: string) {
  await first.ctx.mapIndex.savePending();
  const app = await restarted();
  const after = await mapScreen(app, email, password);
  const fresh = await startTestApp({ sameDatabaseAs: first });
  started.push(fresh);
  return { app, after, read: await mapScreen(fresh, email, password) };
}

const restoredColumns = async (app: TestApp, orgId: string) => {
  const columns = await app.ctx.summaryCache.columns(orgId);
  return columns.live.length === columns.length;
};

describe('after a restart', () => {
  it('the map and summaries answer from the kept snapshot, as before, building nothing', async () => {
    const { farm, before, email, password } = await keptFarm();
    const app = await restarted();
    const after = await mapScreen(app, email, password);
    expect(after).toEqual(before);
    expect(before.clusters.stacks).toHaveLength(1);
    expect(before.clusters.lockedCount).toBe(1);
    expect(app.ctx.mapIndex.fullBuilds).toBe(0);
    expect(await restoredColumns(app, farm.orgId)).toBe(true);
  });

  it('bales written since the snapshot was kept are caught up, the rest read from it', async () => {
    const { baler, before, email, password } = await keptFarm();
    const late = [newBale({ weightKg: 700 }), newBale({ weightKg: 710 })];
    await ingest(first, baler.apiKey, late);
    const app = await restarted();
    const after = await mapScreen(app, email, password);
    expect(after.summary.summary.count).toBe(before.summary.summary.count + 2);
    expect(after.summary.summary.totalWeightKg).toBe(before.summary.summary.totalWeightKg + 1_410);
    const count = (c: ClustersResponse) =>
      c.clusters.reduce((n, x) => n + x.count, 0) +
      c.bales.length +
      c.stacks.reduce((n, s) => n + s.count, 0);
    expect(count(after.clusters)).toBe(count(before.clusters) + 2);
    // New bales that were not moved join the small index of recent bales: still no full build.
    expect(app.ctx.mapIndex.fullBuilds).toBe(0);
    // What a process that read every bale answers (its clusters group the new bales with the
    // rest, where the restarted one keeps them apart until they are folded in).
    const fresh = await startTestApp({ sameDatabaseAs: first });
    started.push(fresh);
    const read = await mapScreen(fresh, email, password);
    expect(after.summary).toEqual(read.summary);
    expect(count(after.clusters)).toBe(count(read.clusters));
    expect(after.clusters.stacks).toEqual(read.clusters.stacks);
    expect(after.clusters.lockedCount).toBe(read.clusters.lockedCount);
  });

  it('a stopping process keeps what changed since its last map call, its index built', async () => {
    const { farm, baler, email, password } = await keptFarm();
    // A bale hauled to the yard (a changed bale: a new folded layer), seen by a report, not the map.
    const [moved] = stackedBales(1, { lat: 46.595, lon: -120.505 });
    await ingest(first, baler.apiKey, [
      { ...(moved as IngestBale), updateTime: '2025-06-21T10:00:00Z' },
    ]);
    await ingest(first, baler.apiKey, [
      {
        ...(moved as IngestBale),
        currentLocation: { lat: 46.6, lon: -120.49 },
        updateTime: '2025-06-22T10:00:00Z',
      },
    ]);
    await first.ctx.summaryCache.columns(farm.orgId);
    await first.ctx.mapIndex.snapshot(farm.orgId);
    const { app, after, read } = await afterStop(email, password);
    expect(app.ctx.mapIndex.fullBuilds).toBe(0);
    expect(after).toEqual(read);
  });

  it('a stopping process keeps an index graded by cuttings added since its last map call', async () => {
    const { farm, field, before, email, password } = await keptFarm();
    const crop = await farm.call('POST', '/crops', { name: 'Alfalfa' });
    expect(crop.status).toBe(201);
    const cutting = {
      name: 'First cut',
      year: 2025,
      startDate: '2025-06-01',
      endDate: '2025-06-30',
      fieldIds: [field.id],
      cropId: ((await crop.json()) as { id: string }).id,
    };
    expect((await farm.post('/cuttings', cutting)).status).toBe(201);
    const { app, after, read } = await afterStop(email, password);
    expect(app.ctx.mapIndex.fullBuilds).toBe(0);
    expect(after).toEqual(read);
    // The cutting graded the bales: the answer is not the one from before it.
    expect(after.clusters).not.toEqual(before.clusters);
  });

  it('a stopping process keeps bales reported live as they are, not folded in', async () => {
    const { farm, baler, email, password } = await keptFarm();
    await ingest(first, baler.apiKey, [newBale({ weightKg: 720 }), newBale({ weightKg: 730 })]);
    const live = await mapScreen(first, email, password);
    await first.ctx.mapIndex.savePending();
    const app = await restarted();
    expect(await mapScreen(app, email, password)).toEqual(live);
    expect((await app.ctx.mapIndex.snapshot(farm.orgId)).recent).toHaveLength(2);
    expect(app.ctx.mapIndex.fullBuilds).toBe(0);
  });

  it('a stopping process folds recent bales in first when their fold is due', async () => {
    const { farm, baler, email, password } = await keptFarm();
    // A process whose fold is due past two recent bales (the product's past 1,000).
    const store = new SnapshotStore(first.ctx.db, dir);
    const summaries = new SummaryCache(first.ctx.db, store);
    const index = new MapIndex(first.ctx.db, {
      store,
      foldAtRecent: 2,
      columnsAt: (orgId, stamp) => summaries.columns(orgId, stamp),
    });
    await index.snapshot(farm.orgId);
    // Read by a request that does not arm the fold (a report's), not by the map.
    await ingest(first, baler.apiKey, [newBale(), newBale(), newBale()]);
    expect((await index.snapshot(farm.orgId)).recent).toHaveLength(3);
    await index.savePending();
    const app = await restarted();
    expect((await app.ctx.mapIndex.snapshot(farm.orgId)).recent).toHaveLength(0);
    await mapScreen(app, email, password);
    expect(app.ctx.mapIndex.fullBuilds).toBe(0);
  });

  it('two processes keeping one farm at the same moment leave a file the next start reads', async () => {
    const { baler, email, password } = await keptFarm();
    const second = await restarted();
    // A bale hauled to the yard: both processes hold a new stamp to keep.
    const [moved] = stackedBales(1, { lat: 46.595, lon: -120.505 });
    await ingest(first, baler.apiKey, [moved as IngestBale]);
    await Promise.all([mapScreen(first, email, password), mapScreen(second, email, password)]);
    const kept = await Promise.all([
      first.ctx.mapIndex.savePending(),
      second.ctx.mapIndex.savePending(),
    ]);
    expect(kept.every((n) => n >= 1)).toBe(true);
    const { app, after, read } = await afterStop(email, password);
    expect(app.ctx.mapIndex.fullBuilds).toBe(0);
    expect(after).toEqual(read);
  });

  it('a folder that cannot be written is told, and the map answers as ever', async () => {
    const { farm, email, password } = await keptFarm();
    const blocked = await startTestApp({
      sameDatabaseAs: first,
      // A folder below a file: it can never be made.
      env: { SNAPSHOT_DIR: path.join(dir, `${farm.orgId}.snapshot`, 'below') },
    });
    started.push(blocked);
    const read = await mapScreen(blocked, email, password);
    expect(read.summary.summary.count).toBeGreaterThan(0);
    const failed: string[] = [];
    expect(await blocked.ctx.mapIndex.savePending((orgId) => failed.push(orgId))).toBe(0);
    expect(failed).toEqual([farm.orgId]);
  });

  it('a snapshot of other subscriptions, or a damaged file, is not used', async () => {
    const { farm, baler, email, password } = await keptFarm();
    // July becomes active: the locked bale is now shown.
    await subscribe(first.ctx, farm.orgId, baler.id, ['2025-07']);
    const app = await restarted();
    const after = await mapScreen(app, email, password);
    expect(after.clusters.lockedCount).toBe(0);
    expect(app.ctx.mapIndex.fullBuilds).toBe(1);
    expect(await restoredColumns(app, farm.orgId)).toBe(false);
    const file = path.join(dir, `${farm.orgId}.snapshot`);
    const bytes = await fs.readFile(file);
    await fs.writeFile(file, bytes.subarray(0, bytes.length >> 1));
    const damaged = await restarted();
    expect(await mapScreen(damaged, email, password)).toEqual(after);
    expect(damaged.ctx.mapIndex.fullBuilds).toBe(1);
  });
});
