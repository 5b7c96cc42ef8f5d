import {
  fileFormatMediaTypes,
  type SupportedFileFormat,
  supportedFileFormats,
} from '@baletrack/contracts/convert/formats';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { accessToken, convert, reportOf, toGeoJson } from './helpers/convert-client.ts';
import {
  expectRfc7946Winding,
  expectSameBoundary,
  featureCollection,
  sampleFields,
} from './helpers/sample-fields.ts';

// Export → import keeps every corner within TOLERANCE degrees (about 1 mm): shapefiles, KML
// and GeoJSON store doubles, ISOXML 9 decimals. Names and holes are kept too.
const TOLERANCE = 1e-8;

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = await accessToken(t);
});
afterAll(() => t.close());

const source = featureCollection(sampleFields);

describe('export → import round trips', () => {
  it.each(supportedFileFormats)('%s keeps geometry, names and holes', async (format) => {
    const exported = await convert(t, token, {
      file: source,
      filename: 'Smith fields.geojson',
      sourceFormat: 'GEOJSON',
      targetFormat: format,
    });
    expect(exported.status, await exported.clone().text()).toBe(200);
    expect(exported.headers.get('content-type')).toContain(fileFormatMediaTypes[format]);
    expect(exported.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Smith fields/,
    );
    expect(reportOf(exported)).toEqual({ sourceFormat: 'GEOJSON', refused: [], notes: [] });
    const bytes = new Uint8Array(await exported.arrayBuffer());

    // Detected from the contents, then read as the named format: the same fields both ways.
    for (const sourceFormat of [undefined, format]) {
      const back = await toGeoJson(t, token, { file: bytes, filename: 'back', sourceFormat });
      expect(back.sourceFormat).toBe(format);
      expect(back.refused).toEqual([]);
      expect(back.features.map((f) => f.properties.name)).toEqual(
        sampleFields.map((f) => f.properties.name),
      );
      back.features.forEach((feature, i) => {
        expectRfc7946Winding(feature.geometry);
        expectSameBoundary(
          feature.geometry,
          sampleFields[i]?.geometry ?? feature.geometry,
          TOLERANCE,
        );
      });
      // KML has no place for them; every other format keeps client and farm.
      if (format !== 'KML' && format !== 'KMZ') {
        expect(back.features.map((f) => [f.properties.client, f.properties.farm])).toEqual(
          sampleFields.map((f) => [f.properties.client, f.properties.farm]),
        );
      }
    }
  });

  it('names files after the upload and lays archives out as each format expects', async () => {
    const layout: Partial<Record<SupportedFileFormat, [string, RegExp]>> = {
      SHAPE: ['Smith fields-shape.zip', /^Smith fields\.(shp|shx|dbf|prj|cpg)$/],
      TRIMBLE: [
        'Smith fields-trimble.zip',
        /^AgGPS\/Data\/Smith Hay\/(Home Place|Creek Farm)\/[^/]+\/Boundary\.(shp|shx|dbf|prj|cpg)$/,
      ],
      ISOXML_V42: ['Smith fields-isoxml-v42.zip', /^TASKDATA\/TASKDATA\.XML$/],
      KMZ: ['Smith fields.kmz', /^doc\.kml$/],
    };
    for (const [format, [filename, entry]] of Object.entries(layout)) {
      const response = await convert(t, token, {
        file: source,
        filename: 'Smith fields.geojson',
        targetFormat: format,
      });
      expect(response.headers.get('content-disposition')).toContain(`filename="${filename}"`);
      const names = Object.keys(unzipSync(new Uint8Array(await response.arrayBuffer())));
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) expect(name).toMatch(entry);
    }
  });

  it('writes the ISOXML version header as named', async () => {
    const headers = {
      ISOXML_V33: 'VersionMajor="3" VersionMinor="3"',
      ISOXML_V42: 'VersionMajor="4" VersionMinor="2"',
      ISOXML_V43: 'VersionMajor="4" VersionMinor="3"',
    };
    for (const [format, header] of Object.entries(headers)) {
      const response = await convert(t, token, {
        file: source,
        filename: 'f.geojson',
        targetFormat: format,
      });
      const zip = unzipSync(new Uint8Array(await response.arrayBuffer()));
      const xml = new TextDecoder().decode(zip['TASKDATA/TASKDATA.XML']);
      expect(xml).toContain(`<ISO11783_TaskData ${header}`);
      expect(xml).toMatch(/<PFD A="PFD1" C="North 40" D="\d+" E="CTR1" F="FRM1">/);
      expect(xml).toContain('<LSG A="2">');
    }
  });
});
