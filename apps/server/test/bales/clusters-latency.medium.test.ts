import { clustersResponseSchema } from '@baletrack/contracts/bales/map';
import type { IngestBale } from '@baletrack/contracts/ingest/ingest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestBales } from '../../src/features/ingest/ingest.service.ts';
import { metres, newBale, newBaler, newFarm } from '../helpers/farm.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

// A measurement, not a check of behaviour: off by default because it stores 200,000 bales
// (about a minute on PGlite) and timing on a shared machine is noisy. Run it with
//   BALETRACK_BENCH=1 npx vitest run --project medium apps/server/test/bales/clusters-latency
const BALES = Number(process.env.BALETRACK_BENCH_BALES ?? 200_000);

describe.skipIf(!process.env.BALETRACK_BENCH)(`/clusters/get over ${BALES} bales`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000);
  afterAll(() => t?.close());

  it('answers a whole-farm view with p50 ≤ 50 ms', { timeout: 900_000 }, async () => {
    const farm = await newFarm(t);
    const baler = await newBaler(t.ctx, farm.orgId, {
      activeMonths: ['2025-05', '2025-06', '2025-07', '2025-08'],
    });
    // Windrows over a 10 × 10 km farm, every 50th bale moved to one of 40 stack yards.
    const started = Date.now();
    for (let done = 0; done < BALES; done += 5_000) {
      const batch: IngestBale[] = [];
      for (let i = done; i < Math.min(BALES, done + 5_000); i += 1) {
        const row = Math.floor(i / 400);
        const lat = 46.55 + metres.lat(row * 20);
        const lon = -120.55 + metres.lon((i % 400) * 25);
        const yard = i % 50 === 0 ? i % 40 : undefined;
        const month = 5 + (i % 4);
        batch.push(
          newBale({
            uid: `B${String(i).padStart(7, '0')}`,
            creationTime: `2025-0${month}-1${i % 10}T10:00:00Z`,
            creationLocation: { lat, lon },
            currentLocation:
              yard === undefined
                ? { lat, lon }
                : { lat: 46.6 + yard * 0.001, lon: -120.5 + metres.lon((i % 20) * 1.5) },
            weightKg: 500 + (i % 200),
            avgMoisture: 10 + (i % 10),
          }),
        );
      }
      await ingestBales(t.ctx, baler.id, batch);
    }
    console.log(`stored ${BALES} bales in ${Date.now() - started} ms`);

    const view = { west: -120.6, south: 46.5, east: -120.4, north: 46.7, zoom: 11 };
    let t0 = performance.now();
    const first = clustersResponseSchema.parse(
      await (await farm.get('/clusters/get', view)).json(),
    );
    console.log(`first call (index built): ${(performance.now() - t0).toFixed(0)} ms`);
    expect(first.clusters.reduce((n, c) => n + c.count, 0) + first.bales.length).toBeGreaterThan(0);

    const timings: number[] = [];
    for (let i = 0; i < 60; i += 1) {
      t0 = performance.now();
      const response = await farm.get('/clusters/get', { ...view, zoom: 10 + (i % 4) });
      clustersResponseSchema.parse(await response.json());
      timings.push(performance.now() - t0);
    }
    timings.sort((x, y) => x - y);
    const p50 = timings[Math.floor(timings.length / 2)] as number;
    const p95 = timings[Math.floor(timings.length * 0.95)] as number;
    console.log(`/clusters/get p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);

    // A baler reporting live (npm run simulate): the next call catches up on the new bales only.
    await ingestBales(t.ctx, baler.id, [newBale({ creationTime: '2025-06-30T10:00:00Z' })]);
    t0 = performance.now();
    const after = clustersResponseSchema.parse(
      await (await farm.get('/clusters/get', view)).json(),
    );
    console.log(`first call after one new bale: ${(performance.now() - t0).toFixed(0)} ms`);
    expect(after.clusters.reduce((n, c) => n + c.count, 0) + after.bales.length).toBe(
      first.clusters.reduce((n, c) => n + c.count, 0) + first.bales.length + 1,
    );
    expect(p50).toBeLessThanOrEqual(50);
  });
});
