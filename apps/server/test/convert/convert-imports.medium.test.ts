import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { accessToken, toGeoJson } from './helpers/convert-client.ts';
import { encodeDbf, encodeShp } from './helpers/esri-shapefile.ts';
import { WGS84_PRJ } from './helpers/make-fixtures.ts';
import {
  expectRfc7946Winding,
  expectSameBoundary,
  holeRectangle,
  rectangle,
} from './helpers/sample-fields.ts';

// Files the tests build themselves (with their own ESRI encoder and fflate), shaped the ways
// real exports differ: holes as records of their own, Windows paths, macOS junk, nested folders.
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = await accessToken(t);
});
afterAll(() => t.close());

const text = (value: string) => new TextEncoder().encode(value);
// ESRI order: outlines clockwise, holes counter-clockwise (GeoJSON's are the reverse).
const outline = rectangle(-120.5, 46.6, -120.49, 46.61).toReversed();
const pond = holeRectangle(-120.498, 46.602, -120.495, 46.605).toReversed();

describe('imports of files made by the test', () => {
  it('TRIMBLE: a Boundary whose hole is a record of its own is one field with a hole; Windows paths work', async () => {
    const { shp, shx } = encodeShp([
      { rings: [outline], attributes: {} },
      { rings: [pond], attributes: {} },
    ]);
    const dir = 'AgGPS\\Data\\Jones\\Valley Farm\\Pond Field\\';
    const zip = zipSync({
      [`${dir}Boundary.shp`]: shp,
      [`${dir}Boundary.shx`]: shx,
      [`${dir}Boundary.dbf`]: encodeDbf([{ ID: '1' }, { ID: '2' }]),
      [`${dir}Boundary.prj`]: text(WGS84_PRJ),
    });
    const body = await toGeoJson(t, token, { file: zip, filename: 'trimble.zip' });
    expect(body.sourceFormat).toBe('TRIMBLE');
    expect(body.features.map((f) => f.properties)).toEqual([
      { name: 'Pond Field', client: 'Jones', farm: 'Valley Farm' },
    ]);
    expectRfc7946Winding(body.features[0]?.geometry ?? { type: 'Polygon', coordinates: [] });
    expectSameBoundary(
      body.features[0]?.geometry ?? { type: 'Polygon', coordinates: [] },
      { type: 'Polygon', coordinates: [outline, pond] },
      1e-12,
    );
  });

  it('SHAPE: layers in folders are all read, macOS resource forks ignored', async () => {
    const a = encodeShp([{ rings: [outline, pond], attributes: {} }]);
    const b = encodeShp([
      { rings: [rectangle(-120.48, 46.6, -120.47, 46.61).toReversed()], attributes: {} },
    ]);
    const zip = zipSync({
      'export/north/Fields.SHP': a.shp,
      'export/north/Fields.SHX': a.shx,
      'export/north/Fields.DBF': encodeDbf([{ Name: 'North' }]),
      'export/north/Fields.PRJ': text(WGS84_PRJ),
      'export/south/south.shp': b.shp,
      'export/south/south.shx': b.shx,
      'export/south/south.dbf': encodeDbf([{ FLD_NAME: 'South' }]),
      'export/south/south.prj': text(WGS84_PRJ),
      '__MACOSX/export/north/._Fields.shp': text('resource fork'),
    });
    const body = await toGeoJson(t, token, { file: zip, filename: 'export.zip' });
    expect(body.sourceFormat).toBe('SHAPE');
    expect(body.features.map((f) => f.properties.name)).toEqual(['North', 'South']);
    expect(body.features[0]?.geometry.coordinates).toHaveLength(2);
  });

  it('ISOXML and KML written inline: names, holes, a nameless placemark named by position', async () => {
    const isoxml = `<?xml version="1.0"?><ISO11783_TaskData VersionMajor="4" VersionMinor="2">
      <PFD A="PFD1" C="Inline" D="1"><PLN A="1"><LSG A="1">
      <PNT A="2" C="46.6" D="-120.5"/><PNT A="2" C="46.6" D="-120.49"/><PNT A="2" C="46.61" D="-120.49"/>
      </LSG></PLN></PFD></ISO11783_TaskData>`;
    const fromIsoxml = await toGeoJson(t, token, {
      file: zipSync({ 'TASKDATA/TASKDATA.XML': text(isoxml) }),
      filename: 'x.zip',
    });
    expect(fromIsoxml.sourceFormat).toBe('ISOXML_V42');
    expect(fromIsoxml.features[0]?.properties.name).toBe('Inline');

    const kml = `<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><Polygon><outerBoundaryIs><LinearRing>
      <coordinates>-120.5,46.6 -120.49,46.6 -120.49,46.61 -120.5,46.6</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></kml>`;
    const fromKml = await toGeoJson(t, token, { file: kml, filename: 'x.kml' });
    expect(fromKml.features.map((f) => f.properties.name)).toEqual(['Field 1']);
  });

  it('GEOJSON: names with control characters and line breaks come back as one line that saves', async () => {
    const ring = [
      [-120.5, 46.6],
      [-120.49, 46.6],
      [-120.49, 46.61],
      [-120.5, 46.6],
    ];
    const file = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { name: 'Ctl\u0007Bell \u001b[31m red\r\n' },
          geometry: { type: 'Polygon', coordinates: [ring] },
        },
        {
          type: 'Feature',
          properties: { name: '\u0000\u0001' },
          geometry: { type: 'Polygon', coordinates: [ring.map(([x = 0, y = 0]) => [x + 0.1, y])] },
        },
      ],
    });
    const body = await toGeoJson(t, token, { file, filename: 'fields.geojson' });
    expect(body.features.map((f) => f.properties.name)).toEqual(['Ctl Bell [31m red', 'Field 2']);
  });
});
