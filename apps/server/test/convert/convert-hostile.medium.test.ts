/**
 * Hostile uploads, class by class and reader by reader (docs/file-formats.md, "Limits and
 * refusals"; ADR 13): headers that lie about sizes or counts, files that expand enormously,
 * files that keep a parser busy past the time limit, coordinates that are NaN or infinite, XML
 * with a DOCTYPE or entities. Each is a 413 or 422 with a clear message, paid for by a worker
 * process, never by the server. Where a class cannot occur for a reader, the describe says why.
 */
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSY_RETRY_AFTER_SECONDS, poolSize } from '../../src/features/convert/convert-pool.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { accessToken, convert, refusal, toGeoJson } from './helpers/convert-client.ts';
import {
  BILLION_LAUGHS,
  CORNERS,
  claimCorners,
  claimRecordLength,
  claimRecords,
  ENTITY_DOCTYPE,
  emptyRecords,
  isoxmlZip,
  KML_CORNERS,
  kml,
  kmz,
  layer,
  layerZip,
  lieAboutSizes,
  manySquares,
  oneField,
  PNT_CORNERS,
  shapeZip,
  taskData,
  trimbleZip,
} from './helpers/hostile-files.ts';
import { UTM_10N_PRJ, WGS84_PRJ } from './helpers/make-fixtures.ts';
import { featureCollection, rectangle } from './helpers/sample-fields.ts';

const good = featureCollection([
  {
    type: 'Feature',
    properties: { name: 'Good' },
    geometry: { type: 'Polygon', coordinates: [rectangle(-120.5, 46.6, -120.49, 46.61)] },
  },
]);

interface Server {
  t: TestApp;
  token: string;
}

async function server(env: Record<string, string>): Promise<Server> {
  const t = await startTestApp({ env });
  return { t, token: await accessToken(t) };
}

const send = (s: Server, file: Uint8Array | string, sourceFormat?: string) =>
  convert(s.t, s.token, {
    file,
    filename: 'upload',
    targetFormat: 'GEOJSON',
    ...(sourceFormat ? { sourceFormat } : {}),
  });

/** The server still converts: a good file right after a hostile one. */
async function stillConverts(s: Server): Promise<void> {
  const response = await send(s, good);
  expect(response.status).toBe(200);
  await response.arrayBuffer();
}

const corrupt = (label: string, detail: string | RegExp) => ({
  status: 422,
  code: 'CORRUPT_FILE',
  message:
    typeof detail === 'string'
      ? `This ${label} file could not be read: ${detail}`
      : expect.stringMatching(detail),
});

// Small limits, so each can be crossed with a small file.
let small: Server;
beforeAll(async () => {
  small = await server({
    CONVERT_MAX_UPLOAD_MB: '1',
    CONVERT_MAX_EXPANDED_MB: '1',
    CONVERT_MAX_ARCHIVE_ENTRIES: '10',
  });
});
afterAll(() => small.t.close());

describe('a hostile file costs a worker, not the server', () => {
  let s: Server;
  beforeAll(async () => {
    s = await server({ CONVERT_TIMEOUT_SECONDS: '2' });
  });
  afterAll(() => s.t.close());

  it('answers health while a shapefile that takes seconds to parse is being read', async () => {
    await stillConverts(s); // a worker is started and waiting
    const hostile = shapeZip(manySquares(40_000)); // ~10 s of one synchronous call in shpjs
    let answered = false;
    const conversion = send(s, hostile).then(async (response) => {
      answered = true;
      return refusal(response);
    });
    const health = `${s.t.url}/convert-api/api/health`;
    const times: number[] = [];
    for (let i = 0; i < 6; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const start = performance.now();
      const response = await fetch(health);
      times.push(performance.now() - start);
      expect(response.status).toBe(200);
      expect(answered, 'the conversion is still being parsed').toBe(false);
    }
    // Parsed on the server's own thread, the file would hold every answer for seconds; in its
    // worker each comes at once (the speed itself is the benchmarks', not a test's: a busy CI
    // machine answers in a few hundred milliseconds).
    for (const ms of times) expect(ms).toBeLessThan(1_000);
    // Its worker is killed at the limit: the request gets the time-limit refusal.
    expect(await conversion).toEqual({
      status: 422,
      code: 'TIMEOUT',
      message:
        'This file took longer than 2 seconds to convert and was stopped. Split it into smaller files and try again.',
    });
    await stillConverts(s);
  });
});

describe('a flood of uploads', () => {
  let s: Server;
  beforeAll(async () => {
    s = await server({ CONVERT_TIMEOUT_SECONDS: '0.5', CONVERT_MAX_WAITING: '1' });
  });
  afterAll(() => s.t.close());

  it('waits in a bounded line: past it, 503 BUSY with Retry-After, and the server converts on', async () => {
    // More uploads at once than may run and wait (each takes its worker a while to read).
    const accepted = poolSize() + 1;
    const slow = shapeZip(manySquares(6_000));
    const answers = await Promise.all(
      Array.from({ length: accepted + 3 }, async () => {
        const response = await send(s, slow);
        return { retryAfter: response.headers.get('retry-after'), ...(await refusal(response)) };
      }),
    );
    const busy = answers.filter((a) => a.status === 503);
    expect(busy.length).toBeGreaterThanOrEqual(3);
    for (const answer of busy) {
      expect(answer).toEqual({
        status: 503,
        code: 'BUSY',
        message: 'The converter is busy with other files. Try again in a minute.',
        retryAfter: String(BUSY_RETRY_AFTER_SECONDS),
      });
    }
    // Every other upload got its worker in turn and the file's own answer: its thousands of
    // squares refused, or the time limit when the machine is slow to read them.
    for (const answer of answers.filter((a) => a.status !== 503)) {
      expect(answer.status).toBe(422);
      expect(['NO_USABLE_FEATURES', 'TIMEOUT']).toContain(answer.code);
    }
    await stillConverts(s);
  });
});

describe('headers that lie about sizes or counts', () => {
  // GEOJSON, bare KML and a bare TASKDATA.XML declare no sizes or counts: plain text, read as is.

  it.each(['SHAPE', 'TRIMBLE'] as const)(
    '%s: a .shp record claiming more corners or bytes than it holds, a .dbf claiming 4 billion records',
    async (format) => {
      const files = oneField([CORNERS]);
      const path = format === 'SHAPE' ? 'f' : 'AgGPS/Data/Jones/Home/North/Boundary';
      for (const shp of [
        claimCorners(files.shp, 100_000_000),
        claimCorners(files.shp, -1),
        claimRecordLength(files.shp, 1_000_000_000),
      ]) {
        expect(await refusal(await send(small, layerZip(format, { ...files, shp })))).toEqual(
          corrupt('shapefile', `${path}.shp claims more shapes or corners than the file holds.`),
        );
      }
      const dbf = claimRecords(files.dbf, 0xffff_ffff);
      expect(await refusal(await send(small, layerZip(format, { ...files, dbf })))).toEqual(
        corrupt(
          'shapefile',
          `${path}.dbf claims 4,294,967,295 records, more than its ${dbf.length} bytes hold.`,
        ),
      );
    },
  );

  it.each([
    ['SHAPE', shapeZip(oneField([CORNERS]))],
    ['TRIMBLE', trimbleZip(oneField([CORNERS]))],
    ['ISOXML', isoxmlZip(taskData(PNT_CORNERS.repeat(200)))],
    ['KMZ', kmz(kml(`${KML_CORNERS} `.repeat(200)))],
  ])('%s: a zip whose entries claim to be 10 bytes long', async (_format, zip) => {
    expect(await refusal(await send(small, lieAboutSizes(zip, 10)))).toEqual({
      status: 422,
      code: 'ARCHIVE_TOO_LARGE',
      message: 'This zip would expand to more than 1 MB, the most we unpack, so it was refused.',
    });
  });
});

describe('files that expand enormously', () => {
  const zeros = new Uint8Array(3 * 1_048_576); // ~3 kB deflated

  it.each([
    ['SHAPE', { 'f.shp': zeros }],
    ['TRIMBLE', { 'AgGPS/Data/Jones/Home/North/Boundary.shp': zeros }],
    ['ISOXML', { 'TASKDATA/TASKDATA.XML': zeros }],
    ['KMZ', { 'doc.kml': zeros }],
  ])('%s: a zip bomb is refused before it is inflated', async (_format, entries) => {
    expect(await refusal(await send(small, zipSync(entries)))).toEqual({
      status: 422,
      code: 'ARCHIVE_TOO_LARGE',
      message: 'This zip would expand to more than 1 MB, the most we unpack, so it was refused.',
    });
  });

  describe('within the upload and unzip limits, but enormous once parsed', () => {
    let s: Server;
    beforeAll(async () => {
      s = await server({
        CONVERT_WORKER_MEMORY_MB: '64',
        CONVERT_MAX_UPLOAD_MB: '8',
        CONVERT_MAX_EXPANDED_MB: '16',
        CONVERT_TIMEOUT_SECONDS: '25',
      });
    });
    afterAll(() => s.t.close());

    const outOfMemory = {
      status: 413,
      code: 'FILE_TOO_LARGE',
      message:
        'This file needs more than 64 MB of memory to convert, the most a conversion may use, so it was stopped. Split it into smaller files and try again.',
    };

    it.each([
      ['GEOJSON', `{"type":"Polygon","coordinates":[[${'[0,0],'.repeat(600_000)}[0,0]]]}`],
      ['KML', `<kml>${'<Folder/>'.repeat(600_000)}</kml>`],
      [
        'ISOXML',
        `<ISO11783_TaskData VersionMajor="4" VersionMinor="3">${'<PFD/>'.repeat(600_000)}</ISO11783_TaskData>`,
      ],
      ['SHAPE', zipSync({ 'f.shp': emptyRecords(2_000_000) })],
      ['TRIMBLE', zipSync({ 'AgGPS/Data/Jones/Home/North/Boundary.shp': emptyRecords(2_000_000) })],
    ])(
      '%s: the worker runs out of memory; the answer is 413 and the server converts on',
      async (_format, file) => {
        expect(await refusal(await send(s, file))).toEqual(outOfMemory);
        await stillConverts(s);
      },
    );
  });
});

describe('files that keep a parser busy past the time limit', () => {
  let s: Server;
  beforeAll(async () => {
    s = await server({ CONVERT_TIMEOUT_SECONDS: '0.5', CONVERT_MAX_UPLOAD_MB: '8' });
  });
  afterAll(() => s.t.close());

  // A 5,000-corner comb: each takes the boundary checks a while; 60 of them, longer than 0.5 s.
  const comb: number[][] = [];
  for (let i = 0; i < 2499; i++) comb.push([-120 + i * 1e-4, 46], [-120 + i * 1e-4 + 5e-5, 46.1]);
  comb.push([-120 + 2499e-4, 45.9], [-120, 45.9], [-120, 46]);
  const combs = featureCollection(
    Array.from({ length: 60 }, (_, i) => ({
      type: 'Feature',
      properties: { name: `Comb ${i}` },
      geometry: { type: 'Polygon', coordinates: [comb] },
    })),
  );
  const nested = 300_000;

  it.each([
    ['GEOJSON', combs],
    ['KML', `<kml>${'<Folder>'.repeat(nested)}${'</Folder>'.repeat(nested)}</kml>`],
    [
      'ISOXML',
      taskData(PNT_CORNERS.repeat(40_000)), // 200,000 points in one ring
    ],
    ['SHAPE', shapeZip(manySquares(30_000))],
    ['TRIMBLE', trimbleZip(manySquares(30_000))],
  ])('%s: 422 TIMEOUT, and the server converts on', async (_format, file) => {
    const started = performance.now();
    expect(await refusal(await send(s, file))).toEqual({
      status: 422,
      code: 'TIMEOUT',
      message:
        'This file took longer than 0.5 seconds to convert and was stopped. Split it into smaller files and try again.',
    });
    // A worker starting takes a moment; the parse itself would take seconds more.
    expect(performance.now() - started).toBeLessThan(6000);
    await stillConverts(s);
  });
});

describe('coordinates that are NaN or infinite', () => {
  const notANumber = 'has a coordinate that is not a number (NaN or infinite).';

  it('GEOJSON: a coordinate too large to be a number (1e400 is Infinity)', async () => {
    for (const [x, feature] of [
      ['1e400', 1],
      ['-1e400', 2],
    ] as const) {
      const ring = `[[-120.5,46.6],[${x},46.6],[-120.49,46.61],[-120.5,46.6]]`;
      const bad = `{"type":"Feature","properties":{},"geometry":{"type":"Polygon","coordinates":[${ring}]}}`;
      const goodFeature = JSON.parse(good).features[0];
      const features = feature === 1 ? `[${bad}]` : `[${JSON.stringify(goodFeature)},${bad}]`;
      const file = `{"type":"FeatureCollection","features":${features}}`;
      expect(await refusal(await send(small, file))).toEqual(
        corrupt('GeoJSON', `feature ${feature} ${notANumber}`),
      );
    }
  });

  it.each(['KML', 'KMZ'])(
    '%s: "NaN", "Infinity", "1e999" or "12abc" in <coordinates>',
    async (format) => {
      for (const value of ['NaN', 'Infinity', '-inf', '1e999', '12abc']) {
        const document = kml(`-120.5,46.6,0 -120.49,46.6,0 -120.49,${value},0 -120.5,46.6,0`);
        const file = format === 'KML' ? document : kmz(document);
        expect(await refusal(await send(small, file))).toEqual(
          corrupt(
            format,
            `a <coordinates> holds "${value}", which is not a number (NaN or infinite).`,
          ),
        );
      }
    },
  );

  it('ISOXML: a PNT whose C or D is NaN, INF, 1e999 or missing, bare or zipped', async () => {
    for (const [pnt, name, shown] of [
      ['<PNT A="2" C="NaN" D="-120.49"/>', 'C', 'NaN'],
      ['<PNT A="2" C="46.6" D="INF"/>', 'D', 'INF'],
      ['<PNT A="2" C="46.6" D="-Infinity"/>', 'D', '-Infinity'],
      ['<PNT A="2" C="1e999" D="-120.49"/>', 'C', '1e999'],
      ['<PNT A="2" C="46.6"/>', 'D', ''],
    ]) {
      const xml = taskData(PNT_CORNERS + pnt);
      for (const file of [xml, isoxmlZip(xml)]) {
        expect(await refusal(await send(small, file))).toEqual(
          corrupt(
            'ISOXML',
            `a point (PNT) has ${name}="${shown}", which is not a number (NaN or infinite).`,
          ),
        );
      }
    }
  });

  it.each(['SHAPE', 'TRIMBLE'] as const)(
    '%s: NaN or infinite corners, with a .prj and without; a .prj that makes them infinite',
    async (format) => {
      const path = format === 'SHAPE' ? 'f' : 'AgGPS/Data/Jones/Home/North/Boundary';
      for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
        const ring = CORNERS.map(([x, y], i) => (i === 2 ? [bad, y] : [x, y]));
        for (const prj of [undefined, WGS84_PRJ, UTM_10N_PRJ]) {
          const file = layerZip(format, oneField([ring as number[][]], prj));
          expect(await refusal(await send(small, file))).toEqual(
            corrupt('shapefile', `${path}.shp ${notANumber}`),
          );
        }
      }
      // Finite corners, but a .prj whose false easting is NaN places them at infinity.
      const utm = [
        [500_000, 5_100_000],
        [500_000, 5_100_500],
        [500_500, 5_100_500],
        [500_500, 5_100_000],
        [500_000, 5_100_000],
      ];
      const nanPrj = UTM_10N_PRJ.replace('"False_Easting",500000.0', '"False_Easting",NaN');
      const answer = await refusal(await send(small, layerZip(format, oneField([utm], nanPrj))));
      expect(answer).toMatchObject({ status: 422, code: 'UNKNOWN_PROJECTION' });
      expect(answer.message).toContain(`${path}.prj`);
    },
  );
});

describe('shapes nested deeper than any boundary', () => {
  const depth = 20_000;

  it('KML: nested past the stack is a 422, not a crash', async () => {
    const document = `<kml><Placemark>${'<MultiGeometry>'.repeat(depth)}${'</MultiGeometry>'.repeat(depth)}</Placemark></kml>`;
    expect(await refusal(await send(small, document))).toEqual(
      corrupt('KML', 'its shapes are nested too deeply.'),
    );
  });

  it.each([
    ['GEOJSON', `{"type":"Polygon","coordinates":${'['.repeat(depth)}${']'.repeat(depth)}}`],
    [
      'ISOXML',
      taskData(PNT_CORNERS, 'North', '', `${'<PFD>'.repeat(depth)}${'</PFD>'.repeat(depth)}`),
    ],
  ])('%s: a 422 too', async (_format, file) => {
    expect((await refusal(await send(small, file))).status).toBe(422);
  });
});

describe('XML with a DOCTYPE or entity declarations', () => {
  const refused = (label: string, file = 'it') =>
    corrupt(
      label,
      `${file} declares a document type or entities (<!DOCTYPE>), which we do not read. Save it without them and try again.`,
    );

  it.each(['KML', 'KMZ'])(
    '%s: refused before parsing, the entity never a name; a billion laughs too',
    async (format) => {
      for (const prolog of [ENTITY_DOCTYPE, BILLION_LAUGHS('kml'), '<!doctype kml>']) {
        const document = kml(KML_CORNERS, prolog.includes('Entity') ? '&e;' : '&l9;', prolog);
        const answer = await refusal(
          await send(small, format === 'KML' ? document : kmz(document)),
        );
        expect(answer).toEqual(refused(format));
        expect(answer.message).not.toContain('Entity Name');
      }
    },
  );

  it('ISOXML: TASKDATA.XML bare or zipped, and an external file (XFR) with one', async () => {
    for (const prolog of [ENTITY_DOCTYPE, BILLION_LAUGHS('ISO11783_TaskData')]) {
      const xml = taskData(PNT_CORNERS, '&e;', prolog);
      for (const file of [xml, isoxmlZip(xml)]) {
        const answer = await refusal(await send(small, file));
        expect(answer).toEqual(refused('ISOXML', 'TASKDATA.XML'));
        expect(answer.message).not.toContain('Entity Name');
      }
    }
    const external =
      `<?xml version="1.0"?>${ENTITY_DOCTYPE}<XFC><PFD A="PFD2" C="&e;"><PLN A="1"><LSG A="1">` +
      `${PNT_CORNERS}</LSG></PLN></PFD></XFC>`;
    const withXfr = isoxmlZip(taskData(PNT_CORNERS, 'North', '', '<XFR A="PFD00001" B="1"/>'), {
      'TASKDATA/PFD00001.XML': external,
    });
    expect(await refusal(await send(small, withXfr))).toEqual(refused('ISOXML', 'PFD00001.XML'));
  });

  it('KML: "<!DOCTYPE" inside a comment or a CDATA description is only text', async () => {
    const document = kml(KML_CORNERS, 'North', '<!-- <!DOCTYPE kml> -->').replace(
      '<name>',
      '<description><![CDATA[<!DOCTYPE html><p>notes</p>]]></description><name>',
    );
    const collection = await toGeoJson(small.t, small.token, { file: document, filename: 'a.kml' });
    expect(collection.features.map((f) => f.properties.name)).toEqual(['North']);
  });

  // GeoJSON and shapefiles (SHAPE, TRIMBLE) are not XML: such text in a name is a name, kept as
  // written, and escaped when written to KML or ISOXML, so it is never declared nor expanded.
  const literal = '<!DOCTYPE x [<!ENTITY e "Entity Name">]>&e;';
  const readBack = async (file: Uint8Array | string, target: 'KML' | 'ISOXML_V43') => {
    const exported = await convert(small.t, small.token, {
      file,
      filename: 'a',
      targetFormat: target,
    });
    expect(exported.status).toBe(200);
    const bytes = new Uint8Array(await exported.arrayBuffer());
    const back = await toGeoJson(small.t, small.token, { file: bytes, filename: 'b' });
    return back.features.map((f) => f.properties.name);
  };

  it.each([
    [
      'GEOJSON',
      featureCollection([
        {
          type: 'Feature',
          properties: { name: literal },
          geometry: { type: 'Polygon', coordinates: [rectangle(-120.5, 46.6, -120.49, 46.61)] },
        },
      ]),
    ],
    ['SHAPE', shapeZip(layer([{ rings: [CORNERS], attributes: { NAME: literal } }]))],
    ['TRIMBLE', trimbleZip(oneField([CORNERS]), '<!DOCTYPE x>&e;')],
  ])('%s: such text in a name stays text through KML and ISOXML', async (format, file) => {
    const name = format === 'TRIMBLE' ? '<!DOCTYPE x>&e;' : literal;
    expect(await readBack(file, 'KML')).toEqual([name]);
    // ISOXML designators hold 32 characters (names are read trimmed).
    const shortened = [...name].slice(0, 32).join('').trim();
    expect(await readBack(file, 'ISOXML_V43')).toEqual([shortened]);
  });
});
