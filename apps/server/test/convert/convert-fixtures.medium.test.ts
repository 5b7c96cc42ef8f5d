import fs from 'node:fs';
import path from 'node:path';
import type { ConvertedFeature } from '@baletrack/contracts/convert/formats';
import { unzipSync, zipSync } from 'fflate';
import { parseDbf } from 'shpjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { accessToken, convert, reportOf, toGeoJson } from './helpers/convert-client.ts';
import { FIXTURE_CORNERS } from './helpers/make-fixtures.ts';
import { expectSameBoundary } from './helpers/sample-fields.ts';

// Files written by hand or by other tools (fixtures/README.md), read through the API with the
// format detected. Stored coordinates compare within 1e-9°; reprojected UTM ones within 1e-7°
// (about 1 cm): proj4 round trip.
const fixture = (name: string) =>
  new Uint8Array(fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name)));

const { outline, hole, second } = FIXTURE_CORNERS;
const holed: ConvertedFeature['geometry'] = {
  type: 'Polygon',
  coordinates: [outline, hole] as [number, number][][],
};
const plain: ConvertedFeature['geometry'] = {
  type: 'Polygon',
  coordinates: [second] as [number, number][][],
};
const square = (w: number, s: number, e: number, n: number) => [
  [w, s],
  [e, s],
  [e, n],
  [w, n],
  [w, s],
];
const twoParts: ConvertedFeature['geometry'] = {
  type: 'MultiPolygon',
  coordinates: [
    [square(-122.59, 46.23, -122.585, 46.235)],
    [square(-122.58, 46.23, -122.575, 46.235)],
  ] as [number, number][][][],
};

/** The i-th feature's geometry, failing the test if there is none. */
function geometryOf(features: ConvertedFeature[], i: number): ConvertedFeature['geometry'] {
  const feature = features[i];
  if (!feature) throw new Error(`no feature ${i}`);
  return feature.geometry;
}

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = await accessToken(t);
});
afterAll(() => t.close());

describe('files not written by our exporter', () => {
  it('GEOJSON by hand: names from FIELD_NAME/Field, altitudes dropped, a point and a bow tie refused', async () => {
    const body = await toGeoJson(t, token, {
      file: fixture('hand-written.geojson'),
      filename: 'hand.geojson',
    });
    expect(body.sourceFormat).toBe('GEOJSON');
    expect(body.features.map((f) => f.properties.name)).toEqual(['Hay Meadow', 'Two Parts']);
    expectSameBoundary(geometryOf(body.features, 0), holed, 1e-9);
    expectSameBoundary(geometryOf(body.features, 1), twoParts, 1e-9);
    expect(body.refused).toEqual([
      { index: 1, name: 'Gate', reason: expect.stringContaining('This is a Point, not an area') },
      {
        index: 2,
        name: 'Bow Tie',
        reason: expect.stringMatching(/must not cross itself; this one does near 46\.21/),
      },
    ]);
  });

  it('SHAPE in UTM zone 10N with a .prj and a Windows-1252 table: reprojected, names decoded', async () => {
    const response = await convert(t, token, {
      file: fixture('utm-shapefile.zip'),
      filename: 'Field_Boundaries.zip',
      targetFormat: 'GEOJSON',
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { features: ConvertedFeature[]; sourceFormat: string };
    expect(body.sourceFormat).toBe('SHAPE');
    expect(body.features.map((f) => f.properties.name)).toEqual(['Müller Wiese', 'Bottom Ground']);
    expectSameBoundary(geometryOf(body.features, 0), holed, 1e-7);
    expectSameBoundary(geometryOf(body.features, 1), plain, 1e-7);
    expect(reportOf(response)?.notes).toEqual([]);
  });

  it('TRIMBLE AgGPS tree: names, farm and client from the folders, other files ignored', async () => {
    const body = await toGeoJson(t, token, {
      file: fixture('trimble-aggps.zip'),
      filename: 'AgGPS.zip',
    });
    expect(body.sourceFormat).toBe('TRIMBLE');
    const names = body.features.map((f) => f.properties);
    expect(names).toEqual(
      expect.arrayContaining([
        { name: 'East Pivot', client: 'Jones', farm: 'Valley Farm' },
        { name: 'West 80', client: 'Jones', farm: 'Valley Farm' },
      ]),
    );
    const east = body.features.find((f) => f.properties.name === 'East Pivot');
    expectSameBoundary(geometryOf(east ? [east] : [], 0), holed, 1e-9);
  });

  it('TRIMBLE AgGPS tree as SHAPE: the .dbf keeps CLIENT and FARM beside NAME', async () => {
    const response = await convert(t, token, {
      file: fixture('trimble-aggps.zip'),
      filename: 'AgGPS.zip',
      targetFormat: 'SHAPE',
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const zip = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const dbf = zip['AgGPS.dbf'];
    expect(dbf).toBeDefined();
    const rows = parseDbf(dbf as Uint8Array, 'UTF-8') as Record<string, unknown>[];
    expect(rows).toEqual(
      expect.arrayContaining([
        { NAME: 'East Pivot', CLIENT: 'Jones', FARM: 'Valley Farm' },
        { NAME: 'West 80', CLIENT: 'Jones', FARM: 'Valley Farm' },
      ]),
    );
    // Read back as a shapefile, the fields keep their client and farm.
    const back = await toGeoJson(t, token, { file: zipSync(zip), filename: 'back.zip' });
    expect(back.sourceFormat).toBe('SHAPE');
    expect(back.features.map((f) => f.properties)).toEqual(
      expect.arrayContaining([
        { name: 'East Pivot', client: 'Jones', farm: 'Valley Farm' },
        { name: 'West 80', client: 'Jones', farm: 'Valley Farm' },
      ]),
    );
  });

  it('ISOXML v3.3: version detected from the header, escaped names, hole kept', async () => {
    const body = await toGeoJson(t, token, {
      file: fixture('isoxml-v33.zip'),
      filename: 'TASKDATA.zip',
    });
    expect(body.sourceFormat).toBe('ISOXML_V33');
    expect(body.features).toHaveLength(1);
    expect(body.features[0]?.properties).toEqual({
      name: 'Hay Meadow',
      client: 'Jones & Sons',
      farm: 'Valley Farm',
    });
    expectSameBoundary(geometryOf(body.features, 0), holed, 1e-9);
  });

  it('ISOXML v4.2 as a bare TASKDATA.XML: two boundary polygons make one two-part field', async () => {
    const body = await toGeoJson(t, token, {
      file: fixture('isoxml-v42-TASKDATA.XML'),
      filename: 'TASKDATA.XML',
    });
    expect(body.sourceFormat).toBe('ISOXML_V42');
    expect(body.features.map((f) => f.properties.name)).toEqual(['Two Parts']);
    expectSameBoundary(geometryOf(body.features, 0), twoParts, 1e-9);
  });

  it('ISOXML v4.3: external PFD file merged, obstacles ignored, a partfield without boundary refused', async () => {
    const body = await toGeoJson(t, token, {
      file: fixture('isoxml-v43.zip'),
      filename: 'TASKDATA.zip',
      sourceFormat: 'ISOXML_V43',
    });
    expect(body.sourceFormat).toBe('ISOXML_V43');
    expect(body.features.map((f) => f.properties)).toEqual([
      { name: 'Hay Meadow', client: 'Jones', farm: 'Valley Farm' },
      { name: 'Bottom Ground', client: 'Jones', farm: 'Valley Farm' },
    ]);
    expectSameBoundary(geometryOf(body.features, 0), holed, 1e-9);
    expectSameBoundary(geometryOf(body.features, 1), plain, 1e-9);
    expect(body.refused).toEqual([
      { index: 1, name: 'Only a guidance line', reason: 'This field has no boundary.' },
    ]);
  });

  it('ISOXML named as another version is read as what its header says, with a note', async () => {
    const body = await toGeoJson(t, token, {
      file: fixture('isoxml-v43.zip'),
      filename: 'TASKDATA.zip',
      sourceFormat: 'ISOXML_V33',
    });
    expect(body.sourceFormat).toBe('ISOXML_V43');
    expect(body.notes).toEqual([
      'The file says it is ISOXML v4.3, not ISOXML v3.3; it was read as ISOXML v4.3.',
    ]);
  });

  it.each([
    ['google-earth.kml', 'KML'],
    ['google-earth.kmz', 'KMZ'],
  ])(
    '%s: placemark names, inner boundaries and multi-geometries; a line refused',
    async (name, format) => {
      const body = await toGeoJson(t, token, { file: fixture(name), filename: name });
      expect(body.sourceFormat).toBe(format);
      expect(body.features.map((f) => f.properties.name)).toEqual(['Hay Meadow', 'Two Parts']);
      expectSameBoundary(geometryOf(body.features, 0), holed, 1e-9);
      expectSameBoundary(geometryOf(body.features, 1), twoParts, 1e-9);
      expect(body.refused).toEqual([
        {
          index: 2,
          name: 'Lane',
          reason: expect.stringContaining('This is a LineString, not an area'),
        },
      ]);
    },
  );
});
