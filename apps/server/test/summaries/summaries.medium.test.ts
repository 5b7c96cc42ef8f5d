import { filterSchema } from '@baletrack/contracts/filters/filter';
import {
  type BaleSummary,
  baleSummaryResponseSchema,
} from '@baletrack/contracts/summaries/summary';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBaleStamp } from '../../src/features/bales/bale-stamps.repository.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { type SummaryFarm, summaryFarm } from './summary-farm.ts';

// Figures of summary-farm.ts, worked out by hand from its table.

let t: TestApp;
let farm: SummaryFarm['farm'];
let other: SummaryFarm['other'];
let roundBalerId: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ farm, other, roundBalerId } = await summaryFarm(t));
});
afterAll(() => t.close());

async function summary(path: string, query: Record<string, unknown> = {}): Promise<BaleSummary> {
  const response = await farm.get(path, query);
  expect(response.status, await response.clone().text()).toBe(200);
  return baleSummaryResponseSchema.parse(await response.json()).summary;
}

const noGrades = { Supreme: 0, Premium: 0, Good: 0, Fair: 0, Utility: 0 };
const noGrassGrades = { Premium: 0, Good: 0, Fair: 0, Low: 0 };

describe('GET /bales/summary', () => {
  it('sums, averages and grades every visible bale, never a locked or another farm’s', async () => {
    const s = await summary('/bales/summary');
    expect(s.count).toBe(6);
    expect(s.totalWeightKg).toBe(3000);
    expect(s.totalDryMassKg).toBeCloseTo(2467.5, 6);
    expect(s.averages.weightKg).toBeCloseTo(500, 6);
    expect(s.averages.avgMoisture).toBeCloseTo(107 / 6, 6);
    expect(s.averages.peakMoisture).toBeCloseTo(130 / 6, 6);
    expect(s.maxPeakMoisture).toBe(26);
    expect(s.averages.rfv).toBeCloseTo(138, 6); // 690 / 5: S3 has none
    expect(s.averages.adf).toBeCloseTo(31.8, 6);
    expect(s.averages.ndf).toBeCloseTo(45.8, 6);
    expect(s.averages.protein).toBeCloseTo(17.5, 6);
    expect(s.averages.ash).toBeCloseTo(9, 6);
    expect(s.averages.sugar).toBeCloseTo(19.6, 6);
    expect(s.grades).toEqual({
      legume: { ...noGrades, Supreme: 1, Premium: 1, Good: 1 },
      grass: { ...noGrassGrades, Premium: 1, Good: 1 },
      ungraded: 1,
    });
    expect(s.aboveSafeMoistureCount).toBe(2);
  });

  it('narrows to the dates (a bare `to` includes its day) and the year', async () => {
    const s = await summary('/bales/summary', { from: '2025-06-03', to: '2025-06-20' });
    expect([s.count, s.totalWeightKg]).toEqual([3, 1450]); // S2, S3, R1
    expect(s.aboveSafeMoistureCount).toBe(1);
    const none = await summary('/bales/summary', { year: 2024 });
    expect(none.count).toBe(0);
    expect(none.totalWeightKg).toBe(0);
    expect(none.averages.weightKg).toBeNull();
    expect(none.maxPeakMoisture).toBeNull();
    expect(none.grades.ungraded).toBe(0);
  });

  it('applies a saved filter', async () => {
    const created = await farm.post('/filters/create', {
      name: 'Round only',
      ranges: {},
      dateRange: null,
      includeCuttingless: true,
      fieldIds: [],
      cuttingIds: [],
      cropIds: [],
      balerIds: [roundBalerId],
      baleSizes: [],
    });
    expect(created.status).toBe(201);
    const filterId = filterSchema.parse(await created.json()).id;
    // First in SQL (this process holds no columns of the farm yet), then from the columns the
    // first request started loading: the same figures.
    const stamp = await readBaleStamp(t.ctx.db, farm.orgId);
    expect(t.ctx.summaryCache.ready(farm.orgId, stamp)).toBeUndefined();
    const inSql = await summary('/bales/summary', { filterId });
    await t.ctx.summaryCache.columns(farm.orgId);
    expect(t.ctx.summaryCache.ready(farm.orgId, stamp)).toBeDefined();
    const fromColumns = await summary('/bales/summary', { filterId });
    for (const s of [inSql, fromColumns]) {
      expect([s.count, s.totalWeightKg, s.aboveSafeMoistureCount]).toEqual([2, 950, 1]);
      expect(s.grades.grass).toEqual({ ...noGrassGrades, Premium: 1, Good: 1 });
      expect(s.averages.avgMoisture).toBeCloseTo(fromColumns.averages.avgMoisture ?? 0, 9);
    }
    // Another farm's filter is not there for this one.
    expect((await other.get('/bales/summary', { filterId })).status).toBe(404);
  });

  it('counts another farm its own bales only', async () => {
    const response = await other.get('/bales/summary');
    const s = baleSummaryResponseSchema.parse(await response.json()).summary;
    expect([s.count, s.totalWeightKg]).toEqual([1, 7777]);
  });

  it('refuses a bad query with 400', async () => {
    for (const query of [{ year: 'soon' }, { from: 'yesterday' }, { filterId: 'nope' }]) {
      expect((await farm.get('/bales/summary', query)).status).toBe(400);
    }
    expect((await farm.get('/bales/summarygroupby', { by: 'colour' })).status).toBe(400);
    expect((await farm.get('/bales/summarygroupby')).status).toBe(400);
  });
});

describe('GET /bales/summary/active', () => {
  it('leaves out bales loaded out for retail', async () => {
    const s = await summary('/bales/summary/active');
    expect([s.count, s.totalWeightKg]).toEqual([5, 2400]); // all but S2
    expect(s.grades.legume).toEqual({ ...noGrades, Supreme: 1, Premium: 1 });
  });
});
