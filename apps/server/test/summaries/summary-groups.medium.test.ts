import { baleSummaryGroupByResponseSchema } from '@baletrack/contracts/summaries/summary';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { type SummaryFarm, summaryFarm } from './summary-farm.ts';

// Groups of summary-farm.ts, worked out by hand from its table.

let t: TestApp;
let farm: SummaryFarm['farm'];

beforeAll(async () => {
  t = await startTestApp();
  ({ farm } = await summaryFarm(t));
});
afterAll(() => t.close());

async function groups(by: string, query: Record<string, unknown> = {}) {
  const response = await farm.get('/bales/summarygroupby', { by, ...query });
  expect(response.status, await response.clone().text()).toBe(200);
  const body = baleSummaryGroupByResponseSchema.parse(await response.json());
  return body.groups.map((g) => [g.name, g.count, g.totalWeightKg]);
}

const noGrades = { Supreme: 0, Premium: 0, Good: 0, Fair: 0, Utility: 0 };

describe('GET /bales/summarygroupby', () => {
  it('groups by field: a bale in two fields counts in both', async () => {
    expect(await groups('field')).toEqual([
      ['A', 3, 1500],
      ['B', 2, 950],
      ['Overlap', 1, 500],
      ['Without a field', 1, 550],
    ]);
  });

  it('groups by cutting and by crop, with the bales in none', async () => {
    expect(await groups('cutting')).toEqual([
      ['1st (2025)', 3, 1500],
      ['2nd (2025)', 2, 950],
      ['Without a cutting', 1, 550],
    ]);
    expect(await groups('crop')).toEqual([
      ['Alfalfa', 3, 1500],
      ['Timothy', 2, 950],
      ['Without a crop', 1, 550],
    ]);
  });

  it('groups by baler, day (UTC) and size', async () => {
    expect(await groups('baler')).toEqual([
      ['Round', 2, 950],
      ['Square', 4, 2050],
    ]);
    expect(await groups('day')).toEqual([
      ['2025-06-02', 1, 500],
      ['2025-06-03', 2, 1000],
      ['2025-06-20', 1, 450],
      ['2025-06-21', 1, 500],
      ['2025-06-30', 1, 550],
    ]);
    expect(await groups('size', { to: '2025-06-20' })).toEqual([
      ['3x4', 3, 1500],
      ['5ft', 1, 450],
    ]);
  });

  it('gives each group its own averages and grades', async () => {
    const response = await farm.get('/bales/summarygroupby', { by: 'crop' });
    const [alfalfa] = baleSummaryGroupByResponseSchema.parse(await response.json()).groups;
    expect(alfalfa?.averages.rfv).toBeCloseTo(175, 6); // (190 + 160) / 2
    expect(alfalfa?.grades.legume).toEqual({ ...noGrades, Supreme: 1, Premium: 1, Good: 1 });
    expect(alfalfa?.aboveSafeMoistureCount).toBe(1);
  });
});
