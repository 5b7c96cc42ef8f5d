import { supportedFileFormats } from '@baletrack/contracts/convert/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newConfirmedUser, signIn } from '../helpers/identity.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { convert, toGeoJson } from './helpers/convert-client.ts';
import { featureCollection, rectangle } from './helpers/sample-fields.ts';

let t: TestApp;
let tokens: { IdToken: string; AccessToken: string };
beforeAll(async () => {
  t = await startTestApp();
  const user = await newConfirmedUser(t.ctx);
  tokens = await signIn(t, user.email, user.password);
});
afterAll(() => t.close());

const get = (path: string, authorization?: string) =>
  fetch(`${t.url}/convert-api${path}`, { headers: authorization ? { authorization } : {} });

const oneField = featureCollection([
  {
    type: 'Feature',
    properties: { name: 'Home' },
    geometry: { type: 'Polygon', coordinates: [rectangle(-120.5, 46.6, -120.49, 46.61)] },
  },
]);

describe('conversion API', () => {
  it('answers health without a token', async () => {
    const response = await get('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', version: expect.any(String) });
  });

  it.each(['import', 'export'])(
    'lists the supported %s formats, none without a public specification',
    async (direction) => {
      const response = await get(
        `/api/supported-${direction}-formats`,
        `Bearer ${tokens.AccessToken}`,
      );
      expect(response.status).toBe(200);
      const { formats } = (await response.json()) as { formats: string[] };
      expect(formats).toEqual([...supportedFileFormats]);
      for (const unspecified of [
        'AGLEADER',
        'AUTOGUIDE_1000',
        'AUTOGUIDE_3000',
        'PFTM',
        'TOPCON_319',
        'TOPCON_320',
      ]) {
        expect(formats).not.toContain(unspecified);
      }
    },
  );

  it('takes only the access token, as Bearer', async () => {
    const wrong = {
      none: undefined,
      'id token bare (the data API way)': tokens.IdToken,
      'id token as Bearer': `Bearer ${tokens.IdToken}`,
      'access token without Bearer': tokens.AccessToken,
      'garbage Bearer': 'Bearer not-a-token',
    };
    for (const [what, authorization] of Object.entries(wrong)) {
      for (const path of ['/api/supported-import-formats', '/api/supported-export-formats']) {
        const response = await get(path, authorization);
        expect(response.status, `${what} ${path}`).toBe(401);
        expect(await response.json()).toMatchObject({
          code: 'UNAUTHORIZED',
          message: 'Invalid auth tokens',
        });
      }
      const converted = await convert(t, '', {
        file: oneField,
        filename: 'f.geojson',
        targetFormat: 'KML',
        authorization: authorization ?? null,
      });
      expect(converted.status, `${what} convert-file`).toBe(401);
    }
  });

  it('accepts uploads above the JSON body limit, up to its own limit', async () => {
    // 1.5 MB: over the server's 1 MB JSON body limit, under CONVERT_MAX_UPLOAD_MB's default.
    const padded = oneField.replace(
      '"name":"Home"',
      `"name":"Home","notes":"${'x'.repeat(1_500_000)}"`,
    );
    const body = await toGeoJson(t, tokens.AccessToken, { file: padded, filename: 'big.geojson' });
    expect(body.features.map((f) => f.properties.name)).toEqual(['Home']);
  });

  it('is documented in the OpenAPI document under its own base path', async () => {
    const document = (await (await fetch(`${t.url}/docs/json`)).json()) as {
      paths: Record<string, Record<string, { security?: unknown }>>;
    };
    const paths = Object.keys(document.paths).filter((p) => p.startsWith('/convert-api/'));
    expect(paths.sort()).toEqual([
      '/convert-api/api/convert-file',
      '/convert-api/api/health',
      '/convert-api/api/supported-export-formats',
      '/convert-api/api/supported-import-formats',
    ]);
    // Documented as it is enforced: the access token as Bearer, health open to load balancers.
    const bearer = [{ accessToken: [] }];
    expect(document.paths['/convert-api/api/convert-file']?.post?.security).toEqual(bearer);
    expect(document.paths['/convert-api/api/supported-import-formats']?.get?.security).toEqual(
      bearer,
    );
    expect(document.paths['/convert-api/api/health']?.get?.security).toEqual([]);
  });

  it('gives the converted file a UTF-8 file name as well as an ASCII one', async () => {
    const response = await convert(t, tokens.AccessToken, {
      file: oneField,
      filename: 'Größe Äcker.geojson',
      targetFormat: 'KML',
    });
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Gr__e _cker.kml"; filename*=UTF-8''${encodeURIComponent('Größe Äcker.kml')}`,
    );
  });
});
