import type { ConvertedFeatureCollection } from '@baletrack/contracts/convert/formats';
import type { Boundary } from '@baletrack/contracts/geo/boundary';
import { describe, expect, it } from 'vitest';
import { importRows, saveImportRows } from './import-rows';

const boundary: Boundary = {
  type: 'Polygon',
  coordinates: [
    [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ],
  ],
};
const collection: ConvertedFeatureCollection = {
  type: 'FeatureCollection',
  sourceFormat: 'GEOJSON',
  refused: [],
  notes: [],
  features: ['North', 'South', 'north'].map((name) => ({
    type: 'Feature' as const,
    properties: { name },
    geometry: boundary,
  })),
};

describe('importRows', () => {
  it('names rows uniquely against existing fields, all chosen', () => {
    const existing = [{ id: 'a', name: 'south', sizeHectares: null, areaHectares: 1, boundary }];
    expect(importRows(collection, existing).map((row) => [row.name, row.chosen])).toEqual([
      ['North', true],
      ['South (2)', true],
      ['north (2)', true],
    ]);
  });
});

describe('saveImportRows', () => {
  it('saves each chosen row on its own, reports failures and skips rows saved before', async () => {
    const rows = importRows(collection, []);
    rows[2] = { ...rows[2], chosen: false } as (typeof rows)[number];
    const sent: string[] = [];
    const first = await saveImportRows(
      rows,
      async (request) => {
        sent.push(request.name);
        if (request.name === 'South') throw new Error('taken');
      },
      (error) => (error as Error).message,
    );
    expect(sent).toEqual(['North', 'South']);
    expect(first.map((row) => row.outcome)).toEqual([
      { saved: true },
      { saved: false, message: 'taken' },
      undefined,
    ]);

    sent.length = 0;
    const again = await saveImportRows(first, async (request) => sent.push(request.name), String);
    expect(sent).toEqual(['South']);
    expect(again[1]?.outcome).toEqual({ saved: true });
  });
});
