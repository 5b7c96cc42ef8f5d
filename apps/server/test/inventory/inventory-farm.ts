import { cropSchema } from '@baletrack/contracts/crops/crop';
import { expect } from 'vitest';
import {
  ingest,
  newBale,
  newBaler,
  newFarm,
  newField,
  newGeofence,
  square,
} from '../helpers/farm.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

// The organization is Imperial US, so prices are per short ton (907.18474 kg).
export const TON = 907.18474;

const yard = { lat: 46.62, lon: -120.5 };

/** The app the priced farm's figures are worked out for: 25 June 2025, billing off. */
export const pricedFarmApp = () =>
  startTestApp({ startAt: '2025-06-25T12:00:00Z', env: { BILLING: 'off' } });

/**
 * A farm valued by hand in the inventory tests: alfalfa on North 40 and timothy on South, six
 * bales (A–F) and four price rows (the legume Good price changes on 15 June). In an app of its
 * own (the caller closes `t`), or a new organization in `shared`.
 */
export async function pricedFarm(shared?: TestApp) {
  const t = shared ?? (await pricedFarmApp());
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
  await newGeofence(t.ctx, farm.orgId, {
    name: 'Home yard',
    boundary: square(yard.lon, yard.lat, 0.002),
  });
  const baler = await newBaler(t.ctx, farm.orgId);
  const atNorth = { lat: 46.6, lon: -120.5 };
  const atSouth = { lat: 46.6, lon: -120.4 };
  const stacked = (i: number) => ({
    currentLocation: { lat: yard.lat, lon: yard.lon + 0.00002 * i },
    updateTime: '2025-06-03T10:00:00Z',
  });
  const bales = [
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
  ];
  await ingest(t, baler.apiKey, bales);
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
  return { t, farm, baler, bales };
}
