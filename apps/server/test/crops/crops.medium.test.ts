import { cropSchema, cropsResponseSchema } from '@baletrack/contracts/crops/crop';
import { apiErrorSchema } from '@baletrack/contracts/errors/api-error';
import { messages } from '@baletrack/contracts/errors/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Farm, newFarm, newField } from '../helpers/farm.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
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

// The spec sends a crop's name as a query parameter.
const addCrop = async (farm: Farm, name: string) =>
  cropSchema.parse(await ok(await farm.call('POST', '/crops', { name }), 201));

const cropNames = async (farm: Farm) =>
  cropsResponseSchema.parse(await ok(await farm.get('/crops'))).crops.map((crop) => crop.name);

describe('crops', () => {
  it('are added, listed by name, read, renamed and deleted', async () => {
    const farm = await newFarm(t);
    const timothy = await addCrop(farm, ' Timothy ');
    const alfalfa = await addCrop(farm, 'Alfalfa');
    expect(timothy.name).toBe('Timothy');
    expect(await cropNames(farm)).toEqual(['Alfalfa', 'Timothy']);
    expect(cropSchema.parse(await ok(await farm.get(`/crops/${alfalfa.id}`)))).toEqual(alfalfa);

    const renamed = await ok(
      await farm.call('PUT', `/crops/${alfalfa.id}`, { name: 'Alfalfa hay' }),
    );
    expect(renamed).toEqual({ ...alfalfa, name: 'Alfalfa hay' });
    expect((await farm.delete(`/crops/${timothy.id}`)).status).toBe(204);
    expect(await cropNames(farm)).toEqual(['Alfalfa hay']);
    await refused(await farm.get(`/crops/${timothy.id}`), 404);
  });

  it('need a name (400) that the organization does not use yet, whatever its case (409)', async () => {
    const farm = await newFarm(t);
    const other = await newFarm(t);
    const alfalfa = await addCrop(farm, 'Alfalfa');
    await addCrop(farm, 'Timothy');
    await addCrop(other, 'Alfalfa');

    const blank = await refused(await farm.call('POST', '/crops', { name: ' ' }), 400);
    expect(blank.message).toBe(messages.validation.nameRequired);
    await refused(await farm.call('POST', '/crops'), 400);
    const taken = await refused(await farm.call('POST', '/crops', { name: 'ALFALFA' }), 409);
    expect(taken.message).toBe(m.cropNameExists);
    const renamed = await refused(
      await farm.call('PUT', `/crops/${alfalfa.id}`, { name: 'timothy' }),
      409,
    );
    expect(renamed.message).toBe(m.cropNameExists);
    expect(await cropNames(farm)).toEqual(['Alfalfa', 'Timothy']);
  });

  it('stand at the published removal rates their name reads as, until given their own', async () => {
    const farm = await newFarm(t);
    const alfalfa = await addCrop(farm, 'Alfalfa');
    expect(alfalfa).toMatchObject({
      p2o5KgPerTonneDm: null,
      k2oKgPerTonneDm: null,
      published: { basis: 'legume', p2o5KgPerTonneDm: 6.9, k2oKgPerTonneDm: 30.1 },
    });
    const oats = cropSchema.parse(
      await ok(
        await farm.call('POST', '/crops', { name: 'Oat hay', k2oKgPerTonneDm: '18.5' }),
        201,
      ),
    );
    expect(oats).toMatchObject({ p2o5KgPerTonneDm: null, k2oKgPerTonneDm: 18.5 });
    expect(oats.published.basis).toBe('cereal');

    // A rename alone, as the spec's clients send it, keeps the crop's own rates.
    const put = (query: Record<string, string>) =>
      farm.call('PUT', `/crops/${oats.id}`, { name: 'Oaten hay', ...query });
    expect(await ok(await put({}))).toMatchObject({ name: 'Oaten hay', k2oKgPerTonneDm: 18.5 });
    expect(await ok(await put({ p2o5KgPerTonneDm: '4', k2oKgPerTonneDm: '' }))).toMatchObject({
      p2o5KgPerTonneDm: 4,
      k2oKgPerTonneDm: null,
    });

    const range = m.removalOutOfRange('0 to 100 kg per tonne of dry matter');
    for (const bad of ['-0.5', '101', 'NaN', '1e999', 'lots']) {
      const error = await refused(await put({ p2o5KgPerTonneDm: bad }), 400);
      expect(error.message, bad).toBe(range);
    }
    await refused(await put({ p2o5KgPerTonneDm: '7\u0000' }), 400);
    expect(cropSchema.parse(await ok(await farm.get(`/crops/${oats.id}`)))).toMatchObject({
      p2o5KgPerTonneDm: 4,
      k2oKgPerTonneDm: null,
    });
  });

  it('cannot be deleted while cuttings use them (409, naming the cuttings)', async () => {
    const farm = await newFarm(t);
    const alfalfa = await addCrop(farm, 'Alfalfa');
    const field = await newField(t.ctx, farm.orgId);
    for (const [name, startDate] of [
      ['First cutting', '2025-05-20'],
      ['Second cutting', '2025-06-25'],
    ] as const) {
      await ok(
        await farm.post('/cuttings', {
          name,
          startDate,
          endDate: startDate,
          fieldIds: [field.id],
          cropId: alfalfa.id,
          year: 2025,
        }),
        201,
      );
    }
    const error = await refused(await farm.delete(`/crops/${alfalfa.id}`), 409);
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe(
      'This crop is used by the cuttings First cutting, Second cutting. Remove it from those ' +
        'cuttings before deleting it.',
    );
    expect(await cropNames(farm)).toEqual(['Alfalfa']);
  });

  it('of another organization are never listed, read, renamed or deleted (404)', async () => {
    const mine = await newFarm(t);
    const theirs = await newFarm(t);
    const crop = await addCrop(theirs, 'Theirs');
    expect(await cropNames(mine)).toEqual([]);
    const missing = await refused(await mine.get(`/crops/${crop.id}`), 404);
    expect(missing.message).toBe(m.cropNotFound);
    await refused(await mine.call('PUT', `/crops/${crop.id}`, { name: 'Mine' }), 404);
    await refused(await mine.delete(`/crops/${crop.id}`), 404);
    expect(await cropNames(theirs)).toEqual(['Theirs']);
  });
});
