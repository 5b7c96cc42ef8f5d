import {
  availableYearsResponseSchema,
  baleInfoResponseSchema,
  balerActiveBalesResponseSchema,
  balesPageResponseSchema,
  balesResponseSchema,
} from '@baletrack/contracts/bales/bale-reads';
import { manualScanResponseSchema } from '@baletrack/contracts/bales/manual-scan';
import { apiErrorSchema } from '@baletrack/contracts/errors/api-error';
import { fieldsResponseSchema } from '@baletrack/contracts/fields/field';
import {
  clustersResponseSchema,
  mapMessages,
  stacksResponseSchema,
} from '@baletrack/contracts/map/map';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ingest,
  metres,
  newBale,
  newBaler,
  newFarm,
  newField,
  newGeofence,
  square,
  stackedBales,
} from '../helpers/farm.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function ok(response: Response) {
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body;
}

async function refused(response: Response, status: number) {
  expect(response.status).toBe(status);
  return apiErrorSchema.parse(await response.json());
}

const uidsOf = (bales: { uid: string }[]) => bales.map((bale) => bale.uid).sort();

async function farmWithBaler(months = ['2024-06', '2025-06', '2025-07']) {
  const farm = await newFarm(t);
  const baler = await newBaler(t.ctx, farm.orgId, { name: 'Krone 1', activeMonths: months });
  return { farm, baler };
}

describe('GET /bales/get', () => {
  it('returns the bales lying in the view, made within the dates', async () => {
    const { farm, baler } = await farmWithBaler();
    const here = newBale({ creationLocation: { lat: 46.6, lon: -120.5 } });
    const july = newBale({ creationTime: '2025-07-15T10:00:00Z' });
    const lastYear = newBale({ creationTime: '2024-06-15T10:00:00Z' });
    const elsewhere = newBale({ creationLocation: { lat: 47.6, lon: -121.5 } });
    await ingest(t, baler.apiKey, [here, july, lastYear, elsewhere]);
    const view = { west: -120.6, south: 46.5, east: -120.4, north: 46.7 };

    const inView = balesResponseSchema.parse(await ok(await farm.get('/bales/get', view)));
    expect(uidsOf(inView.bales)).toEqual(uidsOf([here, july, lastYear]));
    expect(inView.truncated).toBe(false);
    const in2025 = balesResponseSchema.parse(
      await ok(await farm.get('/bales/get', { ...view, year: 2025 })),
    );
    expect(uidsOf(in2025.bales)).toEqual(uidsOf([here, july]));
    const june = balesResponseSchema.parse(
      await ok(await farm.get('/bales/get', { ...view, from: '2025-06-01', to: '2025-06-30' })),
    );
    expect(uidsOf(june.bales)).toEqual([here.uid]);
    const toTheSecond = balesResponseSchema.parse(
      await ok(await farm.get('/bales/get', { ...view, to: '2025-06-02T14:31:07Z', year: 2025 })),
    );
    expect(uidsOf(toTheSecond.bales)).toEqual([here.uid]);
  });

  it('refuses a view that is not one, with a clear message', async () => {
    const { farm } = await farmWithBaler();
    const missing = await refused(await farm.get('/bales/get', { west: 1 }), 400);
    expect(missing.issues?.map((i) => i.path)).toEqual(
      expect.arrayContaining(['south', 'east', 'north']),
    );
    const upsideDown = await refused(
      await farm.get('/bales/get', { west: 0, south: 10, east: 1, north: 5 }),
      400,
    );
    expect(upsideDown.message).toBe('South must not be above north.');
    const badDate = await refused(
      await farm.get('/bales/get', { west: 0, south: 0, east: 1, north: 1, from: 'June' }),
      400,
    );
    expect(badDate.message).toBe('Enter a valid date.');
  });

  it('answers 401 without a token', async () => {
    const response = await fetch(`${t.url}/data-api/bales/get?west=0&south=0&east=1&north=1`);
    expect(response.status).toBe(401);
  });
});

describe('GET /bales/all and /bales/all-paginated', () => {
  it('pages through every bale in a stable order, without duplicates or gaps', async () => {
    const { farm, baler } = await farmWithBaler();
    const bales = Array.from({ length: 23 }, () => newBale());
    await ingest(t, baler.apiKey, bales);

    const all = balesResponseSchema.parse(await ok(await farm.get('/bales/all')));
    expect(uidsOf(all.bales)).toEqual(uidsOf(bales));

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = balesPageResponseSchema.parse(
        await ok(await farm.get('/bales/all-paginated', { limit: 5, cursor })),
      );
      seen.push(...page.bales.map((b) => b.uid));
      cursor = page.nextCursor ?? undefined;
      pages += 1;
      // A bale arriving between pages neither repeats nor hides another.
      if (pages === 2) await ingest(t, baler.apiKey, [newBale({ uid: 'ZZZ-late' })]);
    } while (cursor);
    expect(pages).toBe(5);
    expect(seen).toEqual([...uidsOf(bales), 'ZZZ-late'].sort());
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('filters by year and refuses a bad cursor or limit', async () => {
    const { farm, baler } = await farmWithBaler();
    const old = newBale({ creationTime: '2024-06-01T00:00:00Z' });
    await ingest(t, baler.apiKey, [old, newBale()]);
    const page = balesPageResponseSchema.parse(
      await ok(await farm.get('/bales/all-paginated', { year: 2024 })),
    );
    expect(uidsOf(page.bales)).toEqual([old.uid]);
    expect(page.nextCursor).toBeNull();
    const badCursor = await refused(
      await farm.get('/bales/all-paginated', { cursor: '!!not-a-cursor' }),
      400,
    );
    expect(badCursor.message).toBe(mapMessages.cursorInvalid);
    await refused(await farm.get('/bales/all-paginated', { limit: 1001 }), 400);
    await refused(await farm.get('/bales/all', { year: 'last' }), 400);
  });
});

describe('GET /bale-info/get', () => {
  it('returns the whole bale with its fields, baler, stack and storage area', async () => {
    const { farm, baler } = await farmWithBaler();
    const field = await newField(t.ctx, farm.orgId, { name: 'River 12' });
    const yard = { lat: 46.63, lon: -120.45 };
    await newGeofence(t.ctx, farm.orgId, {
      name: 'Barn',
      boundary: square(yard.lon, yard.lat, 0.002),
    });
    const loose = newBale({ loadType: 'retail', stackType: 'pyramid', wrapsPerBale: 4 });
    const stacked = stackedBales(2, yard);
    await ingest(t, baler.apiKey, [loose, ...stacked]);

    const info = baleInfoResponseSchema.parse(
      await ok(await farm.get('/bale-info/get', { uid: loose.uid })),
    );
    const { dryMassKg, rfv, ...sent } = loose;
    expect(info.bale).toEqual({
      ...sent,
      creationTime: '2025-06-02T14:31:07.000Z',
      dryMassKg: 556.8,
      rfv: 152.4,
      balerVin: baler.vin,
      fieldUIDs: [field.id],
    });
    expect(info).toMatchObject({
      fields: [{ id: field.id, name: 'River 12' }],
      baler: { id: baler.id, name: 'Krone 1', vin: baler.vin },
      stackId: null,
      geofence: null,
    });

    const inStack = baleInfoResponseSchema.parse(
      await ok(await farm.get('/bale-info/get', { uid: stacked[0]?.uid })),
    );
    expect(inStack.stackId).toEqual(expect.any(String));
    expect(inStack.geofence).toMatchObject({ name: 'Barn' });
  });

  it('answers 404 for an unknown uid and 400 without one', async () => {
    const { farm } = await farmWithBaler();
    const missing = await refused(await farm.get('/bale-info/get', { uid: 'nope' }), 404);
    expect(missing.message).toBe(mapMessages.baleNotFound);
    await refused(await farm.get('/bale-info/get'), 400);
  });
});

describe('GET /available-years, /balers/active-bales and /fields', () => {
  it('lists the years, the bales per baler and the fields', async () => {
    const { farm, baler } = await farmWithBaler();
    const idle = await newBaler(t.ctx, farm.orgId, { name: 'Idle', activeMonths: [] });
    await newField(t.ctx, farm.orgId, { name: 'Home', boundary: square(-120.5, 46.6, 0.01) });
    await ingest(t, baler.apiKey, [
      newBale({ creationTime: '2024-06-01T00:00:00Z' }),
      newBale({ creationTime: '2025-07-31T23:59:59Z' }),
      newBale(),
      // Made in a month without subscription: counted as locked, not shown, nor its year.
      newBale({ creationTime: '2025-08-01T00:00:00Z' }),
      newBale({ creationTime: '2023-05-01T00:00:00Z' }),
    ]);
    await ingest(t, idle.apiKey, [newBale()]);

    expect(
      availableYearsResponseSchema.parse(await ok(await farm.get('/available-years'))),
    ).toEqual({
      years: [2024, 2025],
    });
    const balers = balerActiveBalesResponseSchema.parse(
      await ok(await farm.get('/balers/active-bales', { year: 2025 })),
    );
    expect(balers.balers).toEqual([
      {
        id: idle.id,
        name: 'Idle',
        vin: idle.vin,
        active: true,
        baleCount: 0,
        lockedCount: 1,
        lastBaleAt: null,
      },
      {
        id: baler.id,
        name: 'Krone 1',
        vin: baler.vin,
        active: true,
        baleCount: 2,
        lockedCount: 1,
        lastBaleAt: '2025-07-31T23:59:59.000Z',
      },
    ]);
    const fields = fieldsResponseSchema.parse(await ok(await farm.get('/fields')));
    expect(fields.fields).toEqual([
      {
        id: expect.any(String),
        name: 'Home',
        sizeHectares: null,
        areaHectares: expect.closeTo(85, -1),
        boundary: square(-120.5, 46.6, 0.01),
      },
    ]);
  });
});

describe('POST /bales/manual-scan', () => {
  it('moves scanned bales, ignores older scans and reports unknown tags', async () => {
    const { farm, baler } = await farmWithBaler();
    const bale = newBale({ tagSerialNumber: 'TAG-MOVE-1' });
    await ingest(t, baler.apiKey, [bale]);
    const scan = (tag: string, at: string, lat = 46.65) => ({
      tagSerialNumber: tag,
      location: { lat, lon: -120.4 },
      scannedAt: at,
    });

    const moved = manualScanResponseSchema.parse(
      await ok(
        await farm.post('/bales/manual-scan', {
          scans: [
            scan('TAG-MOVE-1', '2025-07-01T08:00:00Z'),
            scan('TAG-UNKNOWN', '2025-07-01T08:00:00Z'),
          ],
        }),
      ),
    );
    expect(moved).toEqual({ moved: 1, unknownTags: ['TAG-UNKNOWN'] });
    // An older scan arriving late leaves the bale where the newer one put it.
    const stale = manualScanResponseSchema.parse(
      await ok(
        await farm.post('/bales/manual-scan', {
          scans: [scan('TAG-MOVE-1', '2025-06-20T08:00:00Z', 46.7)],
        }),
      ),
    );
    expect(stale).toEqual({ moved: 0, unknownTags: [] });
    const info = baleInfoResponseSchema.parse(
      await ok(await farm.get('/bale-info/get', { uid: bale.uid })),
    );
    expect(info.bale).toMatchObject({
      creationLocation: bale.creationLocation,
      currentLocation: { lat: 46.65, lon: -120.4 },
      updateTime: '2025-07-01T08:00:00.000Z',
    });
    // The map sees the move at once.
    const inView = balesResponseSchema.parse(
      await ok(
        await farm.get('/bales/get', { west: -120.41, south: 46.64, east: -120.39, north: 46.66 }),
      ),
    );
    expect(uidsOf(inView.bales)).toEqual([bale.uid]);
  });

  it('stacks bales scanned side by side away from where they were made', async () => {
    const { farm, baler } = await farmWithBaler();
    const bales = Array.from({ length: 3 }, (_, i) =>
      newBale({ tagSerialNumber: `TAG-STACK-${i}` }),
    );
    await ingest(t, baler.apiKey, bales);
    await ok(
      await farm.post('/bales/manual-scan', {
        scans: bales.map((bale, i) => ({
          tagSerialNumber: bale.tagSerialNumber,
          location: { lat: 46.61, lon: -120.49 + metres.lon(1.2 * i) },
          scannedAt: '2025-07-01T08:00:00Z',
        })),
      }),
    );
    const info = baleInfoResponseSchema.parse(
      await ok(await farm.get('/bale-info/get', { uid: bales[0]?.uid })),
    );
    expect(info.stackId).not.toBeNull();
  });

  it('names a stack longer than the ground first searched around the bale, as the map does', async () => {
    const { farm, baler } = await farmWithBaler();
    // 160 bales 1.5 m apart: a row of 240 m, past the 100 m first read around either end.
    const row = stackedBales(160, { lat: 46.62, lon: -120.47 });
    await ingest(t, baler.apiKey, row);
    const { stacks } = stacksResponseSchema.parse(await ok(await farm.get('/stacks/get')));
    expect(stacks).toHaveLength(1);
    expect(stacks[0]?.count).toBe(160);
    for (const bale of [row[0], row[80], row[159]]) {
      const info = baleInfoResponseSchema.parse(
        await ok(await farm.get('/bale-info/get', { uid: bale?.uid })),
      );
      expect(info.stackId).toBe(stacks[0]?.id);
    }
    // A close map view of the row's middle (10 m each way) draws the whole stack too.
    const middle = { lat: 46.62, lon: -120.47 + metres.lon(1.5 * 80) };
    for (const zoom of [16, 18]) {
      const view = clustersResponseSchema.parse(
        await ok(
          await farm.get('/clusters/get', {
            west: middle.lon - metres.lon(10),
            east: middle.lon + metres.lon(10),
            south: middle.lat - metres.lat(10),
            north: middle.lat + metres.lat(10),
            zoom,
          }),
        ),
      );
      expect(
        view.stacks.map((stack) => [stack.id, stack.count]),
        `zoom ${zoom}`,
      ).toEqual([[stacks[0]?.id, 160]]);
    }
  });

  it('refuses an empty scan list', async () => {
    const { farm } = await farmWithBaler();
    await refused(await farm.post('/bales/manual-scan', { scans: [] }), 400);
  });
});
