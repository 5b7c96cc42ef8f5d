import { buffer } from 'node:stream/consumers';
import { messages } from '@baletrack/contracts/errors/messages';
import type { BaleSummary } from '@baletrack/contracts/summaries/summary';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportPdf } from '../../src/features/reports/report-pdf.ts';
import type { Farm } from '../helpers/farm.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { pdfPageCount, pdfText } from './read-pdf.ts';
import { reportFarm } from './report-farm.ts';

// The printable report of report-farm.ts: four visible bales in June 2025 (2,290 kg), one of
// them (RPT-A, RFV 152.4) in the Alfalfa cutting and so graded Good; the others in no cutting.

let t: TestApp;
let farm: Farm;
let other: Farm;
let saveFilter: Awaited<ReturnType<typeof reportFarm>>['saveFilter'];
let everything: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ farm, other, saveFilter } = await reportFarm(t));
  everything = await namedFilter('Everything');
});
afterAll(() => t.close());

/** A filter saved on the farm under a name of the test's choosing (any text, as stored). */
async function namedFilter(name: string, definition: Parameters<typeof saveFilter>[0] = {}) {
  const id = await saveFilter(definition);
  await t.ctx.db.updateTable('filters').set({ name }).where('id', '=', id).execute();
  return id;
}

async function pdf(query: Record<string, unknown>, as: Farm = farm) {
  const response = await as.get('/reports/pdf', query);
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(response.status, bytes.toString('utf8', 0, 300)).toBe(200);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.subarray(-6).toString('latin1')).toContain('%%EOF');
  return { response, bytes, text: pdfText(bytes) };
}

describe('GET /reports/pdf', () => {
  it('is a PDF named like the CSV, with the organization, the filter, dates and units', async () => {
    const { response, text, bytes } = await pdf({
      filterId: everything,
      from: '2025-06-01',
      to: '2025-06-30',
      units: 'Metric',
    });
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="pres-du-lac-farm-bales-2025-06-01-to-2025-06-30.pdf"',
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    for (const expected of [
      'Prés du Lac Farm',
      'Bale report',
      'Everything',
      'Every bale',
      '2025-06-01 to 2025-06-30 (UTC)',
      'Metric: kg, t, °C; nutrition in % of dry matter',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Generated \d{4}-\d\d-\d\d \d\d:\d\d UTC by Baletrack/);
    expect(pdfPageCount(bytes)).toBe(1);
  });

  it('holds the summary, the grades as a chart and the per-field and per-cutting totals', async () => {
    const { text } = await pdf({ filterId: everything, units: 'Metric' });
    const lines = text.split('\n');
    const after = (label: string) => lines[lines.indexOf(label) + 1];
    expect(after('Bales')).toBe('4');
    expect(after('Total weight')).toBe('2.29 t');
    expect(after('Average weight')).toBe('573 kg');
    expect(after('Average RFV')).toBeDefined();
    expect(text).toContain('Legume hay (USDA, by RFV)');
    // RPT-A is Good; three in no cutting are ungraded.
    expect(after('Good')).toBe('1 (25 %)');
    expect(text).toContain('3 bales not graded');
    expect(text).toContain('Per field');
    expect(text).toContain('North 40, "Home"');
    expect(text).toContain('Per cutting');
    expect(text).toContain('1st cutting (2025)');
    expect(text).toContain('Without a cutting');
  });

  it('speaks the organization’s units unless told, and US tons when asked', async () => {
    const { text } = await pdf({ filterId: everything, units: 'US' });
    expect(text).toContain('US customary: lb, tons, °F');
    expect(text).toContain('2.52 tons');
  });

  it('leaves out bales in no cutting when asked, as the CSV does', async () => {
    const { text } = await pdf({ filterId: everything, includeCuttingless: 'false' });
    const lines = text.split('\n');
    expect(lines[lines.indexOf('Bales') + 1]).toBe('1');
    expect(text).toContain('left out');
    expect(text).not.toContain('Without a cutting');
  });

  it('says the filter’s conditions in words', async () => {
    const wet = await namedFilter('Wet alfalfa', {
      ranges: { avgMoisture: { min: 13, max: null }, weightKg: { min: 400, max: 800 } },
      includeCuttingless: false,
    });
    const { text } = await pdf({ filterId: wet, units: 'Metric' });
    expect(text).toContain('Wet alfalfa');
    expect(text).toContain('- Weight 400 kg to 800 kg');
    expect(text).toContain('- Average moisture at least 13 %');
    expect(text).toContain('- Only bales in a cutting');
  });

  it('shows no RFV-based grade when RFV is turned off', async () => {
    await t.ctx.db
      .updateTable('organizations')
      .set({ rfvEnabled: false })
      .where('id', '=', farm.orgId)
      .execute();
    try {
      const { text } = await pdf({ filterId: everything });
      expect(text).not.toContain('Legume hay (USDA, by RFV)');
      expect(text).not.toContain('Average RFV');
      expect(text).toContain('1 legume bales are not graded here');
      expect(text).toContain('Average protein');
    } finally {
      await t.ctx.db
        .updateTable('organizations')
        .set({ rfvEnabled: true })
        .where('id', '=', farm.orgId)
        .execute();
    }
  });

  it('needs a filter: 400 with the contracts message', async () => {
    const response = await farm.get('/reports/pdf', { year: 2025 });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string };
    expect(body.message).toBe(messages.reports.filterRequired);
  });

  it('refuses bad units, and another farm’s filter (404)', async () => {
    expect((await farm.get('/reports/pdf', { filterId: everything, units: 'Cubits' })).status).toBe(
      400,
    );
    expect((await other.get('/reports/pdf', { filterId: everything })).status).toBe(404);
  });

  it('draws hostile and non-Latin names without breaking the file', async () => {
    const hostile = await namedFilter('Łąka\u202E\n农场 🐄\u0001 °');
    await t.ctx.db
      .updateTable('organizations')
      .set({ name: 'Ферма\u0007 Prés ✓' })
      .where('id', '=', farm.orgId)
      .execute();
    try {
      const { text, response } = await pdf({ filterId: hostile });
      expect(text).toContain('????? Prés ?');
      expect(text).toContain('Laka ?? ? °');
      // No control character came through (runs are joined by line breaks).
      expect([...text].filter((c) => c !== '\n' && c < ' ')).toEqual([]);
      expect(response.headers.get('content-disposition')).toBe(
        'attachment; filename="pres-bales-all-dates.pdf"',
      );
    } finally {
      await t.ctx.db
        .updateTable('organizations')
        .set({ name: 'Prés du Lac Farm' })
        .where('id', '=', farm.orgId)
        .execute();
    }
  });
});

describe('reportPdf', () => {
  it('writes group totals with thousands separators, as the screens do', async () => {
    const none = { avgMoisture: null, peakMoisture: null, rfv: null, adf: null, ndf: null };
    const summary: BaleSummary = {
      count: 2_500,
      totalWeightKg: 1_438_470,
      totalDryMassKg: 1_251_469,
      averages: { ...none, weightKg: 575.4, protein: null, ash: null, sugar: null },
      maxPeakMoisture: null,
      grades: {
        legume: { Supreme: 0, Premium: 0, Good: 0, Fair: 0, Utility: 0 },
        grass: { Premium: 0, Good: 0, Fair: 0, Low: 0 },
        ungraded: 2_500,
      },
      aboveSafeMoistureCount: 0,
    };
    const group = { ...summary, key: 'f1', name: 'Big field' };
    const document = reportPdf(
      {
        organizationName: 'Prés du Lac Farm',
        filterName: 'Everything',
        conditions: ['Every bale'],
        dates: 'All dates',
        system: 'MetricSI',
        rfvEnabled: true,
        cuttinglessIncluded: true,
        summary,
        byField: [group],
        byCutting: [],
        generatedAt: new Date('2025-07-01T12:00:00Z'),
      },
      { compress: false },
    );
    const lines = pdfText(await buffer(document)).split('\n');
    const row = lines.slice(lines.indexOf('Big field'), lines.indexOf('Big field') + 4);
    expect(row).toEqual(['Big field', '2,500', '1,438.47', '1,251.47']);
  });
});
