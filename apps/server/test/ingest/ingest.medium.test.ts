import {
  baleInfoResponseSchema,
  balesPageResponseSchema,
} from '@baletrack/contracts/bales/bale-reads';
import { apiErrorSchema } from '@baletrack/contracts/errors/api-error';
import {
  ingestMessages,
  ingestResponseSchema,
  MAX_INGEST_BATCH,
} from '@baletrack/contracts/ingest/ingest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestBales } from '../../src/features/ingest/ingest.service.ts';
import {
  type Farm,
  ingest,
  newBale,
  newBaler,
  newFarm,
  newField,
  postIngest,
  square,
  storedBaleCount,
} from '../helpers/farm.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const storedCount = (orgId: string) => storedBaleCount(t.ctx, orgId);

async function allBales(farm: Farm) {
  const response = await farm.get('/bales/all-paginated', { limit: 1000 });
  expect(response.status).toBe(200);
  return balesPageResponseSchema.parse(await response.json()).bales;
}

async function expectRefused(response: Response, status: number, message: string | RegExp) {
  expect(response.status).toBe(status);
  const body = apiErrorSchema.parse(await response.json());
  expect(body.message).toMatch(message);
  return body;
}

describe('POST /ingest/v1/bales: keys', () => {
  it('refuses a missing or unknown key with 401 and stores nothing', async () => {
    const farm = await newFarm(t);
    await newBaler(t.ctx, farm.orgId);
    const bales = [newBale()];
    await expectRefused(
      await postIngest(t, undefined, { bales }),
      401,
      ingestMessages.apiKeyMissing,
    );
    await expectRefused(await postIngest(t, '', { bales }), 401, ingestMessages.apiKeyMissing);
    await expectRefused(
      await postIngest(t, 'bt_guess', { bales }),
      401,
      ingestMessages.apiKeyUnknown,
    );
    expect(await storedCount(farm.orgId)).toBe(0);
  });

  it('refuses the key of a deactivated baler', async () => {
    const farm = await newFarm(t);
    const baler = await newBaler(t.ctx, farm.orgId);
    await t.ctx.db
      .updateTable('balers')
      .set({ active: false })
      .where('id', '=', baler.id)
      .execute();
    await expectRefused(
      await postIngest(t, baler.apiKey, { bales: [newBale()] }),
      401,
      ingestMessages.apiKeyUnknown,
    );
  });

  it("stores bales under the key's baler and organization, whatever the record says", async () => {
    const farm = await newFarm(t);
    const baler = await newBaler(t.ctx, farm.orgId);
    const record = { ...newBale(), balerVin: 'ZZZZZZZZZZZZZZZZZ', fieldUIDs: ['x'] };
    expect(await ingest(t, baler.apiKey, [record])).toEqual({
      created: 1,
      updated: 0,
      unchanged: 0,
      rejected: [],
    });
    const [stored] = await allBales(farm);
    expect(stored).toMatchObject({ uid: record.uid, balerVin: baler.vin, fieldUIDs: [] });
  });

  it('stores every value exactly as sent, quotes, backslashes and the word NULL included', async () => {
    const farm = await newFarm(t);
    const baler = await newBaler(t.ctx, farm.orgId);
    const odd = newBale({
      uid: 'Q"uote\\back,{comma} NULL',
      creationTime: '2025-06-02T14:31:07.250Z',
      tagSerialNumber: 'NULL',
      weightKg: 0.1 + 0.2,
      avgMoisture: 13.333333333333334,
      stackType: '',
      temperature: null,
      flakeCount: 0,
      missingTags: true,
    });
    const plain = newBale({ tagSerialNumber: null, loadType: null, rfv: null });
    await ingest(t, baler.apiKey, [odd, plain]);
    const stored = await allBales(farm);
    const byUid = new Map(stored.map((bale) => [bale.uid, bale]));
    const { dryMassKg: _, rfv: __, ...sent } = odd;
    expect(byUid.get(odd.uid)).toMatchObject(sent);
    expect(byUid.get(plain.uid)).toMatchObject({
      tagSerialNumber: null,
      loadType: null,
      rfv: null,
    });
    // Sent again, equal in every value: nothing to write.
    expect(await ingest(t, baler.apiKey, [odd, plain])).toMatchObject({ unchanged: 2 });
  });
});

describe('POST /ingest/v1/bales: idempotence and updates', () => {
  it('stores a batch once: a resent batch changes nothing', async () => {
    const farm = await newFarm(t);
    const baler = await newBaler(t.ctx, farm.orgId);
    const bales = Array.from({ length: 30 }, () => newBale());
    expect(await ingest(t, baler.apiKey, bales)).toMatchObject({ created: 30, updated: 0 });
    const before = await t.ctx.db
      .selectFrom('bales')
      .select(['uid', 'version', 'changedAt'])
      .where('orgId', '=', farm.orgId)
      .orderBy('uid')
      .execute();

    expect(await ingest(t, baler.apiKey, bales)).toEqual({
      created: 0,
      updated: 0,
      unchanged: 30,
      rejected: [],
    });
    const after = await t.ctx.db
      .selectFrom('bales')
      .select(['uid', 'version', 'changedAt'])
      .where('orgId', '=', farm.orgId)
      .orderBy('uid')
      .execute();
    expect(after).toEqual(before);
    expect(await storedCount(farm.orgId)).toBe(30);
  });

  it('updates a known bale that was moved or re-weighed, and ignores an older record after it', async () => {
    const farm = await newFarm(t);
    const baler = await newBaler(t.ctx, farm.orgId);
    const original = newBale();
    await ingest(t, baler.apiKey, [original]);
    const moved = {
      ...original,
      currentLocation: { lat: 46.61, lon: -120.49 },
      weightKg: 655,
      updateTime: '2025-06-10T08:00:00Z',
    };
    expect(await ingest(t, baler.apiKey, [moved])).toMatchObject({ created: 0, updated: 1 });
    // The original batch retried late must not move the bale back.
    expect(await ingest(t, baler.apiKey, [original])).toMatchObject({ updated: 0, unchanged: 1 });

    const info = baleInfoResponseSchema.parse(
      await (await farm.get('/bale-info/get', { uid: original.uid })).json(),
    );
    expect(info.bale).toMatchObject({
      currentLocation: { lat: 46.61, lon: -120.49 },
      weightKg: 655,
      dryMassKg: 569.85,
      updateTime: '2025-06-10T08:00:00.000Z',
    });
  });

  it('keeps the last record of a uid sent twice in one batch', async () => {
    const farm = await newFarm(t);
    const baler = await newBaler(t.ctx, farm.orgId);
    const first = newBale();
    const second = { ...first, weightKg: 700, updateTime: '2025-06-03T00:00:00Z' };
    expect(await ingest(t, baler.apiKey, [first, second])).toEqual({
      created: 1,
      updated: 0,
      unchanged: 1,
      rejected: [],
    });
    const [stored] = await allBales(farm);
    expect(stored?.weightKg).toBe(700);
  });

  it('computes dry mass and RFV when absent, and keeps them when sent', async () => {
    const farm = await newFarm(t);
    const baler = await newBaler(t.ctx, farm.orgId);
    const computed = newBale({ weightKg: 500, avgMoisture: 14, adf: 41, ndf: 53 });
    const sent = newBale({ dryMassKg: 400, rfv: 123 });
    const noNutrition = newBale({ adf: null, ndf: null });
    await ingest(t, baler.apiKey, [computed, sent, noNutrition]);
    const byUid = new Map((await allBales(farm)).map((b) => [b.uid, b]));
    expect(byUid.get(computed.uid)).toMatchObject({ dryMassKg: 430, rfv: 100 });
    expect(byUid.get(sent.uid)).toMatchObject({ dryMassKg: 400, rfv: 123 });
    expect(byUid.get(noNutrition.uid)?.rfv).toBeNull();
  });

  it('is what the demo seeding calls directly: ingestBales(ctx, baler, records)', async () => {
    const farm = await newFarm(t);
    const baler = await newBaler(t.ctx, farm.orgId);
    const records = Array.from({ length: 1200 }, () => newBale());
    const result = ingestResponseSchema.parse(await ingestBales(t.ctx, baler, records));
    expect(result).toEqual({ created: 1200, updated: 0, unchanged: 0, rejected: [] });
    expect(await ingestBales(t.ctx, baler, records)).toMatchObject({ unchanged: 1200 });
  });
});

describe('POST /ingest/v1/bales: field assignment', () => {
  it('assigns the fields whose boundary contains the creation location (holes and multipolygons too)', async () => {
    const farm = await newFarm(t);
    const baler = await newBaler(t.ctx, farm.orgId);
    const outer = square(-120.5, 46.6, 0.02);
    const hole = square(-120.5, 46.6, 0.004).coordinates[0] ?? [];
    const north = await newField(t.ctx, farm.orgId, {
      name: 'Ring field',
      boundary: { type: 'Polygon', coordinates: [outer.coordinates[0] ?? [], hole] },
    });
    const overlapping = await newField(t.ctx, farm.orgId, {
      name: 'Two parts',
      boundary: {
        type: 'MultiPolygon',
        coordinates: [
          square(-120.495, 46.605, 0.004).coordinates,
          square(-120.3, 46.6).coordinates,
        ],
      },
    });
    // Another farm's field at the same place is never assigned.
    const other = await newFarm(t);
    await newField(t.ctx, other.orgId, { boundary: square(-120.5, 46.6, 0.05) });

    const inRing = newBale({ creationLocation: { lat: 46.595, lon: -120.495 } });
    const inHole = newBale({ creationLocation: { lat: 46.6, lon: -120.5 } });
    const inBoth = newBale({ creationLocation: { lat: 46.605, lon: -120.495 } });
    const inSecondPart = newBale({ creationLocation: { lat: 46.6, lon: -120.3 } });
    const outside = newBale({ creationLocation: { lat: 47, lon: -121 } });
    await ingest(t, baler.apiKey, [inRing, inHole, inBoth, inSecondPart, outside]);

    const byUid = new Map((await allBales(farm)).map((b) => [b.uid, b.fieldUIDs]));
    expect(byUid.get(inRing.uid)).toEqual([north.id]);
    expect(byUid.get(inHole.uid)).toEqual([]);
    expect(byUid.get(inBoth.uid)?.sort()).toEqual([north.id, overlapping.id].sort());
    expect(byUid.get(inSecondPart.uid)).toEqual([overlapping.id]);
    expect(byUid.get(outside.uid)).toEqual([]);

    const info = baleInfoResponseSchema.parse(
      await (await farm.get('/bale-info/get', { uid: inBoth.uid })).json(),
    );
    expect(info.fields.map((f) => f.name).sort()).toEqual(['Ring field', 'Two parts']);
  });
});

describe('POST /ingest/v1/bales: bad records and bodies', () => {
  it('stores the good records of a partial batch and reports each bad one with index and reason', async () => {
    const farm = await newFarm(t);
    const baler = await newBaler(t.ctx, farm.orgId);
    const good = [newBale(), newBale(), newBale()];
    const batch = [
      good[0],
      { ...newBale(), uid: 'BAD-WEIGHT', weightKg: -5 },
      good[1],
      'not a bale',
      { ...newBale(), uid: 'BAD-SIZE', baleSize: 'Huge', bindingMode: 'Tape' },
      { ...newBale(), creationTime: 'yesterday', uid: undefined },
      good[2],
      { ...newBale(), uid: 'LINE\nBREAK' },
    ];
    const response = await postIngest(t, baler.apiKey, { bales: batch });
    expect(response.status).toBe(200);
    const result = ingestResponseSchema.parse(await response.json());
    expect(result.created).toBe(3);
    expect(result.rejected.map((r) => [r.index, r.uid])).toEqual([
      [1, 'BAD-WEIGHT'],
      [3, undefined],
      [4, 'BAD-SIZE'],
      [5, undefined],
      [7, 'LINE\nBREAK'],
    ]);
    expect(result.rejected[0]?.reason).toMatch(/^weightKg: /);
    expect(result.rejected[1]?.reason).toBe('A bale must be a JSON object.');
    expect(result.rejected[2]?.reason).toMatch(/baleSize: .*; bindingMode: /);
    expect(result.rejected[3]?.reason).toMatch(/uid: .*creationTime: /);
    expect(result.rejected[4]?.reason).toBe('uid: A uid must not contain control characters.');
    expect((await allBales(farm)).map((b) => b.uid).sort()).toEqual(good.map((b) => b.uid).sort());
  });

  it('refuses empty, non-JSON, wrongly shaped and oversized bodies with a clear 4xx, storing nothing', async () => {
    const farm = await newFarm(t);
    const { apiKey } = await newBaler(t.ctx, farm.orgId);
    const cases: [Response, number, string | RegExp][] = [
      [await postIngest(t, apiKey, undefined, { raw: '' }), 400, /empty/],
      [await postIngest(t, apiKey, undefined, { raw: '{"bales": [' }), 400, /not valid JSON/],
      [
        await postIngest(t, apiKey, undefined, { raw: 'bales', contentType: 'text/plain' }),
        400,
        ingestMessages.bodyNotBatch,
      ],
      [
        await postIngest(t, apiKey, undefined, { raw: '<b/>', contentType: 'application/xml' }),
        415,
        /content type/,
      ],
      [await postIngest(t, apiKey, {}), 400, ingestMessages.bodyNotBatch],
      [await postIngest(t, apiKey, [newBale()]), 400, ingestMessages.bodyNotBatch],
      [await postIngest(t, apiKey, { bales: 'many' }), 400, ingestMessages.bodyNotBatch],
      [await postIngest(t, apiKey, { bales: [] }), 400, ingestMessages.batchEmpty],
      [
        await postIngest(t, apiKey, {
          bales: Array.from({ length: MAX_INGEST_BATCH + 1 }, () => 1),
        }),
        400,
        ingestMessages.batchTooLarge,
      ],
      [
        await postIngest(t, apiKey, { bales: [{ uid: 'x'.repeat(13 * 1024 * 1024) }] }),
        413,
        /too large/,
      ],
    ];
    for (const [response, status, message] of cases) await expectRefused(response, status, message);
    expect(await storedCount(farm.orgId)).toBe(0);
  });

  it('reads the body record by record as a whole-body parse would, storing nothing it refuses', async () => {
    // The body is parsed while its COPY runs (ingest-body.ts): a fault after good records must
    // still refuse the whole body, and what a whole-body parse takes must still be taken.
    const farm = await newFarm(t);
    const { apiKey } = await newBaler(t.ctx, farm.orgId);
    const good = JSON.stringify(newBale());
    const many = Array.from({ length: 3_000 }, () => JSON.stringify(newBale())).join(',');
    const raw = (body: string) => postIngest(t, apiKey, undefined, { raw: body });
    const cases: [Response, number, string | RegExp][] = [
      // Well past the COPY's first chunks, so rows were already sent when the fault is read.
      [await raw(`{"bales":[${many},${good.slice(0, -1)}]}`), 400, /not valid JSON/],
      [await raw(`{"bales":[${good}],"bales":[${good}]}`), 400, ingestMessages.bodyNotBatch],
      [await raw(`{"__proto__":{"admin":true},"bales":[${good}]}`), 400, /not valid JSON/],
      [await raw(`{"bales":[${good},{"__proto__":{"admin":true}}]}`), 400, /not valid JSON/],
      [
        await raw(`{"bales":[${`${good},`.repeat(MAX_INGEST_BATCH)}${good}]}`),
        400,
        ingestMessages.batchTooLarge,
      ],
      [await raw(`{"bales":[${good}]} trailing`), 400, /not valid JSON/],
    ];
    for (const [response, status, message] of cases) await expectRefused(response, status, message);
    expect(await storedCount(farm.orgId)).toBe(0);

    const withMark = await raw(`\ufeff {"note":{"from":"[1,2]"}, "bales" : [ ${good} ] }`);
    expect(withMark.status).toBe(200);
    expect(await storedCount(farm.orgId)).toBe(1);
  });

  it('refuses a batch of nothing but garbage with 400, listing each record, storing nothing', async () => {
    const farm = await newFarm(t);
    const { apiKey } = await newBaler(t.ctx, farm.orgId);
    const response = await postIngest(t, apiKey, { bales: [1, null, { uid: 'A' }, []] });
    const body = await expectRefused(response, 400, ingestMessages.noValidRecord);
    expect(body.issues?.map((i) => i.path)).toEqual(['bales.0', 'bales.1', 'bales.2', 'bales.3']);
    expect(await storedCount(farm.orgId)).toBe(0);
  });

  it('takes a full batch of 5,000 records', async () => {
    const farm = await newFarm(t);
    const { apiKey } = await newBaler(t.ctx, farm.orgId);
    const bales = Array.from({ length: MAX_INGEST_BATCH }, () => newBale());
    expect(await ingest(t, apiKey, bales)).toMatchObject({ created: MAX_INGEST_BATCH });
    expect(await storedCount(farm.orgId)).toBe(MAX_INGEST_BATCH);
  });
});
