import { randomUUID } from 'node:crypto';
import { apiErrorSchema } from '@baletrack/contracts/errors/api-error';
import {
  emptyFilter,
  type Filter,
  type FilterDefinition,
  filterSchema,
  filtersResponseSchema,
} from '@baletrack/contracts/filters/filter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFilter } from '../../src/features/filters/filters.repository.ts';
import { type Farm, newFarm } from '../helpers/farm.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let a: Farm;
let b: Farm;

beforeAll(async () => {
  t = await startTestApp();
  a = await newFarm(t, 'Farm A');
  b = await newFarm(t, 'Farm B');
});
afterAll(() => t.close());

const dairy = {
  name: 'Dairy quality',
  ranges: { rfv: { min: 150, max: null }, avgMoisture: { min: null, max: 16 } },
  dateRange: { kind: 'lastDays', days: 30 },
  includeCuttingless: true,
  fieldIds: [],
  cuttingIds: [],
  cropIds: [],
  balerIds: [],
  baleSizes: ['ThreeXFour'],
};

async function list(farm: Farm): Promise<Filter[]> {
  const response = await farm.get('/filters/get');
  expect(response.status).toBe(200);
  return filtersResponseSchema.parse(await response.json()).filters;
}

async function create(farm: Farm, body: unknown): Promise<Filter> {
  const response = await farm.post('/filters/create', body);
  expect(response.status).toBe(201);
  return filterSchema.parse(await response.json());
}

describe('filters: create, read, change, delete', () => {
  it('stores a filter and lists it by name, with what was sent', async () => {
    const saved = await create(a, dairy);
    expect(saved).toEqual({ id: saved.id, ...dairy });
    await create(a, { ...dairy, name: 'all wet', ranges: { avgMoisture: { min: 20, max: null } } });
    expect((await list(a)).map((f) => f.name)).toEqual(['all wet', 'Dairy quality']);
  });

  it("refuses a name in use, whatever its case and spaces ('A filter with this name already exists.')", async () => {
    for (const name of ['Dairy quality', '  DAIRY QUALITY ']) {
      const response = await a.post('/filters/create', { ...dairy, name });
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({
        code: 'CONFLICT',
        message: 'A filter with this name already exists.',
      });
    }
    const wet = (await list(a)).find((f) => f.name === 'all wet') as Filter;
    const rename = await a.put(`/filters/${wet.id}`, { ...dairy, name: 'dairy Quality' });
    expect(rename.status).toBe(409);
    // Another organization may use the same name.
    await create(b, dairy);
  });

  it('changes a filter (its own name in another case is fine)', async () => {
    const wet = (await list(a)).find((f) => f.name === 'all wet') as Filter;
    const body = {
      ...dairy,
      name: 'All Wet',
      dateRange: { kind: 'fixed', start: '2025-05-01', end: '2025-05-31' },
    };
    const response = await a.put(`/filters/${wet.id}`, body);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: wet.id, ...body });
    expect((await list(a)).find((f) => f.id === wet.id)).toEqual({ id: wet.id, ...body });
  });

  it("never shows or changes another organization's filters (404)", async () => {
    const ofA = await list(a);
    expect((await list(b)).map((f) => f.id)).not.toContain(ofA[0]?.id);
    const id = ofA[0]?.id as string;
    const put = await b.put(`/filters/${id}`, { ...dairy, name: 'Taken over' });
    expect(put.status).toBe(404);
    expect((await b.delete(`/filters/${id}`)).status).toBe(404);
    const applied = await b.get('/bales/all-paginated', { filterId: id });
    expect(applied.status).toBe(404);
    expect(await list(a)).toEqual(ofA);
  });

  it('refuses bad filters with a clear 400 and stores nothing', async () => {
    const before = await list(a);
    const cases: [unknown, string, string][] = [
      [
        { ...dairy, name: 'x', ranges: { rfv: { min: 180, max: 150 } } },
        'ranges.rfv.min',
        'RFV minimum must not be greater than its maximum.',
      ],
      [
        { ...dairy, name: 'x', ranges: { colour: { min: 1, max: 2 } } },
        'ranges',
        'ranges: unrecognized key: "colour"',
      ],
      [
        {
          ...dairy,
          name: 'x',
          dateRange: { kind: 'fixed', start: '2025-06-31', end: '2025-07-02' },
        },
        'dateRange.start',
        'Enter a valid date.',
      ],
      [
        {
          ...dairy,
          name: 'x',
          dateRange: { kind: 'fixed', start: '2025-07-02', end: '2025-07-01' },
        },
        'dateRange.end',
        'The end date must be on or after the start date.',
      ],
      [
        { ...dairy, name: 'x', dateRange: { kind: 'lastDays', days: 0 } },
        'dateRange.days',
        'Enter a number of days between 1 and 3660.',
      ],
      [
        { ...dairy, name: 'x', dateRange: { kind: 'lastDays', days: 2.5 } },
        'dateRange.days',
        'Enter a number of days between 1 and 3660.',
      ],
      [
        {
          ...dairy,
          name: 'x',
          dateRange: { kind: 'fixed', start: '6/1/2025', end: '2025-07-02' },
        },
        'dateRange.start',
        'Enter a valid date.',
      ],
      [
        { ...dairy, name: 'x', ranges: { weightKg: { min: 'heavy', max: null } } },
        'ranges.weightKg.min',
        'Enter a number.',
      ],
      [
        { ...dairy, name: 'x', ranges: { weightKg: { min: 700, max: 600 } } },
        'ranges.weightKg.min',
        'Weight minimum must not be greater than its maximum.',
      ],
      // Limits no bale can have, said in SI as the API takes them.
      [
        { ...dairy, name: 'x', ranges: { weightKg: { min: -22.68, max: null } } },
        'ranges.weightKg.min',
        'Weight must be between 0 and 10,000 kg.',
      ],
      [
        { ...dairy, name: 'x', ranges: { avgMoisture: { min: 150, max: null } } },
        'ranges.avgMoisture.min',
        'Average moisture must be between 0 and 100 %.',
      ],
      [
        { ...dairy, name: 'x', ranges: { temperature: { min: null, max: 250 } } },
        'ranges.temperature.max',
        'Temperature must be between -200 and 200 °C.',
      ],
      [
        { ...dairy, name: 'x', ranges: { baleDiameterMeters: { min: -1, max: 1.5 } } },
        'ranges.baleDiameterMeters.min',
        'Bale diameter must be between 0 and 10 m.',
      ],
      [{ ...dairy, name: '  ' }, 'name', 'Name is required.'],
      [{ ...dairy, name: 'x', baleSizes: ['6x6'] }, 'baleSizes.0', ''],
      [{ ...dairy, name: 'x', fieldIds: ['not-an-id'] }, 'fieldIds.0', ''],
      [{ ...dairy, name: 'x', surprise: true }, '', ''],
    ];
    for (const [body, path, message] of cases) {
      const response = await a.post('/filters/create', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const error = apiErrorSchema.parse(await response.json());
      expect(error.code).toBe('VALIDATION_FAILED');
      if (path) expect(error.issues?.map((i) => i.path)).toContain(path);
      if (message) expect(error.message).toBe(message);
      const id = before[0]?.id as string;
      expect((await a.put(`/filters/${id}`, body)).status).toBe(400);
    }
    expect((await a.put('/filters/not-an-id', dairy)).status).toBe(400);
    expect(await list(a)).toEqual(before);
  });

  it('takes limits at the edge of what a bale can have', async () => {
    const edges = {
      weightKg: { min: 0, max: 10_000 },
      avgMoisture: { min: 0, max: 100 },
      temperature: { min: -200, max: 200 },
      flakeCount: { min: null, max: 1_000 },
    };
    const saved = await create(a, { ...dairy, name: 'Edges', ranges: edges });
    expect(saved.ranges).toEqual(edges);
    expect((await a.delete(`/filters/${saved.id}`)).status).toBe(204);
  });

  it('still lists and applies a filter stored with impossible limits; saving it asks for a fix', async () => {
    const { name: _, ...empty } = emptyFilter;
    const name = 'Stored long ago';
    const definition: FilterDefinition = {
      ...empty,
      ranges: { weightKg: { min: -22.68, max: null }, avgMoisture: { min: 150, max: null } },
    };
    const row = await insertFilter(t.ctx.db, a.orgId, { id: randomUUID(), name, definition });
    expect((await list(a)).find((f) => f.id === row.id)?.ranges).toEqual(definition.ranges);
    expect((await a.get('/bales/all', { filterId: row.id })).status).toBe(200);
    const response = await a.put(`/filters/${row.id}`, { ...definition, name });
    expect(response.status).toBe(400);
    expect(apiErrorSchema.parse(await response.json()).issues).toEqual([
      { path: 'ranges.weightKg.min', message: 'Weight must be between 0 and 10,000 kg.' },
      { path: 'ranges.avgMoisture.min', message: 'Average moisture must be between 0 and 100 %.' },
    ]);
    expect((await a.delete(`/filters/${row.id}`)).status).toBe(204);
  });

  it("refuses the top bar's bad dates and years on filtered reads with a clear 400", async () => {
    const [first] = await list(a);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ from: '2025-13-01' }, 'from', 'Enter a valid date.'],
      [{ to: 'yesterday' }, 'to', 'Enter a valid date.'],
      [{ year: 1999 }, 'year', 'Enter a valid year.'],
      [{ year: '2025.5' }, 'year', 'Enter a valid year.'],
    ];
    for (const [query, path, message] of cases) {
      for (const read of ['/bales/all', '/bales/summary', '/stacks/get']) {
        const response = await a.get(read, { ...query, filterId: first?.id });
        expect(response.status, `${read} ${JSON.stringify(query)}`).toBe(400);
        const error = apiErrorSchema.parse(await response.json());
        expect(error.message).toBe(message);
        expect(error.issues?.map((i) => i.path)).toContain(path);
      }
    }
  });

  it('deletes a filter (204), after which it is gone (404)', async () => {
    const [first] = await list(a);
    const id = first?.id as string;
    expect((await a.delete(`/filters/${id}`)).status).toBe(204);
    expect((await list(a)).map((f) => f.id)).not.toContain(id);
    expect((await a.delete(`/filters/${id}`)).status).toBe(404);
    expect(
      (
        await a.get('/clusters/get', {
          west: -180,
          south: -85,
          east: 180,
          north: 85,
          zoom: 3,
          filterId: id,
        })
      ).status,
    ).toBe(404);
  });
});
