import { apiErrorSchema } from '@baletrack/contracts/errors/api-error';
import { messages } from '@baletrack/contracts/errors/messages';
import { filterSchema, filtersResponseSchema } from '@baletrack/contracts/filters/filter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markBalerDeleted } from '../../src/features/balers/balers.repository.ts';
import { insertCrops } from '../../src/features/crops/crops.repository.ts';
import { insertCuttings } from '../../src/features/cuttings/cuttings.repository.ts';
import { type Farm, newBaler, newFarm, newField } from '../helpers/farm.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

// A filter's chosen fields, cuttings, crops and balers must be the organization's own.

interface Choices {
  field: string;
  cutting: string;
  crop: string;
  baler: string;
}

let t: TestApp;
let a: Farm;
let b: Farm;
let ofA: Choices;
let ofB: Choices;

async function choicesOf(farm: Farm): Promise<Choices> {
  const field = await newField(t.ctx, farm.orgId, { name: 'Home' });
  const [crop] = await insertCrops(t.ctx.db, farm.orgId, [{ name: 'Alfalfa' }]);
  const [cutting] = await insertCuttings(t.ctx.db, farm.orgId, [
    {
      name: '1st',
      startDate: '2025-06-01',
      endDate: '2025-06-10',
      cropId: crop as string,
      year: 2025,
      fieldIds: [field.id],
    },
  ]);
  const baler = await newBaler(t.ctx, farm.orgId);
  return { field: field.id, cutting: cutting as string, crop: crop as string, baler: baler.id };
}

beforeAll(async () => {
  t = await startTestApp();
  a = await newFarm(t, 'Choosing Farm');
  b = await newFarm(t, 'Other Farm');
  ofA = await choicesOf(a);
  ofB = await choicesOf(b);
});
afterAll(() => t.close());

const filter = (choices: Partial<Record<string, string[]>>, name = 'Chosen') => ({
  name,
  ranges: {},
  dateRange: null,
  includeCuttingless: true,
  fieldIds: [],
  cuttingIds: [],
  cropIds: [],
  balerIds: [],
  baleSizes: [],
  ...choices,
});

const listed = async (farm: Farm) =>
  filtersResponseSchema.parse(await (await farm.get('/filters/get')).json()).filters;

describe('choosing fields, cuttings, crops, balers and sizes', () => {
  it('stores the organization’s own choices (each once)', async () => {
    const body = filter({
      fieldIds: [ofA.field, ofA.field],
      cuttingIds: [ofA.cutting],
      cropIds: [ofA.crop],
      balerIds: [ofA.baler],
      baleSizes: ['FourXFour', 'FiveFeet', 'FourXFour'],
    });
    const response = await a.post('/filters/create', body);
    expect(response.status).toBe(201);
    const saved = filterSchema.parse(await response.json());
    expect(saved).toMatchObject({
      fieldIds: [ofA.field],
      cuttingIds: [ofA.cutting],
      cropIds: [ofA.crop],
      balerIds: [ofA.baler],
      baleSizes: ['FourXFour', 'FiveFeet'],
    });
  });

  const refusals: [string, keyof Choices, string][] = [
    ['fieldIds', 'field', messages.selection.unknownFields],
    ['cuttingIds', 'cutting', messages.selection.unknownCuttings],
    ['cropIds', 'crop', messages.selection.unknownCrops],
    ['balerIds', 'baler', messages.selection.unknownBalers],
  ];
  for (const [key, kind, message] of refusals) {
    it(`refuses another organization's or an unknown ${kind} with 400, storing nothing`, async () => {
      const before = await listed(a);
      const [existing] = before;
      const unknown = '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
      for (const ids of [[ofB[kind]], [ofA[kind], unknown]]) {
        const body = filter({ [key]: ids }, `Refused ${kind}`);
        for (const response of [
          await a.post('/filters/create', body),
          await a.put(`/filters/${existing?.id}`, body),
        ]) {
          expect(response.status).toBe(400);
          const error = apiErrorSchema.parse(await response.json());
          expect(error).toMatchObject({ code: 'VALIDATION_FAILED', message });
          expect(error.issues).toEqual([{ path: key, message }]);
        }
      }
      expect(await listed(a)).toEqual(before);
    });
  }

  it('names every list with a foreign id at once', async () => {
    const response = await a.post(
      '/filters/create',
      filter({ fieldIds: [ofB.field], balerIds: [ofB.baler] }, 'Both'),
    );
    expect(response.status).toBe(400);
    const error = apiErrorSchema.parse(await response.json());
    expect(error.issues?.map((i) => i.path)).toEqual(['fieldIds', 'balerIds']);
  });

  it('still takes a deleted baler of the organization: its bales remain', async () => {
    const retired = await newBaler(t.ctx, a.orgId, { name: 'Retired' });
    await markBalerDeleted(t.ctx.db, a.orgId, retired.id, new Date());
    const response = await a.post('/filters/create', filter({ balerIds: [retired.id] }, 'Old'));
    expect(response.status).toBe(201);
  });
});
