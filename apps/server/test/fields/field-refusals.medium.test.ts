import { messages } from '@baletrack/contracts/errors/messages';
import type { Boundary } from '@baletrack/contracts/geo/boundary';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newFarm, square } from '../helpers/farm.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  baleVersion,
  createField,
  farmWithBales,
  fieldsOfBale,
  INSIDE,
  listFields,
  refused,
} from './field-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A closed ring of `corners` corners around the test fields' centre. */
function circle(corners: number): number[][] {
  const ring = Array.from({ length: corners }, (_, i) => {
    const a = (2 * Math.PI * i) / corners;
    return [-120.5 + 0.01 * Math.cos(a), 46.6 + 0.01 * Math.sin(a)];
  });
  return [...ring, ring[0] as number[]];
}

describe('refusals', () => {
  const bowtie: Boundary = {
    type: 'Polygon',
    coordinates: [
      [
        [-120.51, 46.59],
        [-120.49, 46.61],
        [-120.49, 46.59],
        [-120.51, 46.61],
        [-120.51, 46.59],
      ],
    ],
  };
  const ring = square(-120.5, 46.6).coordinates[0] as number[][];
  const v = messages.validation;
  const cases: [string, Record<string, unknown>, string][] = [
    ['a boundary crossing itself', { boundary: bowtie }, v.boundaryCrossesItself(46.6, -120.5)],
    [
      'an open ring',
      { boundary: { type: 'Polygon', coordinates: [ring.slice(0, 4)] } },
      v.boundaryRingNotClosed,
    ],
    [
      'too few corners',
      { boundary: { type: 'Polygon', coordinates: [[ring[0], ring[1], ring[0]]] } },
      v.boundaryRingTooShort,
    ],
    [
      'corners repeated down to a line',
      { boundary: { type: 'Polygon', coordinates: [[ring[0], ring[1], ring[1], ring[0]]] } },
      v.boundaryRingTooShort,
    ],
    [
      'corners on one line',
      {
        boundary: {
          type: 'Polygon',
          coordinates: [
            [
              [-120.5, 46.6],
              [-120.49, 46.6],
              [-120.48, 46.6],
              [-120.5, 46.6],
            ],
          ],
        },
      },
      v.boundaryWithoutArea,
    ],
    [
      'latitude and longitude swapped',
      { boundary: { type: 'Polygon', coordinates: [ring.map(([lon, lat]) => [lat, lon])] } },
      v.latitudeOutOfRange,
    ],
    [
      'a hole outside the outline',
      {
        boundary: {
          type: 'Polygon',
          coordinates: [ring, square(-120.3, 46.6, 0.002).coordinates[0]],
        },
      },
      v.boundaryHoleOutside,
    ],
    [
      'too many corners',
      {
        boundary: {
          type: 'Polygon',
          coordinates: [circle(5_001)],
        },
      },
      v.boundaryTooManyCorners(5_000),
    ],
    [
      'a boundary reaching round the world',
      {
        boundary: {
          type: 'Polygon',
          coordinates: [
            [
              [-179, -80],
              [179, -80],
              [179, 80],
              [-179, 80],
              [-179, -80],
            ],
          ],
        },
      },
      v.boundaryTooWide(100, 358 * 111.32),
    ],
    [
      'a small box across the 180° meridian (GeoJSON reads it the long way round)',
      {
        boundary: {
          type: 'Polygon',
          coordinates: [
            [
              [179.9, 10],
              [-179.9, 10],
              [-179.9, 10.1],
              [179.9, 10.1],
              [179.9, 10],
            ],
          ],
        },
      },
      v.boundaryTooWide(100, 359.8 * 111.32 * Math.cos((10.05 * Math.PI) / 180)),
    ],
    ['a size no field has', { sizeHectares: 1e308 }, v.fieldSizeTooLarge],
    ['a point', { boundary: { type: 'Point', coordinates: [-120.5, 46.6] } }, ''],
    ['no name', { name: '  ' }, v.nameRequired],
    ['a name that shows as other text', { name: 'North \u202E04' }, v.nameWithDirectionControls],
  ];

  it.each(cases)('refuses %s with a 400 and stores nothing', async (_, body, message) => {
    const { farm, uids } = await farmWithBales(t, [INSIDE]);
    const before = await baleVersion(t, farm);
    const error = await refused(
      await farm.post('/fields', {
        name: 'Bad',
        sizeHectares: null,
        boundary: square(-120.5, 46.6),
        ...body,
      }),
      400,
    );
    expect(error.code).toBe('VALIDATION_FAILED');
    if (message) expect(error.message).toBe(message);
    expect(await listFields(farm)).toEqual([]);
    expect(await fieldsOfBale(farm, uids[0])).toEqual([]);
    expect(await baleVersion(t, farm)).toBe(before);
  });

  it('says where a boundary crosses itself, in the message a grower reads', async () => {
    const farm = await newFarm(t);
    const error = await refused(
      await farm.post('/fields', { name: 'Bowtie', sizeHectares: null, boundary: bowtie }),
      400,
    );
    expect(error.message).toBe(
      'A boundary must not cross itself; this one does near 46.60000, -120.50000.',
    );
    expect(error.issues).toEqual([{ path: 'boundary', message: error.message }]);
  });

  it('refuses a name the organization already uses, whatever its case (409)', async () => {
    const farm = await newFarm(t);
    const other = await newFarm(t);
    await createField(farm, { name: 'North 40' });
    await createField(other, { name: 'North 40' });
    const error = await refused(
      await farm.post('/fields', {
        name: 'north 40',
        sizeHectares: null,
        boundary: square(-120.4, 46.6),
      }),
      409,
    );
    expect(error.message).toBe(messages.fieldCuttingCrop.fieldNameExists);
    expect((await listFields(farm)).map((f) => f.name)).toEqual(['North 40']);
  });

  it('refuses an id that is not one', async () => {
    const farm = await newFarm(t);
    const error = await refused(await farm.get('/fields/42'), 400);
    expect(error.message).toBe(messages.validation.idInvalid);
  });
});
