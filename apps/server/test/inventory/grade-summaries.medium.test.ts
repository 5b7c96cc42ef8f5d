import { balesResponseSchema } from '@baletrack/contracts/bales/bale-reads';
import { emptyFilter, filterSchema } from '@baletrack/contracts/filters/filter';
import {
  baleSummaryGroupByResponseSchema,
  baleSummaryResponseSchema,
} from '@baletrack/contracts/summaries/summary';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Farm } from '../helpers/farm.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { pricedFarm, TON } from './inventory-farm.ts';

// Summaries grouped by quality grade on the inventory farm (inventory-farm.ts), by hand: A RFV 160
// and F RFV 155 legume Good, B RFV 180 legume Premium, C RFV 140 legume Fair (loaded out),
// D CP 10 grass Good, E in no cutting ungraded (docs/product.md#quality-grades).

let t: TestApp;
let farm: Farm;
beforeAll(async () => {
  ({ t, farm } = await pricedFarm());
});
afterAll(() => t.close());

async function byGrade(path: string) {
  const response = await farm.get(path, { by: 'grade', year: 2025 });
  expect(response.status, await response.clone().text()).toBe(200);
  const body = baleSummaryGroupByResponseSchema.parse(await response.json());
  return body.groups.map((g) => [g.key, g.name, g.count, g.totalWeightKg]);
}

describe('summaries grouped by grade', () => {
  it('groups every bale by its grade, best first, legume table then grass, ungraded last', async () => {
    expect(await byGrade('/bales/summarygroupby')).toEqual([
      ['legume.Premium', 'Premium (legume)', 1, TON / 2],
      ['legume.Good', 'Good (legume)', 2, 2 * TON],
      ['legume.Fair', 'Fair (legume)', 1, 640],
      ['grass.Good', 'Good (grass)', 1, TON],
      [null, 'Ungraded', 1, 700],
    ]);
  });

  it('counts each group in its own grade only', async () => {
    const response = await farm.get('/bales/summarygroupby', { by: 'grade', year: 2025 });
    const { groups } = baleSummaryGroupByResponseSchema.parse(await response.json());
    const good = groups.find((g) => g.key === 'legume.Good');
    expect(good?.grades.legume).toEqual({ Supreme: 0, Premium: 0, Good: 2, Fair: 0, Utility: 0 });
    expect(good?.grades.ungraded).toBe(0);
  });
});

describe('the grade filter', () => {
  it('keeps the bales of the chosen grades alike in bale reads (SQL) and summaries', async () => {
    const body = { ...emptyFilter, name: 'Good hay', grades: ['legume.Good', 'grass.Good'] };
    const created = await farm.post('/filters/create', body);
    expect(created.status, await created.clone().text()).toBe(201);
    const { id: filterId } = filterSchema.parse(await created.json());
    const bales = balesResponseSchema.parse(
      await (await farm.get('/bales/all', { year: 2025, filterId })).json(),
    );
    // A and F (legume Good), D (grass Good); E is ungraded, B Premium, C Fair.
    expect(bales.bales.map((b) => b.uid).sort()).toEqual(['A', 'D', 'F']);
    const { summary } = baleSummaryResponseSchema.parse(
      await (await farm.get('/bales/summary', { year: 2025, filterId })).json(),
    );
    expect(summary.count).toBe(3);
    expect(summary.totalWeightKg).toBeCloseTo(3 * TON, 6);
    expect(summary.grades.legume.Good).toBe(2);
    expect(summary.grades.grass.Good).toBe(1);
  });
});
