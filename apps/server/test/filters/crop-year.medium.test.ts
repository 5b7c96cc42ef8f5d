import {
  availableYearsResponseSchema,
  balesResponseSchema,
} from '@baletrack/contracts/bales/bale-reads';
import { filterSchema } from '@baletrack/contracts/filters/filter';
import { clustersResponseSchema, stacksResponseSchema } from '@baletrack/contracts/map/map';
import { baleSummaryResponseSchema } from '@baletrack/contracts/summaries/summary';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Farm, ingest, newBale, newBaler, newFarm, stackedBales } from '../helpers/farm.ts';
import { signIn } from '../helpers/identity.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { apiCall } from '../helpers/user-api.ts';

// The year of the top bar is the organization's crop year. Bales on either side of 1 April:
//   A 2024-03-31 23:00Z   B 2024-04-01 00:00Z   C 2025-03-31 12:00Z   D 2025-04-01 06:00Z
// Calendar (start month 1): A, B in 2024; C, D in 2025.
// Start month 4 (April): A in 2023; B, C in 2024; D in 2025.
// December: A, B in 2023; C, D in 2024.
// A stack of two bales made on 10 March 2025 is in 2025, or in crop year 2024 from April.
let t: TestApp;
let farm: Farm;
let token: string;

const at = (uid: string, creationTime: string, i: number) =>
  newBale({
    uid,
    creationTime,
    creationLocation: { lat: 46.6 + i * 0.001, lon: -120.5 },
    currentLocation: { lat: 46.6 + i * 0.001, lon: -120.5 },
  });

beforeAll(async () => {
  t = await startTestApp();
  farm = await newFarm(t, 'April Farm');
  token = (await signIn(t, farm.owner.email, farm.owner.password)).IdToken;
  const baler = await newBaler(t.ctx, farm.orgId, {
    activeMonths: ['2024-03', '2024-04', '2025-03', '2025-04'],
  });
  await ingest(t, baler.apiKey, [
    at('A', '2024-03-31T23:00:00Z', 0),
    at('B', '2024-04-01T00:00:00Z', 1),
    at('C', '2025-03-31T12:00:00Z', 2),
    at('D', '2025-04-01T06:00:00Z', 3),
    ...stackedBales(2, { lat: 46.65, lon: -120.45 }, { creationTime: '2025-03-10T10:00:00Z' }),
  ]);
});
afterAll(() => t.close());

async function startCropYearIn(month: number) {
  const response = await apiCall(t, token, 'PUT', '/user-api/user/organization/settings', {
    body: { rfvEnabled: true, measurementSystem: 'ImperialUS', cropYearStartMonth: month },
  });
  expect(response.status).toBe(200);
}

async function read<T>(
  path: string,
  query: Record<string, unknown>,
  schema: { parse(v: unknown): T },
) {
  const response = await farm.get(path, query);
  expect(response.status, path).toBe(200);
  return schema.parse(await response.json());
}

const uidsIn = async (year: number, extra: Record<string, unknown> = {}) =>
  (await read('/bales/all', { year, ...extra }, balesResponseSchema)).bales
    .map((b) => b.uid)
    .filter((uid) => uid.length === 1)
    .sort();

describe('the year selection is the crop year', () => {
  it('counts calendar years with the default January start', async () => {
    expect(await read('/available-years', {}, availableYearsResponseSchema)).toEqual({
      years: [2024, 2025],
    });
    expect(await uidsIn(2024)).toEqual(['A', 'B']);
    expect(await uidsIn(2025)).toEqual(['C', 'D']);
  });

  it('with an April start, /available-years lists crop years and each year is April to March', async () => {
    await startCropYearIn(4);
    expect(await read('/available-years', {}, availableYearsResponseSchema)).toEqual({
      years: [2023, 2024, 2025],
    });
    expect(await uidsIn(2023)).toEqual(['A']);
    expect(await uidsIn(2024)).toEqual(['B', 'C']);
    expect(await uidsIn(2025)).toEqual(['D']);
  });

  it('the map, stacks and summaries take the same crop year', async () => {
    await startCropYearIn(4);
    const view = { west: -121, south: 46, east: -120, north: 47, zoom: 22 };
    const map = await read('/clusters/get', { ...view, year: 2024 }, clustersResponseSchema);
    expect(map.bales.map((b) => b.uid).sort()).toEqual(['B', 'C']);
    expect(map.stacks.map((s) => s.count)).toEqual([2]);
    const stacks2025 = await read('/stacks/get', { year: 2025 }, stacksResponseSchema);
    expect(stacks2025.stacks).toEqual([]);
    const summary = await read('/bales/summary', { year: 2024 }, baleSummaryResponseSchema);
    expect(summary.summary.count).toBe(4);
  });

  it("a filter's fixed dates narrow within the crop year", async () => {
    await startCropYearIn(4);
    const created = await farm.post('/filters/create', {
      name: 'From April 2024',
      ranges: {},
      dateRange: { kind: 'fixed', start: '2024-04-01', end: '2024-12-31' },
      includeCuttingless: true,
      fieldIds: [],
      cuttingIds: [],
      cropIds: [],
      balerIds: [],
      baleSizes: [],
    });
    const { id } = filterSchema.parse(await created.json());
    expect(await uidsIn(2024, { filterId: id })).toEqual(['B']);
    expect(await uidsIn(2023, { filterId: id })).toEqual([]);
  });

  it('follows a change of the start month at once', async () => {
    await startCropYearIn(12);
    expect((await read('/available-years', {}, availableYearsResponseSchema)).years).toEqual([
      2023, 2024,
    ]);
    expect(await uidsIn(2024)).toEqual(['C', 'D']);
    await startCropYearIn(1);
    expect(await uidsIn(2024)).toEqual(['A', 'B']);
  });
});
