import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_PAGE_SIZE } from '../../src/features/reports/report-pages.ts';
import { type Farm, ingest, newBale, newBaler, newFarm } from '../helpers/farm.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

// A large report is streamed: read from the database a page at a time and sent as it is read,
// so the server never holds the whole file (docs/product.md#reports).

const BALES = 20_000;
const BATCH = 5_000; // the ingest API's most per request

let t: TestApp;
let farm: Farm;
let filterId: string;

beforeAll(async () => {
  t = await startTestApp();
  farm = await newFarm(t, 'Big Report Farm');
  const baler = await newBaler(t.ctx, farm.orgId);
  for (let from = 0; from < BALES; from += BATCH) {
    await ingest(
      t,
      baler.apiKey,
      Array.from({ length: BATCH }, () => newBale()),
    );
  }
  const created = await farm.post('/filters/create', {
    name: 'All of them',
    ranges: {},
    dateRange: null,
    includeCuttingless: true,
    fieldIds: [],
    cuttingIds: [],
    cropIds: [],
    balerIds: [],
    baleSizes: [],
  });
  filterId = ((await created.json()) as { id: string }).id;
}, 180_000);
afterAll(() => t.close());

describe('GET /reports/csv of 20,000 bales', () => {
  it('streams every bale once, in pages, starting before the file is complete', async () => {
    expect(BALES / REPORT_PAGE_SIZE).toBeGreaterThan(1);
    const response = await farm.get('/reports/csv', { filterId });
    expect(response.status).toBe(200);
    // Sent as it is made: no length known up front.
    expect(response.headers.get('content-length')).toBeNull();
    expect(response.headers.get('transfer-encoding')).toBe('chunked');

    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const chunks: Buffer[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(Buffer.from(value));
    }
    const lineEnds = (chunk: Buffer) => chunk.toString('latin1').split('\r\n').length - 1;
    // The first bytes arrived holding only part of the file.
    expect(chunks.length).toBeGreaterThan(1);
    expect(lineEnds(chunks[0] as Buffer)).toBeLessThan(BALES + 1);

    const text = Buffer.concat(chunks).toString('utf8');
    const lines = text.split('\r\n');
    expect(lines.pop()).toBe(''); // the last row ends with CRLF too
    expect(lines[0]?.startsWith('\uFEFFBale UID,')).toBe(true);
    const uids = lines.slice(1).map((line) => line.split(',')[0] as string);
    expect(uids).toHaveLength(BALES);
    // Keyset pages (uid order in the database's collation) neither overlap nor skip.
    expect(new Set(uids).size).toBe(BALES);
  }, 120_000);
});
