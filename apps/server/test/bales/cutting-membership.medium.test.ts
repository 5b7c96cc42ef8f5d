import { baleInfoResponseSchema } from '@baletrack/contracts/bales/bale-reads';
import { cropSchema } from '@baletrack/contracts/crops/crop';
import { cuttingSchema, type SaveCuttingRequest } from '@baletrack/contracts/cuttings/cutting';
import { fieldSchema } from '@baletrack/contracts/fields/field';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visibleBales } from '../../src/features/bales/bales.repository.ts';
import { cuttingMembership } from '../../src/features/bales/cutting-membership.repository.ts';
import { type Farm, ingest, newBale, newBaler, newFarm, square } from '../helpers/farm.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function ok(response: Response, status = 200) {
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(status);
  return body;
}

const NORTH = { lat: 46.6, lon: -120.5 };
const SOUTH = { lat: 46.5, lon: -120.5 };

/** Two fields, a crop, and bales made on them around a cutting of 1–10 June 2025. */
async function farmWithCutting() {
  const farm = await newFarm(t);
  const baler = await newBaler(t.ctx, farm.orgId, { activeMonths: ['2025-05', '2025-06'] });
  const post = async (path: string, body: unknown) => ok(await farm.post(path, body), 201);
  const north = fieldSchema.parse(
    await post('/fields', {
      name: 'North',
      sizeHectares: null,
      boundary: square(NORTH.lon, NORTH.lat),
    }),
  );
  const south = fieldSchema.parse(
    await post('/fields', {
      name: 'South',
      sizeHectares: null,
      boundary: square(SOUTH.lon, SOUTH.lat),
    }),
  );
  const crop = cropSchema.parse(
    await ok(await farm.call('POST', '/crops', { name: 'Alfalfa' }), 201),
  );
  const request: SaveCuttingRequest = {
    name: 'First cutting',
    startDate: '2025-06-01',
    endDate: '2025-06-10',
    fieldIds: [north.id],
    cropId: crop.id,
    year: 2025,
  };
  const cutting = cuttingSchema.parse(await post('/cuttings', request));
  const bale = (creationTime: string, place = NORTH) =>
    newBale({ creationTime, creationLocation: place, currentLocation: place });
  const bales = {
    firstMoment: bale('2025-06-01T00:00:00Z'),
    lastMoment: bale('2025-06-10T23:59:59Z'),
    dayBefore: bale('2025-05-31T23:59:59Z'),
    dayAfter: bale('2025-06-11T00:00:00Z'),
    otherField: bale('2025-06-05T12:00:00Z', SOUTH),
    noField: bale('2025-06-05T12:00:00Z', { lat: 46.7, lon: -120.5 }),
  };
  await ingest(t, baler.apiKey, Object.values(bales));
  return { farm, north, south, crop, cutting, request, bales };
}

async function cuttingsOfBale(farm: Farm, uid: string) {
  const info = baleInfoResponseSchema.parse(await ok(await farm.get('/bale-info/get', { uid })));
  return info.cuttings.map((c) => `${c.name} (${c.crop?.name ?? 'no crop'})`);
}

describe('cutting membership', () => {
  it("puts a bale in a cutting when made on one of its fields within its days, with the cutting's crop", async () => {
    const { farm, bales } = await farmWithCutting();
    const inCutting = ['First cutting (Alfalfa)'];
    expect(await cuttingsOfBale(farm, bales.firstMoment.uid)).toEqual(inCutting);
    expect(await cuttingsOfBale(farm, bales.lastMoment.uid)).toEqual(inCutting);
    for (const outside of [bales.dayBefore, bales.dayAfter, bales.otherField, bales.noField]) {
      expect(await cuttingsOfBale(farm, outside.uid)).toEqual([]);
    }
  });

  it('follows changes of the cutting, its crop and the fields', async () => {
    const { farm, north, south, crop, cutting, request, bales } = await farmWithCutting();
    const uid = bales.otherField.uid;
    await ok(
      await farm.put(`/cuttings/${cutting.id}`, { ...request, fieldIds: [north.id, south.id] }),
    );
    expect(await cuttingsOfBale(farm, uid)).toEqual(['First cutting (Alfalfa)']);
    await ok(await farm.call('PUT', `/crops/${crop.id}`, { name: 'Alfalfa, dairy' }));
    expect(await cuttingsOfBale(farm, uid)).toEqual(['First cutting (Alfalfa, dairy)']);

    // Redrawing the South field away from the bale takes it out of the field and the cutting.
    await ok(
      await farm.put(`/fields/${south.id}`, {
        name: 'South',
        sizeHectares: null,
        boundary: square(-120.3, 46.5),
      }),
    );
    expect(await cuttingsOfBale(farm, uid)).toEqual([]);

    // A cutting without a crop still holds its bales; they have no crop.
    await ok(await farm.put(`/cuttings/${cutting.id}`, { ...request, cropId: null }));
    expect(await cuttingsOfBale(farm, bales.firstMoment.uid)).toEqual(['First cutting (no crop)']);
    expect((await farm.delete(`/cuttings/${cutting.id}`)).status).toBe(204);
    expect(await cuttingsOfBale(farm, bales.firstMoment.uid)).toEqual([]);
  });

  it('puts a bale in every cutting it matches', async () => {
    const { farm, request, bales } = await farmWithCutting();
    await ok(
      await farm.post('/cuttings', { ...request, name: 'Overlap', startDate: '2025-06-10' }),
      201,
    );
    expect(await cuttingsOfBale(farm, bales.lastMoment.uid)).toEqual([
      'First cutting (Alfalfa)',
      'Overlap (Alfalfa)',
    ]);
  });

  it('is one condition filters can use: in some cuttings, in a crop, or in none', async () => {
    const { farm, crop, cutting, bales } = await farmWithCutting();
    const uids = (rows: { uid: string }[]) => rows.map((row) => row.uid).sort();
    const base = () => visibleBales(t.ctx.db, farm.orgId).select('bales.uid');
    const inCuttings = await base()
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('cuttings')
            .select('cuttings.id')
            .where(cuttingMembership)
            .where('cuttings.id', 'in', [cutting.id]),
        ),
      )
      .execute();
    expect(uids(inCuttings)).toEqual([bales.firstMoment.uid, bales.lastMoment.uid].sort());
    const ofCrop = await base()
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('cuttings')
            .select('cuttings.id')
            .where(cuttingMembership)
            .where('cuttings.cropId', '=', crop.id),
        ),
      )
      .execute();
    expect(uids(ofCrop)).toEqual(uids(inCuttings));
    const withoutCutting = await base()
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('cuttings').select('cuttings.id').where(cuttingMembership))),
      )
      .execute();
    expect(uids(withoutCutting)).toEqual(
      [bales.dayBefore, bales.dayAfter, bales.otherField, bales.noField].map((b) => b.uid).sort(),
    );
  });
});
