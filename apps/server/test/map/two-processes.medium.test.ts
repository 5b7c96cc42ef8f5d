import { emptyFilter } from '@baletrack/contracts/filters/filter';
import { heatmapIconResponseSchema } from '@baletrack/contracts/heatmaps/heatmap';
import { inventoryValueResponseSchema } from '@baletrack/contracts/inventory/inventory';
import { clustersResponseSchema, clusterTreeResponseSchema } from '@baletrack/contracts/map/map';
import { baleSummaryResponseSchema } from '@baletrack/contracts/summaries/summary';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  type Farm,
  ingest,
  metres,
  newBale,
  newBaler,
  newFarm,
  newField,
} from '../helpers/farm.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { balesInView } from './bales-in-view.ts';

// Two product processes on one database, as behind a load balancer: a grower's map, summary,
// heatmap and inventory read the same whichever process answers, and a bale ingested through
// one is in the other's next answer. On PostgreSQL too, through the medium tests' second run.

let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  first = await startTestApp();
  second = await startTestApp({ sameDatabaseAs: first });
});
afterAll(async () => {
  await second.close();
  await first.close();
});

const whole = { west: -121, south: 46, east: -120, north: 47 };

/** Every read the map screen makes, through one process, as parsed JSON. */
async function screen(farm: Farm, through: TestApp, filterId: string, fieldId: string) {
  const api = farm.through(through);
  const read = async <T>(schema: z.ZodType<T>, path: string, query: Record<string, unknown>) => {
    const response = await api.get(path, query);
    const body = await response.json();
    expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(200);
    return schema.parse(body);
  };
  return {
    // Zoomed out (the bale cells), zoomed in (single bales) and with a saved filter.
    opening: await read(clustersResponseSchema, '/clusters/get', {
      ...whole,
      zoom: 10,
      year: 2025,
    }),
    middle: await read(clustersResponseSchema, '/clusters/get', { ...whole, zoom: 15, year: 2025 }),
    close: await read(clustersResponseSchema, '/clusters/get', { ...whole, zoom: 18, year: 2025 }),
    filtered: await read(clustersResponseSchema, '/clusters/get', { ...whole, zoom: 10, filterId }),
    summary: await read(baleSummaryResponseSchema, '/bales/summary', { year: 2025 }),
    heatmap: await read(heatmapIconResponseSchema, '/heatmap/icon', {
      fieldId,
      measure: 'AvgMoisture',
    }),
    inventory: await read(inventoryValueResponseSchema, '/inventory/value', {}),
  };
}

describe('two processes on one database', () => {
  it('answer the same, and each sees what the other ingested in its next answer', async () => {
    const farm = await newFarm(first);
    const baler = await newBaler(first.ctx, farm.orgId);
    const field = await newField(first.ctx, farm.orgId);
    // A windrow across the field, every fifth bale too wet for the filter below.
    const windrow = Array.from({ length: 25 }, (_, i) =>
      newBale({
        creationLocation: { lat: 46.598 + metres.lat(30 * i), lon: -120.5 },
        avgMoisture: i % 5 === 0 ? 24 : 14,
      }),
    );
    await ingest(first, baler.apiKey, windrow);
    const created = await farm.post('/filters/create', {
      ...emptyFilter,
      name: 'Dry enough',
      ranges: { avgMoisture: { min: null, max: 18 } },
    });
    const { id: filterId } = (await created.json()) as { id: string };

    // Each process builds what it keeps for the farm from the database alone.
    const before = await screen(farm, first, filterId, field.id);
    expect(await screen(farm, second, filterId, field.id)).toEqual(before);
    expect([before.opening, before.middle, before.close].map(balesInView)).toEqual([25, 25, 25]);
    // A cluster one process drew opens through the other.
    const cluster = before.middle.clusters[0];
    const tree = await farm.through(second).get('/cluster-tree/get', {
      clusterId: cluster?.id,
      year: 2025,
    });
    expect(balesInView(clusterTreeResponseSchema.parse(await tree.json()))).toBe(cluster?.count);
    expect(balesInView(before.filtered)).toBe(20);
    expect(before.summary.summary.count).toBe(25);

    // Through the second: the first's next answers have the new bales, wet one filtered out.
    await ingest(second, baler.apiKey, [
      newBale({ creationLocation: { lat: 46.6, lon: -120.501 }, avgMoisture: 15 }),
      newBale({ creationLocation: { lat: 46.601, lon: -120.501 }, avgMoisture: 25 }),
    ]);
    const afterSecond = await screen(farm, first, filterId, field.id);
    expect([balesInView(afterSecond.opening), balesInView(afterSecond.close)]).toEqual([27, 27]);
    expect(balesInView(afterSecond.filtered)).toBe(21);
    expect(afterSecond.summary.summary.count).toBe(27);
    expect(afterSecond.heatmap.baleCount).toBe(before.heatmap.baleCount + 2);
    expect(await screen(farm, second, filterId, field.id)).toEqual(afterSecond);

    // And the other way round, after both have their copies warm.
    await ingest(first, baler.apiKey, [
      newBale({ creationLocation: { lat: 46.6, lon: -120.499 } }),
    ]);
    const afterFirst = await screen(farm, second, filterId, field.id);
    expect(balesInView(afterFirst.close)).toBe(28);
    expect(afterFirst.summary.summary.count).toBe(28);
    expect(await screen(farm, first, filterId, field.id)).toEqual(afterFirst);
  });
});
