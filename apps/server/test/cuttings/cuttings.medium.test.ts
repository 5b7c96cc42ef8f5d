import { cropSchema } from '@baletrack/contracts/crops/crop';
import {
  cuttingSchema,
  cuttingsResponseSchema,
  type SaveCuttingRequest,
} from '@baletrack/contracts/cuttings/cutting';
import { apiErrorSchema } from '@baletrack/contracts/errors/api-error';
import { messages } from '@baletrack/contracts/errors/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { type Farm, newFarm, newField, square } from '../helpers/farm.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
// A small limit, so reaching it takes a few requests.
beforeAll(async () => {
  t = await startTestApp({ env: { MAX_CUTTINGS_PER_YEAR: '3' } });
});
afterAll(() => t.close());

const m = messages.fieldCuttingCrop;

async function ok(response: Response, status = 200) {
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(status);
  return body;
}

async function refused(response: Response, status: number) {
  expect(response.status).toBe(status);
  return apiErrorSchema.parse(await response.json());
}

async function farmWithFieldAndCrop(farm?: Farm) {
  const f = farm ?? (await newFarm(t));
  const field = await newField(t.ctx, f.orgId);
  const crop = cropSchema.parse(await ok(await f.call('POST', '/crops', { name: 'Alfalfa' }), 201));
  const cutting = (overrides: Partial<SaveCuttingRequest> = {}): SaveCuttingRequest => ({
    name: 'First cutting',
    startDate: '2025-05-20',
    endDate: '2025-06-05',
    fieldIds: [field.id],
    cropId: crop.id,
    year: 2025,
    ...overrides,
  });
  return { farm: f, field, crop, cutting };
}

const addCutting = async (farm: Farm, body: SaveCuttingRequest) =>
  cuttingSchema.parse(await ok(await farm.post('/cuttings', body), 201));

const allCuttings = async (farm: Farm) =>
  cuttingsResponseSchema.parse(await ok(await farm.get('/cuttings/all'))).cuttings;

describe('cuttings', () => {
  it('are added, listed by year and all, read, changed and deleted', async () => {
    const { farm, field, cutting } = await farmWithFieldAndCrop();
    const second = await newField(t.ctx, farm.orgId, {
      name: 'South',
      boundary: square(-120.4, 46.6),
    });
    const first = await addCutting(farm, cutting());
    expect(first).toEqual({ id: first.id, ...cutting() });
    const lastYear = await addCutting(
      farm,
      cutting({
        name: 'Last cutting',
        startDate: '2024-09-01',
        endDate: '2024-09-05',
        year: 2024,
        cropId: null,
        fieldIds: [],
      }),
    );

    const in2025 = cuttingsResponseSchema.parse(
      await ok(await farm.get('/cuttings', { year: 2025 })),
    );
    expect(in2025.cuttings).toEqual([first]);
    expect(await allCuttings(farm)).toEqual([lastYear, first]);
    expect(cuttingSchema.parse(await ok(await farm.get(`/cuttings/${first.id}`)))).toEqual(first);

    const changed = cutting({
      name: 'First cut',
      fieldIds: [second.id, field.id, second.id],
      endDate: '2025-06-07',
    });
    const updated = cuttingSchema.parse(await ok(await farm.put(`/cuttings/${first.id}`, changed)));
    expect(updated).toEqual({ ...changed, id: first.id, fieldIds: [field.id, second.id].sort() });

    expect((await farm.delete(`/cuttings/${first.id}`)).status).toBe(204);
    expect(await allCuttings(farm)).toEqual([lastYear]);
    await refused(await farm.get(`/cuttings/${first.id}`), 404);
    await refused(await farm.delete(`/cuttings/${first.id}`), 404);
  });

  it('need a year to list by', async () => {
    const farm = await newFarm(t);
    const error = await refused(await farm.get('/cuttings'), 400);
    expect(error.message).toBe(m.yearInvalid);
    await refused(await farm.get('/cuttings', { year: 'last' }), 400);
  });
});

describe('refusals', () => {
  const cases: [
    string,
    (c: Awaited<ReturnType<typeof farmWithFieldAndCrop>>) => unknown,
    number,
    string,
  ][] = [
    [
      'a start after the end',
      (c) => c.cutting({ startDate: '2025-06-06', endDate: '2025-06-05' }),
      400,
      messages.validation.endBeforeStart,
    ],
    [
      'a crop without fields',
      (c) => c.cutting({ fieldIds: [] }),
      400,
      'A cutting associated with a crop requires at least 1 field.',
    ],
    ['no name', (c) => c.cutting({ name: '' }), 400, messages.validation.nameRequired],
    [
      'a date that is not one',
      (c) => c.cutting({ startDate: '2025-02-30' }),
      400,
      messages.validation.dateInvalid,
    ],
    ['an implausible year', (c) => c.cutting({ year: 1999 }), 400, m.yearInvalid],
    [
      'days of another crop year (a 2019 cutting counted for 2025)',
      (c) => c.cutting({ startDate: '2019-10-01', endDate: '2019-10-02' }),
      400,
      m.cuttingOutsideYear(2025, '2025-01-01', '2025-12-31'),
    ],
    [
      'days running on past the crop year (to 2030)',
      (c) => c.cutting({ endDate: '2030-10-02' }),
      400,
      m.cuttingOutsideYear(2025, '2025-01-01', '2025-12-31'),
    ],
    [
      'a field id that is not one',
      (c) => ({ ...c.cutting(), fieldIds: ['north'] }),
      400,
      messages.validation.idInvalid,
    ],
    [
      'an unknown field',
      (c) => c.cutting({ fieldIds: [c.field.id, crypto.randomUUID()] }),
      400,
      messages.selection.unknownFields,
    ],
    [
      'an unknown crop',
      (c) => c.cutting({ cropId: crypto.randomUUID() }),
      400,
      messages.selection.unknownCrop,
    ],
  ];

  it.each(cases)('refuses %s and stores nothing', async (_, body, status, message) => {
    const context = await farmWithFieldAndCrop();
    const error = await refused(await context.farm.post('/cuttings', body(context)), status);
    expect(error.message).toBe(message);
    expect(await allCuttings(context.farm)).toEqual([]);
  });

  it('refuses an edit breaking a rule and keeps the cutting as it was', async () => {
    const { farm, cutting } = await farmWithFieldAndCrop();
    const stored = await addCutting(farm, cutting());
    await refused(await farm.put(`/cuttings/${stored.id}`, cutting({ fieldIds: [] })), 400);
    await refused(
      await farm.put(`/cuttings/${stored.id}`, cutting({ cropId: crypto.randomUUID() })),
      400,
    );
    expect(await allCuttings(farm)).toEqual([stored]);
  });

  it('limits the cuttings of a crop year to MAX_CUTTINGS_PER_YEAR, saying the number', async () => {
    const { farm, cutting } = await farmWithFieldAndCrop();
    const stored = [];
    for (const name of ['1st', '2nd', '3rd'])
      stored.push(await addCutting(farm, cutting({ name })));
    const error = await refused(await farm.post('/cuttings', cutting({ name: '4th' })), 409);
    expect(error.message).toBe(
      'The maximum number of cuttings per crop year is 3, and 2025 already has 3.',
    );
    // Another year has room; a cutting of the full year can still be edited, not moved into it.
    const next = await addCutting(
      farm,
      cutting({ name: '1st', year: 2026, startDate: '2026-05-20', endDate: '2026-06-05' }),
    );
    await ok(await farm.put(`/cuttings/${stored[0]?.id}`, cutting({ name: 'First' })));
    await refused(await farm.put(`/cuttings/${next.id}`, cutting({ name: '1st' })), 409);
    expect((await allCuttings(farm)).map((c) => `${c.year} ${c.name}`).sort()).toEqual([
      '2025 2nd',
      '2025 3rd',
      '2025 First',
      '2026 1st',
    ]);
  });

  it('keeps to the limit when cuttings are added at the same moment', async () => {
    const { farm, cutting } = await farmWithFieldAndCrop();
    const names = ['a', 'b', 'c', 'd', 'e', 'f'];
    const statuses = await Promise.all(
      names.map(async (name) => (await farm.post('/cuttings', cutting({ name }))).status),
    );
    expect(statuses.sort()).toEqual([201, 201, 201, 409, 409, 409]);
    expect(await allCuttings(farm)).toHaveLength(3);
  });

  it('reads the limit from the environment, refusing a value that is not a count', () => {
    const env = { SECRET_KEY: 'a'.repeat(64) };
    expect(loadConfig(env).maxCuttingsPerYear).toBe(50);
    expect(loadConfig({ ...env, MAX_CUTTINGS_PER_YEAR: '12' }).maxCuttingsPerYear).toBe(12);
    expect(() => loadConfig({ ...env, MAX_CUTTINGS_PER_YEAR: '0' })).toThrow(
      /MAX_CUTTINGS_PER_YEAR/,
    );
  });
});

describe("another organization's cuttings, fields and crops", () => {
  it('are never listed, read, changed or deleted (404), nor usable in a cutting', async () => {
    const mine = await farmWithFieldAndCrop();
    const theirs = await farmWithFieldAndCrop();
    const cutting = await addCutting(theirs.farm, theirs.cutting());

    expect(await allCuttings(mine.farm)).toEqual([]);
    await refused(await mine.farm.get(`/cuttings/${cutting.id}`), 404);
    await refused(await mine.farm.put(`/cuttings/${cutting.id}`, mine.cutting()), 404);
    await refused(await mine.farm.delete(`/cuttings/${cutting.id}`), 404);
    await refused(
      await mine.farm.post('/cuttings', mine.cutting({ fieldIds: [theirs.field.id] })),
      400,
    );
    await refused(await mine.farm.post('/cuttings', mine.cutting({ cropId: theirs.crop.id })), 400);
    expect(await allCuttings(theirs.farm)).toEqual([cutting]);
    expect(await allCuttings(mine.farm)).toEqual([]);
  });
});
