import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  copyReportPage,
  listReportPage,
  type ReportPageRow,
} from '../../src/features/reports/reports.repository.ts';
import { ingest, newBale } from '../helpers/farm.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { reportFarm } from './report-farm.ts';

// The report reads its pages through binary COPY, decoding each value itself (docs/benchmarks.md,
// "Report CSV and data export"): from a PostgreSQL connection's stream, or from PGlite's blob
// device. The CSV's cells are only right if every value is the one the driver's own query gives.

let t: TestApp;
let orgId: string;

beforeAll(async () => {
  t = await startTestApp();
  const fixture = await reportFarm(t);
  orgId = fixture.farm.orgId;
  await ingest(t, fixture.baler.apiKey, [
    newBale({
      uid: 'RPT-E',
      creationTime: '2025-06-03T00:00:00.001Z',
      stackType: 'it\'s a "quoted" \\ back-slashed, ünïcödé 干草 row',
      weightKg: 0.1 + 0.2,
      flakeCount: 7,
      wrapsPerBale: 0,
    }),
  ]);
});
afterAll(() => t.close());

async function everyRow(
  read: (after: string | undefined) => Promise<{ count: number; row(i: number): ReportPageRow }>,
) {
  const rows: ReportPageRow[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await read(after);
    for (let i = 0; i < page.count; i += 1) rows.push(page.row(i));
    if (page.count < 2) return rows;
    after = rows.at(-1)?.uid;
  }
}

describe('a report page read through COPY', () => {
  it('holds the very values the query gives, page after page', async () => {
    const range = {};
    const viaQuery = await everyRow(async (after) => {
      const rows = await listReportPage(t.ctx.db, orgId, range, after, 2);
      return { count: rows.length, row: (i) => rows[i] as ReportPageRow };
    });
    const viaCopy = await everyRow((after) => copyReportPage(t.ctx.db, orgId, range, after, 2));
    expect(viaQuery.map((row) => row.uid)).toEqual(['RPT-A', 'RPT-B', 'RPT-C', 'RPT-D', 'RPT-E']);
    expect(viaCopy).toEqual(viaQuery);
  });

  it('takes a condition on text holding quotes and backslashes', async () => {
    const odd = 'it\'s a "quoted" \\ back-slashed, ünïcödé 干草 row';
    const page = await copyReportPage(t.ctx.db, orgId, {}, undefined, 10, (eb) =>
      eb('bales.stackType', '=', odd),
    );
    expect(page.count).toBe(1);
    expect(page.row(0)).toMatchObject({ uid: 'RPT-E', stackType: odd, weightKg: 0.1 + 0.2 });
  });
});
