import { cropSchema } from '@baletrack/contracts/crops/crop';
import {
  gradePriceSchema,
  type InventoryValueResponse,
  inventoryValueResponseSchema,
  pricesResponseSchema,
  stackValueResponseSchema,
} from '@baletrack/contracts/inventory/inventory';
import { afterEach, describe, expect, it } from 'vitest';
import { updateSettings } from '../../src/features/settings/settings.repository.ts';
import {
  type Farm,
  ingest,
  newBale,
  newBaler,
  newFarm,
  newField,
  square,
} from '../helpers/farm.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

// Prices per grade and the value of the hay on hand (docs/product.md#beyond-the-spec-quality-and-value),
// worked out by hand. The organization is Imperial US, so prices are per short ton
// (907.18474 kg): a bale of 907.18474 kg is one ton, of 453.59237 kg half a ton.

const TON = 907.18474;
const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0).reverse()) await app.close();
});

const yard = { lat: 46.62, lon: -120.5 };

async function pricedFarm() {
  const t = await startTestApp({ startAt: '2025-06-25T12:00:00Z', env: { BILLING: 'off' } });
  apps.push(t);
  const farm = await newFarm(t, 'Valued Hay');
  const north = await newField(t.ctx, farm.orgId, {
    name: 'North 40',
    boundary: square(-120.5, 46.6),
  });
  const south = await newField(t.ctx, farm.orgId, {
    name: 'South',
    boundary: square(-120.4, 46.6),
  });
  const crop = async (name: string) =>
    cropSchema.parse(await (await farm.call('POST', '/crops', { name })).json());
  const alfalfa = await crop('Alfalfa');
  const timothy = await crop('Timothy');
  const cutting = async (name: string, fieldId: string, cropId: string) => {
    const body = {
      name,
      startDate: '2025-06-01',
      endDate: '2025-06-30',
      fieldIds: [fieldId],
      cropId,
      year: 2025,
    };
    expect((await farm.post('/cuttings', body)).status).toBe(201);
  };
  await cutting('First cut', north.id, alfalfa.id);
  await cutting('Timothy cut', south.id, timothy.id);
  const baler = await newBaler(t.ctx, farm.orgId);
  const atNorth = { lat: 46.6, lon: -120.5 };
  const atSouth = { lat: 46.6, lon: -120.4 };
  const stacked = (i: number) => ({
    currentLocation: { lat: yard.lat, lon: yard.lon + 0.00002 * i },
    updateTime: '2025-06-03T10:00:00Z',
  });
  await ingest(t, baler.apiKey, [
    // Alfalfa RFV 160: legume Good. Moved to the yard stack with B.
    newBale({
      uid: 'A',
      creationLocation: atNorth,
      ...stacked(0),
      creationTime: '2025-06-02T10:00:00Z',
      weightKg: TON,
      rfv: 160,
    }),
    // Alfalfa RFV 180: legume Premium, 10 points above Premium's floor of 170.
    newBale({
      uid: 'B',
      creationLocation: atNorth,
      ...stacked(1),
      creationTime: '2025-06-02T11:00:00Z',
      weightKg: TON / 2,
      rfv: 180,
    }),
    // Loaded out (sold): not on hand.
    newBale({
      uid: 'C',
      creationLocation: atNorth,
      currentLocation: atNorth,
      creationTime: '2025-06-02T12:00:00Z',
      rfv: 140,
      loadType: 'retail',
    }),
    // Timothy CP 10: grass Good.
    newBale({
      uid: 'D',
      creationLocation: atSouth,
      currentLocation: atSouth,
      creationTime: '2025-06-03T10:00:00Z',
      weightKg: TON,
      protein: 10,
      rfv: 190,
    }),
    // In no field, so in no cutting: ungraded, unpriced.
    newBale({
      uid: 'E',
      creationLocation: { lat: 47, lon: -121 },
      currentLocation: { lat: 47, lon: -121 },
      creationTime: '2025-06-03T11:00:00Z',
      weightKg: 700,
    }),
    // Made on 20 June: not on hand on 10 June.
    newBale({
      uid: 'F',
      creationLocation: atNorth,
      currentLocation: atNorth,
      creationTime: '2025-06-20T10:00:00Z',
      weightKg: TON,
      rfv: 155,
    }),
  ]);
  const price = async (body: Record<string, unknown>) => {
    const response = await farm.post('/inventory/prices', {
      premiumPerRfvPoint: null,
      effectiveFrom: '2025-01-01',
      ...body,
    });
    expect(response.status).toBe(201);
  };
  await price({ grade: 'legume.Good', price: 200 });
  await price({ grade: 'legume.Premium', price: 250, premiumPerRfvPoint: 1 });
  await price({ grade: 'grass.Good', price: 150 });
  // The Good price changes on 15 June.
  await price({ grade: 'legume.Good', price: 240, effectiveFrom: '2025-06-15' });
  return { t, farm };
}

async function valueOn(farm: Farm, asOf?: string): Promise<InventoryValueResponse> {
  const response = await farm.get('/inventory/value', asOf ? { asOf } : {});
  expect(response.status).toBe(200);
  return inventoryValueResponseSchema.parse(await response.json());
}

describe('inventory value', () => {
  it('values the hay on hand with the prices of the day, per grade, stack, field, cutting and crop year', async () => {
    const { farm } = await pricedFarm();
    // Today (25 June): A 240 (Good's new price), B 0.5 × (250 + 10 × 1) = 130, D 150, F 240;
    // E unpriced; C sold.
    const today = await valueOn(farm);
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
    // The yard stack: A and B; average RFV 170 grades it Premium.
    expect(today.byStack).toHaveLength(1);
    expect(today.byStack[0]).toMatchObject({
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

  it('recomputes the value as it stood on an earlier day', async () => {
    const { farm } = await pricedFarm();
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
    const { farm } = await pricedFarm();
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

  it('refuses a negative price, an unknown grade and a missing day', async () => {
    const { farm } = await pricedFarm();
    const base = {
      grade: 'legume.Good',
      price: 100,
      premiumPerRfvPoint: null,
      effectiveFrom: '2025-07-01',
    };
    for (const body of [
      { ...base, price: -1 },
      { ...base, grade: 'legume.Excellent' },
      { ...base, effectiveFrom: '' },
    ]) {
      expect((await farm.post('/inventory/prices', body)).status).toBe(400);
    }
  });

  it('follows the organization units: per tonne when metric', async () => {
    const { t, farm } = await pricedFarm();
    await updateSettings(t.ctx.db, farm.orgId, {
      rfvEnabled: true,
      measurementSystem: 'MetricSI',
      cropYearStartMonth: 1,
    });
    const body = {
      grade: 'grass.Good',
      price: 165,
      premiumPerRfvPoint: 2,
      effectiveFrom: '2025-06-25',
    };
    const saved = gradePriceSchema.parse(await (await farm.post('/inventory/prices', body)).json());
    // Grass is graded by CP: no RFV premium is kept.
    expect(saved).toMatchObject({ unit: 'tonne', price: 165, premiumPerRfvPoint: null });
    // D (one short ton, 0.90718474 t) at 165 a tonne: 149.685…; the others keep their short-ton prices.
    const today = await valueOn(farm);
    expect(today.byGrade.find((g) => g.grade === 'grass.Good')?.value).toBe(149.69);
  });
});
