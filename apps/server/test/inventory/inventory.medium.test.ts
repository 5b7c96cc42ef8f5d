import type { IngestBale } from '@baletrack/contracts/ingest/ingest';
import {
  gradePriceSchema,
  type InventoryValueResponse,
  inventoryMessages,
  inventoryValueResponseSchema,
  pricesResponseSchema,
  stackValueResponseSchema,
} from '@baletrack/contracts/inventory/inventory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateSettings } from '../../src/features/settings/settings.repository.ts';
import { type Farm, ingest } from '../helpers/farm.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { pricedFarm, pricedFarmApp, TON } from './inventory-farm.ts';

// Prices per grade and the value of the hay on hand (docs/product.md#beyond-the-spec-quality-and-value),
// worked out by hand. The organization is Imperial US, so prices are per short ton
// (907.18474 kg): a bale of 907.18474 kg is one ton, of 453.59237 kg half a ton.

// One app for the file, a new organization per test: each starts from the same hand-valued farm.
let shared: TestApp;
beforeAll(async () => {
  shared = await pricedFarmApp();
});
afterAll(() => shared.close());

const farmed = () => pricedFarm(shared);

async function valueOn(farm: Farm, asOf?: string): Promise<InventoryValueResponse> {
  const response = await farm.get('/inventory/value', asOf ? { asOf } : {});
  expect(response.status).toBe(200);
  return inventoryValueResponseSchema.parse(await response.json());
}

describe('inventory value', () => {
  it('values the hay on hand with the prices of the day, per grade, stack, field, cutting and crop year', async () => {
    const { farm } = await farmed();
    // Read from the bales first (this process holds no columns of the new farm), then from the
    // summary columns the first read started loading: the same answer.
    const today = await valueOn(farm);
    await shared.ctx.summaryCache.columns(farm.orgId);
    expect(await valueOn(farm)).toEqual(today);
    // Today (25 June): A 240 (Good's new price), B 0.5 × (250 + 10 × 1) = 130, D 150, F 240;
    // E unpriced; C sold.
    expect(today.asOf).toBe('2025-06-25');
    expect(today.total).toEqual({
      baleCount: 5,
      weightKg: 3.5 * TON + 700,
      value: 760,
      unpricedCount: 1,
    });
    expect(today.byGrade.map((g) => [g.grade, g.baleCount, g.value])).toEqual([
      ['legume.Premium', 1, 130],
      ['legume.Good', 2, 480],
      ['grass.Good', 1, 150],
      [null, 1, null],
    ]);
    expect(today.byField.map((f) => [f.name, f.value])).toEqual([
      ['North 40', 610],
      ['South', 150],
    ]);
    expect(today.byCutting.map((c) => [c.name, c.year, c.value])).toEqual([
      ['First cut', 2025, 610],
      ['Timothy cut', 2025, 150],
    ]);
    expect(today.byCropYear).toEqual([{ year: 2025, ...today.total }]);
    // The yard stack: A and B; average RFV 170 grades it Premium; named by its storage area.
    expect(today.byStack).toHaveLength(1);
    expect(today.byStack[0]).toMatchObject({
      storage: 'Home yard',
      grade: 'legume.Premium',
      basis: 'rfv',
      baleCount: 2,
      value: 370,
    });
    // The stack details read the same grade and value.
    const stackId = today.byStack[0]?.id as string;
    const stack = stackValueResponseSchema.parse(
      await (await farm.get('/inventory/stack', { stackId })).json(),
    );
    expect(stack).toMatchObject({
      grade: 'legume.Premium',
      basis: 'rfv',
      gradedValue: 170,
      baleCount: 2,
      value: 370,
    });
    const missing = await farm.get('/inventory/stack', {
      stackId: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.status).toBe(404);
  });

  it('grades a stack by all its bales, and values only those still on hand', async () => {
    const { t, farm, baler, bales } = await farmed();
    const byStack = async () => (await valueOn(farm)).byStack;
    const [yard] = await byStack();
    // B (RFV 180, half a ton) is loaded out for retail; it still lies in the stack.
    await ingest(t, baler.apiKey, [
      { ...(bales[1] as IngestBale), loadType: 'retail', updateTime: '2025-06-04T10:00:00Z' },
    ]);
    const stack = stackValueResponseSchema.parse(
      await (await farm.get('/inventory/stack', { stackId: yard?.id })).json(),
    );
    // The grade beside the stack's average RFV (A 160 and B 180: 170, Premium); A alone is
    // valued (Good, 240 today).
    expect(stack).toMatchObject({
      grade: 'legume.Premium',
      gradedValue: 170,
      baleCount: 1,
      value: 240,
    });
  });

  it('recomputes the value as it stood on an earlier day', async () => {
    const { farm } = await farmed();
    // 10 June: F not yet made, Good still 200: A 200 + B 130 + D 150.
    const then = await valueOn(farm, '2025-06-10');
    expect(then.total).toEqual({
      baleCount: 4,
      weightKg: 2.5 * TON + 700,
      value: 480,
      unpricedCount: 1,
    });
    expect(then.byStack[0]).toMatchObject({ baleCount: 2, value: 330 });
    // Before any price took effect everything is unpriced.
    const before = await valueOn(farm, '2024-12-31');
    expect(before.total).toMatchObject({ baleCount: 0, value: null });
  });
});

describe('prices', () => {
  it('keeps every change with its day, newest first, per short ton for Imperial US', async () => {
    const { farm } = await farmed();
    const { unit, prices } = pricesResponseSchema.parse(
      await (await farm.get('/inventory/prices')).json(),
    );
    expect(unit).toBe('shortTon');
    expect(prices.map((p) => [p.grade, p.price, p.effectiveFrom, p.unit])).toEqual([
      ['legume.Good', 240, '2025-06-15', 'shortTon'],
      ['grass.Good', 150, '2025-01-01', 'shortTon'],
      ['legume.Premium', 250, '2025-01-01', 'shortTon'],
      ['legume.Good', 200, '2025-01-01', 'shortTon'],
    ]);
  });

  it('refuses a price below 0, over 1,000,000 or finer than cents, a grass premium, an unknown grade and a missing or far day', async () => {
    const { farm } = await farmed();
    const base = {
      grade: 'legume.Good',
      price: 100,
      premiumPerRfvPoint: null,
      effectiveFrom: '2025-07-01',
    };
    const m = inventoryMessages;
    for (const [body, message] of [
      [{ ...base, price: -1 }, m.priceInvalid],
      [{ ...base, price: 1e300 }, m.priceInvalid],
      [{ ...base, price: 0.001 }, m.priceInvalid],
      [{ ...base, premiumPerRfvPoint: 0.005 }, m.premiumInvalid],
      [{ ...base, grade: 'grass.Good', premiumPerRfvPoint: 1 }, m.premiumForGrass],
      [{ ...base, grade: 'legume.Excellent' }, undefined],
      [{ ...base, effectiveFrom: '' }, m.dateInvalid],
      [{ ...base, effectiveFrom: '9999-12-31' }, m.dateOutOfRange],
    ] as const) {
      const response = await farm.post('/inventory/prices', body);
      expect(response.status).toBe(400);
      if (message) {
        const { issues } = (await response.json()) as { issues: { message: string }[] };
        expect(issues.map((issue) => issue.message)).toContain(message);
      }
    }
    // Cents are fine, however the number was computed.
    expect((await farm.post('/inventory/prices', { ...base, price: 0.1 + 0.2 })).status).toBe(201);
  });

  it('follows the organization units: per tonne when metric', async () => {
    const { t, farm } = await farmed();
    await updateSettings(t.ctx.db, farm.orgId, {
      rfvEnabled: true,
      measurementSystem: 'MetricSI',
      cropYearStartMonth: 1,
    });
    const body = {
      grade: 'grass.Good',
      price: 165,
      premiumPerRfvPoint: null,
      effectiveFrom: '2025-06-25',
    };
    const saved = gradePriceSchema.parse(await (await farm.post('/inventory/prices', body)).json());
    expect(saved).toMatchObject({ unit: 'tonne', price: 165, premiumPerRfvPoint: null });
    // D (one short ton, 0.90718474 t) at 165 a tonne: 149.685…; the others keep their short-ton prices.
    const today = await valueOn(farm);
    expect(today.byGrade.find((g) => g.grade === 'grass.Good')?.value).toBe(149.69);
  });
});
