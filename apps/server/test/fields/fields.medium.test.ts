import { cropSchema } from '@baletrack/contracts/crops/crop';
import { messages } from '@baletrack/contracts/errors/messages';
import { fieldSchema } from '@baletrack/contracts/fields/field';
import { measureBoundary } from '@baletrack/domain/geo/boundary-measure';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingest, newBale, newFarm, square } from '../helpers/farm.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  baleVersion,
  createField,
  EAST,
  FAR,
  farmWithBales,
  fieldsOfBale,
  INSIDE,
  listFields,
  ok,
  refused,
} from './field-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('POST /fields', () => {
  it('stores the field with its area and assigns the bales made inside it', async () => {
    const { farm, uids } = await farmWithBales(t, [INSIDE, FAR]);
    const before = await baleVersion(t, farm);

    const field = await createField(farm, { name: 'North 40', sizeHectares: 32.4 });
    // 0.01° square at 46.6°N: about 1,113 m × 765 m.
    expect(field.areaHectares).toBeGreaterThan(84);
    expect(field.areaHectares).toBeLessThan(86);
    // Exactly what the drawing screen measured, rounded only where it is shown.
    expect(field.areaHectares).toBe(measureBoundary(square(-120.5, 46.6)).areaHectares);
    expect(field).toMatchObject({ name: 'North 40', sizeHectares: 32.4 });
    expect(await listFields(farm)).toEqual([field]);
    expect(fieldSchema.parse(await ok(await farm.get(`/fields/${field.id}`)))).toEqual(field);

    expect(await fieldsOfBale(farm, uids[0])).toEqual(['North 40']);
    expect(await fieldsOfBale(farm, uids[1])).toEqual([]);
    expect(await baleVersion(t, farm)).toBeGreaterThan(before);
  });

  it('gives a bale every field it lies in, and none in a hole', async () => {
    const { farm, uids } = await farmWithBales(t, [INSIDE, { lat: 46.6, lon: -120.496 }]);
    const outline = square(-120.5, 46.6).coordinates[0] as [number, number][];
    const hole = square(-120.5, 46.6, 0.002).coordinates[0] as [number, number][];
    await createField(farm, {
      name: 'Ring',
      boundary: { type: 'Polygon', coordinates: [outline, hole] },
    });
    await createField(farm, {
      name: 'Two parts',
      boundary: {
        type: 'MultiPolygon',
        coordinates: [square(-120.5, 46.6, 0.001).coordinates, square(-120.4, 46.6).coordinates],
      },
    });
    expect(await fieldsOfBale(farm, uids[0])).toEqual(['Two parts']);
    expect(await fieldsOfBale(farm, uids[1])).toEqual(['Ring']);
  });

  it('leaves the bale version alone when no bale lies in the new field', async () => {
    const { farm } = await farmWithBales(t, [FAR]);
    const before = await baleVersion(t, farm);
    await createField(farm, { name: 'Empty' });
    expect(await baleVersion(t, farm)).toBe(before);
  });

  it('stores a boundary without repeated corners', async () => {
    const farm = await newFarm(t);
    const ring = square(-120.5, 46.6).coordinates[0] as number[][];
    const doubled = [ring[0], ring[1], ring[1], ring[2], [...(ring[3] as number[]), 310], ring[4]];
    const field = await createField(farm, {
      name: 'Clicked twice',
      boundary: { type: 'Polygon', coordinates: [doubled] },
    });
    expect(field.boundary).toEqual(square(-120.5, 46.6));
  });
});

describe('PUT /fields/{id}', () => {
  it('moves bales in and out of the field as its boundary changes', async () => {
    const { farm, uids } = await farmWithBales(t, [INSIDE, EAST]);
    const field = await createField(farm, { name: 'Pivot' });
    const before = await baleVersion(t, farm);

    const moved = fieldSchema.parse(
      await ok(
        await farm.put(`/fields/${field.id}`, {
          name: 'Pivot East',
          sizeHectares: 80,
          boundary: square(-120.48, 46.6),
        }),
      ),
    );
    expect(moved).toMatchObject({ id: field.id, name: 'Pivot East', sizeHectares: 80 });
    expect(moved.boundary).toEqual(square(-120.48, 46.6));
    expect(await fieldsOfBale(farm, uids[0])).toEqual([]);
    expect(await fieldsOfBale(farm, uids[1])).toEqual(['Pivot East']);
    expect(await baleVersion(t, farm)).toBeGreaterThan(before);
  });

  it('renames without touching bales, also to another case of its own name', async () => {
    const { farm, uids } = await farmWithBales(t, [INSIDE]);
    const field = await createField(farm, { name: 'pivot' });
    const before = await baleVersion(t, farm);
    await ok(
      await farm.put(`/fields/${field.id}`, {
        name: 'Pivot',
        sizeHectares: null,
        boundary: field.boundary,
      }),
    );
    expect(await fieldsOfBale(farm, uids[0])).toEqual(['Pivot']);
    expect(await baleVersion(t, farm)).toBe(before);
  });

  it('refuses a bad boundary or a taken name and changes nothing', async () => {
    const { farm, uids } = await farmWithBales(t, [INSIDE]);
    const field = await createField(farm, { name: 'Pivot' });
    await createField(farm, { name: 'Corner', boundary: square(-120.3, 46.6) });
    const open = {
      type: 'Polygon',
      coordinates: [square(-120.48, 46.6).coordinates[0]?.slice(0, 4)],
    };
    await refused(
      await farm.put(`/fields/${field.id}`, { name: 'Pivot', sizeHectares: null, boundary: open }),
      400,
    );
    await refused(
      await farm.put(`/fields/${field.id}`, {
        name: 'CORNER',
        sizeHectares: null,
        boundary: square(-120.48, 46.6),
      }),
      409,
    );
    expect(fieldSchema.parse(await ok(await farm.get(`/fields/${field.id}`)))).toEqual(field);
    expect(await fieldsOfBale(farm, uids[0])).toEqual(['Pivot']);
  });
});

describe('DELETE /fields/{id}', () => {
  it('deletes the field and takes it off its bales', async () => {
    const { farm, uids } = await farmWithBales(t, [INSIDE]);
    const field = await createField(farm, { name: 'Pivot' });
    await createField(farm, { name: 'Whole section', boundary: square(-120.5, 46.6, 0.05) });
    const before = await baleVersion(t, farm);

    expect((await farm.delete(`/fields/${field.id}`)).status).toBe(204);
    expect(await fieldsOfBale(farm, uids[0])).toEqual(['Whole section']);
    expect(await baleVersion(t, farm)).toBeGreaterThan(before);
    await refused(await farm.get(`/fields/${field.id}`), 404);
    await refused(await farm.delete(`/fields/${field.id}`), 404);
  });

  it('refuses to delete the last field of a cutting with a crop (409), naming the cutting', async () => {
    const { farm, uids } = await farmWithBales(t, [INSIDE]);
    const field = await createField(farm, { name: 'Pivot' });
    const crop = cropSchema.parse(
      await ok(await farm.call('POST', '/crops', { name: 'Alfalfa' }), 201),
    );
    const cutting = {
      name: 'First cutting',
      startDate: '2025-06-01',
      endDate: '2025-06-10',
      fieldIds: [field.id],
      cropId: crop.id,
      year: 2025,
    };
    await ok(await farm.post('/cuttings', cutting), 201);
    const error = await refused(await farm.delete(`/fields/${field.id}`), 409);
    expect(error.message).toBe(messages.fieldCuttingCrop.fieldLastOfCutting(['First cutting']));
    expect(await fieldsOfBale(farm, uids[0])).toEqual(['Pivot']);
  });
});

describe('bales sent after a change of fields', () => {
  it('are given the fields as they are now, however the server kept them between batches', async () => {
    // Ingest on PostgreSQL keeps each organization's fields between batches (ingest-fields.ts).
    const { farm, baler } = await farmWithBales(t, [FAR]);
    const send = async (place: { lat: number; lon: number }) => {
      const bale = newBale({ creationLocation: place });
      await ingest(t, baler.apiKey, [bale]);
      return fieldsOfBale(farm, bale.uid);
    };
    const field = await createField(farm, { name: 'Pivot' });
    expect(await send(INSIDE)).toEqual(['Pivot']);

    await ok(
      await farm.put(`/fields/${field.id}`, {
        name: 'Pivot East',
        sizeHectares: null,
        boundary: square(-120.48, 46.6),
      }),
    );
    expect(await send(INSIDE)).toEqual([]);
    expect(await send(EAST)).toEqual(['Pivot East']);

    expect((await farm.delete(`/fields/${field.id}`)).status).toBe(204);
    expect(await send(EAST)).toEqual([]);
  });
});

describe("another organization's fields", () => {
  it('are never listed, read, changed or deleted (404), and keep their bales', async () => {
    const mine = await farmWithBales(t, [INSIDE]);
    const theirs = await farmWithBales(t, [INSIDE]);
    const field = await createField(theirs.farm, { name: 'Theirs' });
    const body = { name: 'Mine now', sizeHectares: null, boundary: square(-120.3, 46.6) };

    expect(await listFields(mine.farm)).toEqual([]);
    await refused(await mine.farm.get(`/fields/${field.id}`), 404);
    await refused(await mine.farm.put(`/fields/${field.id}`, body), 404);
    await refused(await mine.farm.delete(`/fields/${field.id}`), 404);
    expect(fieldSchema.parse(await ok(await theirs.farm.get(`/fields/${field.id}`)))).toEqual(
      field,
    );
    expect(await fieldsOfBale(theirs.farm, theirs.uids[0])).toEqual(['Theirs']);

    // A field of mine in the same place leaves their bales alone, and theirs mine.
    await createField(mine.farm, { name: 'Mine' });
    expect(await fieldsOfBale(theirs.farm, theirs.uids[0])).toEqual(['Theirs']);
    expect(await fieldsOfBale(mine.farm, mine.uids[0])).toEqual(['Mine']);
  });
});
