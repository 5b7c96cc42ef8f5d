import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { accessToken, convert, refusal, reportOf } from './helpers/convert-client.ts';
import { encodeDbf, encodeShp } from './helpers/esri-shapefile.ts';
import { UTM_10N_PRJ } from './helpers/make-fixtures.ts';
import { featureCollection, rectangle } from './helpers/sample-fields.ts';

// Small limits so each can be crossed with a small file.
const env = {
  CONVERT_MAX_UPLOAD_MB: '0.25',
  CONVERT_MAX_EXPANDED_MB: '1',
  CONVERT_MAX_ARCHIVE_ENTRIES: '10',
};

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp({ env });
  token = await accessToken(t);
});
afterAll(() => t.close());

const field = (name: string, coordinates: number[][][]) => ({
  type: 'Feature',
  properties: { name },
  geometry: { type: 'Polygon', coordinates },
});
const good = field('Good', [rectangle(-120.5, 46.6, -120.49, 46.61)]);
const bowTie = field('Bow Tie', [
  [
    [-120.5, 46.6],
    [-120.49, 46.61],
    [-120.49, 46.6],
    [-120.5, 46.61],
    [-120.5, 46.6],
  ],
]);

const send = (
  file: Uint8Array | string,
  extra: { sourceFormat?: string; targetFormat?: string } = {},
) => convert(t, token, { file, filename: 'upload', targetFormat: 'GEOJSON', ...extra });

/** A shapefile zip from the test's own encoder; `prj` omitted means no .prj in the zip. */
function shapefileZip(rings: number[][][], prj?: string): Uint8Array {
  const { shp, shx } = encodeShp([{ rings, attributes: {} }]);
  const files: Record<string, Uint8Array> = {
    'f.shp': shp,
    'f.shx': shx,
    'f.dbf': encodeDbf([{ NAME: 'Lot 7' }]),
  };
  if (prj !== undefined) files['f.prj'] = new TextEncoder().encode(prj);
  return zipSync(files);
}

/** Rewrites every declared uncompressed size in a zip (local headers and central directory). */
function lieAboutSizes(zip: Uint8Array, size: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  for (let i = 0; i + 4 <= out.length; i++) {
    const signature = view.getUint32(i, true);
    if (signature === 0x04034b50) view.setUint32(i + 22, size, true);
    if (signature === 0x02014b50) view.setUint32(i + 24, size, true);
  }
  return out;
}

describe('refusals, each a 4xx a grower can act on', () => {
  it.each(['AGLEADER', 'AUTOGUIDE_1000', 'AUTOGUIDE_3000', 'PFTM', 'TOPCON_319', 'TOPCON_320'])(
    '%s: 422, no public specification, as target or as source',
    async (format) => {
      for (const extra of [{ targetFormat: format }, { sourceFormat: format }]) {
        const answer = await refusal(await send(featureCollection([good]), extra));
        expect(answer).toMatchObject({ status: 422, code: 'UNSUPPORTED_FORMAT' });
        expect(answer.message).toContain('the format has no public specification');
      }
    },
  );

  it('refuses a format name it does not know, listing the ones it does', async () => {
    const answer = await refusal(await send(featureCollection([good]), { targetFormat: 'DXF' }));
    expect(answer).toMatchObject({ status: 422, code: 'UNSUPPORTED_FORMAT' });
    expect(answer.message).toBe(
      '"DXF" is not a file format we know. Choose one of: GEOJSON, SHAPE, TRIMBLE, ISOXML_V33, ISOXML_V42, ISOXML_V43, KML, KMZ.',
    );
  });

  it('refuses a file it cannot recognise, and a file that is not the format named', async () => {
    expect(await refusal(await send('just some notes'))).toMatchObject({
      status: 422,
      code: 'UNRECOGNIZED_FILE',
    });
    const named = await refusal(await send(featureCollection([good]), { sourceFormat: 'SHAPE' }));
    expect(named).toMatchObject({
      status: 422,
      message: expect.stringMatching(/^This file is not in Shapefile format/),
    });
  });

  it('refuses a corrupt archive: garbage after a zip header, or a zip cut short', async () => {
    const whole = shapefileZip([rectangle(-120.5, 46.6, -120.49, 46.61)]);
    for (const file of [
      Uint8Array.from([0x50, 0x4b, 3, 4, 1, 2, 3, 4, 5]),
      whole.subarray(0, whole.length - 30),
    ]) {
      const answer = await refusal(await send(file));
      expect(answer).toMatchObject({ status: 422, code: 'CORRUPT_FILE' });
      expect(answer.message).toContain('This zip file is damaged or incomplete');
    }
  });

  it('refuses a zip bomb from its declared sizes, and one that lies about them while inflating', async () => {
    const bomb = zipSync({ 'f.shp': new Uint8Array(3 * 1_048_576) }); // 3 MB of zeros, ~3 kB zipped
    expect(bomb.length).toBeLessThan(20_000);
    for (const file of [bomb, lieAboutSizes(bomb, 100)]) {
      expect(await refusal(await send(file))).toEqual({
        status: 422,
        code: 'ARCHIVE_TOO_LARGE',
        message: 'This zip would expand to more than 1 MB, the most we unpack, so it was refused.',
      });
    }
  });

  it('refuses a zip with more entries than the limit', async () => {
    const files = Object.fromEntries(
      Array.from({ length: 11 }, (_, i) => [`f${i}.txt`, Uint8Array.of(i)]),
    );
    const answer = await refusal(await send(zipSync(files)));
    expect(answer).toMatchObject({ status: 422, code: 'ARCHIVE_TOO_LARGE' });
    expect(answer.message).toContain('more than 10 files');
  });

  it('refuses an upload above the size limit with 413', async () => {
    const big = new Uint8Array(300 * 1024).fill(0x20);
    expect(await refusal(await send(big))).toEqual({
      status: 413,
      code: 'FILE_TOO_LARGE',
      message: 'The file is larger than 0.25 MB, the most we accept. Split it and try again.',
    });
  });

  it('refuses a projected shapefile without its .prj, and a .prj it cannot read', async () => {
    const utm = [
      [
        [500_000, 5_100_000],
        [500_000, 5_100_500],
        [500_500, 5_100_500],
        [500_500, 5_100_000],
        [500_000, 5_100_000],
      ],
    ];
    const missing = await refusal(await send(shapefileZip(utm)));
    expect(missing).toMatchObject({ status: 422, code: 'MISSING_PROJECTION' });
    expect(missing.message).toMatch(
      /^f\.shp has no \.prj file and its coordinates are not longitude and latitude/,
    );
    const unreadable = await refusal(await send(shapefileZip(utm, 'PROJCS["nonsense"')));
    expect(unreadable).toMatchObject({ status: 422, code: 'UNKNOWN_PROJECTION' });
    // The same corners with their .prj are fine.
    expect((await send(shapefileZip(utm, UTM_10N_PRJ))).status).toBe(200);
  });

  it('assumes WGS 84 for a shapefile without .prj whose coordinates are longitudes and latitudes, and says so', async () => {
    const response = await send(
      shapefileZip([rectangle(-120.5, 46.6, -120.49, 46.61).toReversed()]),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      features: { properties: { name: string } }[];
      notes: string[];
    };
    expect(body.features.map((f) => f.properties.name)).toEqual(['Lot 7']);
    expect(body.notes).toEqual([
      'f.shp has no .prj file; its coordinates look like longitude and latitude, so WGS 84 was assumed.',
    ]);
  });

  it('refuses a file whose only polygon crosses itself, naming where', async () => {
    const answer = await refusal(
      await send(featureCollection([bowTie]), { targetFormat: 'SHAPE' }),
    );
    expect(answer).toMatchObject({ status: 422, code: 'NO_USABLE_FEATURES' });
    expect(answer.message).toBe(
      'A boundary must not cross itself; this one does near 46.60500, -120.49500.',
    );
  });

  it('converts the usable features and reports the refused ones, in the body and the header', async () => {
    const response = await send(featureCollection([bowTie, good]), { targetFormat: 'KML' });
    expect(response.status).toBe(200);
    const kml = await response.text();
    expect(kml).toContain('<name>Good</name>');
    expect(kml).not.toContain('Bow Tie');
    expect(reportOf(response)?.refused).toEqual([
      {
        index: 0,
        name: 'Bow Tie',
        reason: 'A boundary must not cross itself; this one does near 46.60500, -120.49500.',
      },
    ]);
  });

  it('refuses empty files: no bytes, an empty collection, an empty zip', async () => {
    expect(await refusal(await send(''))).toMatchObject({
      status: 400,
      code: 'EMPTY_FILE',
      message: 'The file is empty.',
    });
    expect(await refusal(await send(featureCollection([])))).toMatchObject({
      status: 422,
      code: 'EMPTY_FILE',
      message: 'This file contains no field boundaries.',
    });
    expect(await refusal(await send(zipSync({})))).toMatchObject({
      status: 400,
      code: 'EMPTY_FILE',
    });
  });

  it('refuses a request that is not a proper form', async () => {
    const url = `${t.url}/convert-api/api/convert-file`;
    const json = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(await refusal(json)).toMatchObject({
      status: 400,
      message: 'Send the file as a multipart form (multipart/form-data).',
    });

    const plain = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/xml' },
      body: '<kml/>',
    });
    expect(await refusal(plain)).toMatchObject({
      status: 415,
      message: 'Send the file as a multipart form (multipart/form-data).',
    });

    const noFile = new FormData();
    noFile.set('targetFormat', 'KML');
    const missing = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: noFile,
    });
    expect(await refusal(missing)).toMatchObject({
      status: 400,
      message: 'Choose a file to convert.',
    });

    const noTarget = await convert(t, token, {
      file: featureCollection([good]),
      filename: 'f.geojson',
    });
    expect(await refusal(noTarget)).toMatchObject({
      status: 400,
      message: 'Choose the format to convert the file to.',
    });

    const two = new FormData();
    two.set('targetFormat', 'KML');
    two.append('file', new Blob([featureCollection([good])]), 'a.geojson');
    two.append('file', new Blob([featureCollection([good])]), 'b.geojson');
    const both = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: two,
    });
    expect(await refusal(both)).toMatchObject({ status: 400, message: 'Send one file at a time.' });
  });
});

describe('time limit', () => {
  let slow: TestApp;
  beforeAll(async () => {
    slow = await startTestApp({ env: { CONVERT_TIMEOUT_SECONDS: '0.001' } });
  });
  afterAll(() => slow.close());

  it('stops a conversion that takes longer than the limit', async () => {
    const many = Array.from({ length: 400 }, (_, i) =>
      field(`F${i}`, [rectangle(-120.5 + i * 0.001, 46.6, -120.4995 + i * 0.001, 46.6005)]),
    );
    const response = await convert(slow, await accessToken(slow), {
      file: featureCollection(many),
      filename: 'many.geojson',
      targetFormat: 'SHAPE',
    });
    expect(await refusal(response)).toEqual({
      status: 422,
      code: 'TIMEOUT',
      message:
        'This file took longer than 0.001 seconds to convert and was stopped. Split it into smaller files and try again.',
    });
  });
});
