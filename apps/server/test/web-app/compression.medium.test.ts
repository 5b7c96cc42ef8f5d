import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Farm } from '../helpers/farm.ts';
import { signIn } from '../helpers/identity.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { reportFarm } from '../reports/report-farm.ts';

// Every text answer in brotli or gzip when the client asks, as it is when it does not; the web
// app's files as the build precompressed them (docs/operations.md#compression).

let t: TestApp;
let farm: Farm;
let filterId: string;
let idToken: string;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'baletrack-dist-'));
// Larger than the 1 KiB below which answers are sent as they are.
const script = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `row ${i}`))};\n`;
const page = `<!doctype html><title>Baletrack</title>${'<!-- a page -->'.repeat(100)}`;

beforeAll(async () => {
  fs.mkdirSync(path.join(webDist, 'assets'));
  // As the build leaves them: each file with its .br and .gz (apps/web/vite.config.ts).
  const withVariants = (file: string, text: string) => {
    fs.writeFileSync(file, text);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
  };
  withVariants(path.join(webDist, 'index.html'), page);
  withVariants(path.join(webDist, 'assets', 'app-1a2b.js'), script);
  // A file the build left without variants is compressed as it is sent.
  fs.writeFileSync(path.join(webDist, 'assets', 'plain-3c4d.js'), script);
  t = await startTestApp({ env: { WEB_DIST: webDist } });
  const report = await reportFarm(t);
  farm = report.farm;
  filterId = await report.saveFilter();
  idToken = (await signIn(t, farm.owner.email, farm.owner.password)).IdToken;
}, 60_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as sent, still encoded. */
  body: Buffer;
}

/** A GET that leaves the body as the server encoded it (fetch would decode it). */
function rawGet(pathAndQuery: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(`${t.url}${pathAndQuery}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

function decode(response: RawResponse): Buffer {
  switch (response.headers['content-encoding']) {
    case 'br':
      return zlib.brotliDecompressSync(response.body);
    case 'gzip':
      return zlib.gunzipSync(response.body);
    case undefined:
      return response.body;
    default:
      throw new Error(`unexpected encoding ${response.headers['content-encoding']}`);
  }
}

const dataApi = (pathAndQuery: string, headers: Record<string, string> = {}) =>
  rawGet(`/data-api${pathAndQuery}`, { authorization: idToken, ...headers });

const varies = (response: RawResponse) =>
  String(response.headers.vary ?? '')
    .toLowerCase()
    .split(/,\s*/)
    .includes('accept-encoding');

describe('compression', () => {
  it('sends a JSON answer in brotli or gzip as asked, and as it is when not asked', async () => {
    const query = '/bales/all?year=2025';
    const plain = await dataApi(query);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(varies(plain)).toBe(true);
    expect(plain.body.length).toBeGreaterThan(1024);
    const json = JSON.parse(plain.body.toString('utf8'));
    expect(json.bales.length).toBeGreaterThan(0);

    // A browser's header: brotli is preferred; a client without brotli gets gzip.
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const packed = await dataApi(query, { 'accept-encoding': accept });
      expect(packed.status).toBe(200);
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(varies(packed)).toBe(true);
      expect(packed.body.length).toBeLessThan(plain.body.length / 2);
      expect(JSON.parse(decode(packed).toString('utf8'))).toEqual(json);
    }
    // Only what the server can make: an unknown or refused encoding gets the plain answer.
    for (const accept of ['compress', 'identity', 'br;q=0, gzip;q=0']) {
      const refused = await dataApi(query, { 'accept-encoding': accept });
      expect(refused.headers['content-encoding'], accept).toBeUndefined();
      expect(JSON.parse(refused.body.toString('utf8'))).toEqual(json);
    }
  });

  it('sends a small answer as it is, still marked as varying by Accept-Encoding', async () => {
    const config = await rawGet('/config.json', { 'accept-encoding': 'br, gzip' });
    expect(config.status).toBe(200);
    expect(config.body.length).toBeLessThan(1024);
    expect(config.headers['content-encoding']).toBeUndefined();
    expect(varies(config)).toBe(true);
    expect(JSON.parse(config.body.toString('utf8'))).toHaveProperty('dataApiUrl');
  });

  it("sends the web app's page and scripts as the build precompressed them", async () => {
    for (const [url, file, text] of [
      ['/login', 'index.html', page],
      ['/assets/app-1a2b.js', 'assets/app-1a2b.js', script],
    ] as const) {
      const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.status, url).toBe(200);
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.body.equals(fs.readFileSync(path.join(webDist, `${file}.br`))), url).toBe(true);
      expect(decode(br).toString('utf8')).toBe(text);
      expect(varies(br), url).toBe(true);

      const gz = await rawGet(url, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(decode(gz).toString('utf8')).toBe(text);

      const plain = await rawGet(url);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.body.toString('utf8')).toBe(text);
      expect(varies(plain), url).toBe(true);
    }
    const asset = await rawGet('/assets/app-1a2b.js', { 'accept-encoding': 'br' });
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toContain('immutable');
    const index = await rawGet('/', { 'accept-encoding': 'br' });
    expect(index.headers['content-type']).toMatch(/text\/html/);
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  it('compresses a built file that has no precompressed variant as it is sent', async () => {
    const br = await rawGet('/assets/plain-3c4d.js', { 'accept-encoding': 'br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(decode(br).toString('utf8')).toBe(script);
  });

  it('streams the CSV report compressed, whole, with no length known up front', async () => {
    const plain = await dataApi(`/reports/csv?filterId=${filterId}`);
    expect(plain.status).toBe(200);
    const csv = plain.body.toString('utf8');
    expect(csv).toContain('RPT-A');
    for (const encoding of ['br', 'gzip']) {
      const packed = await dataApi(`/reports/csv?filterId=${filterId}`, {
        'accept-encoding': encoding,
      });
      expect(packed.status).toBe(200);
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.headers['content-type']).toMatch(/text\/csv/);
      expect(packed.headers['content-disposition']).toBe(plain.headers['content-disposition']);
      expect(packed.headers['content-length']).toBeUndefined();
      expect(packed.headers['transfer-encoding']).toBe('chunked');
      expect(decode(packed).toString('utf8')).toBe(csv);
    }
  });

  it('still sends the PDF report to a client that asks for compression', async () => {
    const response = await dataApi(`/reports/pdf?filterId=${filterId}`, {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = decode(response);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
  });
});
