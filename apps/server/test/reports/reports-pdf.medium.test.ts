import { buffer } from 'node:stream/consumers';
import { messages } from '@baletrack/contracts/errors/messages';
import { emptyFilter } from '@baletrack/contracts/filters/filter';
import type { BaleSummary } from '@baletrack/contracts/summaries/summary';
import {
  type FieldYieldResponse,
  type FieldYieldRow,
  fieldYieldResponseSchema,
} from '@baletrack/contracts/yield/yield';
import { formatNumber } from '@baletrack/domain/units';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReportPdfContent, reportPdf } from '../../src/features/reports/report-pdf.ts';
import {
  type Farm,
  ingest,
  newBale,
  newBaler,
  newFarm,
  newField,
  square,
} from '../helpers/farm.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { pdfPageCount, pdfPageRuns, pdfText } from './read-pdf.ts';
import { reportFarm } from './report-farm.ts';

// The printable report of report-farm.ts: four visible bales in June 2025 (2,290 kg), one of
// them (RPT-A, RFV 152.4) in the Alfalfa cutting and so graded Good; the others in no cutting.
// Its yield per field of crop year 2025, by hand (dry matter = weight × (1 − moisture)):
// North 40: RPT-A 440 kg in the 1st cutting, RPT-C 602 kg outside cuttings; East: RPT-D
// 556.8 kg outside cuttings; RPT-B (360 kg) lies in no field. Nothing in 2024.

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
      'Page 1 of 2',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Generated \d{4}-\d\d-\d\d \d\d:\d\d UTC by Baletrack/);
    // The totals on the first page, the yield per field on the second.
    expect(pdfPageCount(bytes)).toBe(2);
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

describe('the yield per field section', () => {
  // A farm of two small fields whose yield is worked by hand (dry matter = weight × (1 −
  // moisture), N = dry matter × protein / 6.25, every bale at 19.5 % protein):
  // Bottom, 2025: three bales of 640 kg at 13 % in the 1st cutting (1,670.4 kg) and one of 500 kg
  //   at 10 % in July, outside cuttings (450 kg): 2,120.4 kg; 2024: two of 600 kg at 10 % (1,080).
  // Top, 2025: two bales of 700 kg at 12 % in the 1st cutting (1,232 kg); nothing in 2024.
  let hay: Farm;
  let everyBale: string;
  let area: number;
  const june = { from: '2025-06-01', to: '2025-06-30', units: 'Metric' };
  const bottom = { lon: -118.5, lat: 45.5 };
  const top = { lon: -118.49, lat: 45.5 };

  beforeAll(async () => {
    hay = await newFarm(t, 'Yield Report Hay');
    const bottomField = await newField(t.ctx, hay.orgId, {
      name: 'Bottom',
      boundary: square(bottom.lon, bottom.lat, 0.002),
    });
    const topField = await newField(t.ctx, hay.orgId, {
      name: 'Top',
      boundary: square(top.lon, top.lat, 0.002),
    });
    // 2025's cutting is timothy: the published 6.3 kg P2O5 and 24.1 kg K2O a tonne of dry matter.
    const timothy = await hay.call('POST', '/crops', { name: 'Timothy' });
    const timothyId = ((await timothy.json()) as { id: string }).id;
    for (const [year, fieldIds] of [
      [2025, [bottomField.id, topField.id]],
      [2024, [bottomField.id]],
    ] as const) {
      const response = await hay.post('/cuttings', {
        name: '1st cutting',
        startDate: `${year}-06-01`,
        endDate: `${year}-06-30`,
        fieldIds,
        cropId: year === 2025 ? timothyId : null,
        year,
      });
      expect(response.status, await response.clone().text()).toBe(201);
    }
    const baler = await newBaler(t.ctx, hay.orgId, {
      activeMonths: ['2024-06', '2025-06', '2025-07'],
    });
    const on = (at: typeof bottom, creationTime: string, weightKg: number, avgMoisture: number) =>
      newBale({ creationLocation: at, creationTime, weightKg, avgMoisture });
    await ingest(t, baler.apiKey, [
      ...[1, 2, 3].map((d) => on(bottom, `2025-06-1${d}T10:00:00Z`, 640, 13)),
      on(bottom, '2025-07-10T10:00:00Z', 500, 10),
      ...[1, 2].map((d) => on(top, `2025-06-2${d}T10:00:00Z`, 700, 12)),
      ...[1, 2].map((d) => on(bottom, `2024-06-1${d}T10:00:00Z`, 600, 10)),
    ]);
    const filter = await hay.post('/filters/create', { ...emptyFilter, name: 'Every bale' });
    everyBale = ((await filter.json()) as { id: string }).id;
    area = (await yieldOf(2025)).fields[0]?.areaHectares ?? 0;
  });

  async function yieldOf(year: number) {
    const response = await hay.get('/yield', { year });
    expect(response.status).toBe(200);
    return fieldYieldResponseSchema.parse(await response.json());
  }

  async function hayPdf(query: Record<string, unknown>) {
    const { text } = await pdf(query, hay);
    // Prose wraps into a run per line (each keeping its space).
    return { lines: text.split('\n'), prose: text.replace(/\s+/g, ' ') };
  }

  /** The runs after a row's first cell: a field's row has 9, a cutting's 8 (no area). */
  function rowAfter(lines: string[], label: string, cells: number) {
    const at = lines.indexOf(label);
    expect(at, `row ${label}`).toBeGreaterThan(-1);
    return lines.slice(at + 1, at + 1 + cells);
  }

  /** A field's row of GET /yield's answer in the metric report's units (ha, t, t/ha, kg/ha). */
  function metricRow(field: FieldYieldRow) {
    const perArea = (kgPerHa: number | null) =>
      kgPerHa === null ? '-' : formatNumber(kgPerHa / 1000, 2);
    const change = field.changePercent;
    return [
      formatNumber(field.areaHectares, 1),
      formatNumber(field.year.bales, 1),
      formatNumber(field.year.dryMatterKg / 1000, 2),
      perArea(field.year.dryMatterKgPerHectare),
      perArea(field.previousYear.bales > 0 ? field.previousYear.dryMatterKgPerHectare : null),
      change === null ? '-' : `${change > 0 ? '+' : ''}${formatNumber(change, 1)} %`,
      ...[
        field.year.nitrogenKgPerHectare,
        field.year.p2o5KgPerHectare,
        field.year.k2oKgPerHectare,
      ].map((kgPerHa) => (kgPerHa === null ? '-' : formatNumber(kgPerHa, 0))),
    ];
  }

  it("ranks the crop year's fields with the figures GET /yield gives, cuttings below", async () => {
    const { lines, prose } = await hayPdf({ ...june, filterId: everyBale });
    const answer = await yieldOf(2025);
    expect(lines).toContain('Yield per field, crop year 2025');
    expect(prose).toContain(
      "Every visible bale of crop year 2025 on the farm's fields, not only this filter's selection.",
    );
    expect(prose).toContain('Crop year 2025 is 2025-01-01 to 2025-12-31 (UTC).');
    expect(prose).toContain(
      'Area in ha; dry matter in t, per area in t/ha (this year and 2024); ' +
        'N, P2O5 and K2O: nitrogen, phosphate and potash removed, in kg/ha, phosphate and potash ' +
        'from the hay of cuttings with a crop.',
    );
    for (const field of answer.fields) {
      expect(rowAfter(lines, `${field.rank}. ${field.name}`, 9)).toEqual(metricRow(field));
    }
    // The same by hand.
    const perHa = (kg: number) => formatNumber(kg / area / 1000, 2);
    const nitrogen = (kg: number) => formatNumber((kg * 0.195) / 6.25 / area, 0);
    // Timothy's dry matter at 6.3 kg P2O5 and 24.1 kg K2O a tonne; July's hay has no crop.
    const removed = (kg: number) => [
      formatNumber(((kg / 1000) * 6.3) / area, 0),
      formatNumber(((kg / 1000) * 24.1) / area, 0),
    ];
    const change = formatNumber((2120.4 / 1080 - 1) * 100, 1);
    expect(rowAfter(lines, '1. Bottom', 9)).toEqual([
      formatNumber(area, 1),
      '4',
      '2.12',
      perHa(2120.4),
      perHa(1080),
      `+${change} %`,
      nitrogen(2120.4),
      ...removed(1670.4),
    ]);
    // Top had nothing in 2024: no figure and no change, rather than a rise from nothing.
    expect(rowAfter(lines, '2. Top', 9)).toEqual([
      formatNumber(area, 1),
      '2',
      '1.23',
      perHa(1232),
      '-',
      '-',
      nitrogen(1232),
      ...removed(1232),
    ]);
    // Bottom's cuttings, indented under it: the 1st cutting against 2024's, then July's hay.
    const bottomRows = lines.slice(lines.indexOf('1. Bottom'), lines.indexOf('2. Top'));
    const cutting = bottomRows.indexOf('1st cutting');
    expect(bottomRows.slice(cutting, cutting + 9)).toEqual([
      '1st cutting',
      '3',
      '1.67',
      perHa(1670.4),
      perHa(1080),
      `+${formatNumber((1670.4 / 1080 - 1) * 100, 1)} %`,
      nitrogen(1670.4),
      ...removed(1670.4),
    ]);
    const outside = bottomRows.indexOf('Outside cuttings');
    expect(bottomRows.slice(outside, outside + 4)).toEqual([
      'Outside cuttings',
      '1',
      '0.45',
      perHa(450),
    ]);
    // The section follows the report's totals.
    expect(lines.indexOf('Yield per field, crop year 2025')).toBeGreaterThan(
      lines.indexOf('Per cutting'),
    );
  });

  it('counts every bale of the crop year on the fields, whatever the filter selects', async () => {
    const heavy = await hay.post('/filters/create', {
      ...emptyFilter,
      name: 'Heavy',
      ranges: { ...emptyFilter.ranges, weightKg: { min: 690, max: 710 } },
    });
    expect(heavy.status).toBe(201);
    const { id } = (await heavy.json()) as { id: string };
    const { lines } = await hayPdf({ ...june, filterId: id });
    // The filter selects Top's two bales; the yield still counts Bottom's four.
    expect(lines[lines.indexOf('Bales') + 1]).toBe('2');
    expect(rowAfter(lines, '1. Bottom', 7).slice(1, 3)).toEqual(['4', '2.12']);
  });

  it("covers the top bar's year when one is chosen, else the year of the report's last day", async () => {
    const chosen = await hayPdf({ filterId: everyBale, year: 2024, units: 'Metric' });
    expect(chosen.lines).toContain('Yield per field, crop year 2024');
    expect(rowAfter(chosen.lines, '1. Bottom', 7).slice(1, 3)).toEqual(['2', '1.08']);
    expect(chosen.prose).toContain('No bales in 2024 on Top.');
    const lastDay = await hayPdf({ filterId: everyBale, from: '2024-01-01', to: '2024-12-31' });
    expect(lastDay.lines).toContain('Yield per field, crop year 2024');
    const nothing = await hayPdf({ filterId: everyBale, year: 2023 });
    expect(nothing.prose).toContain("No bales on the farm's fields in crop year 2023.");
  });

  it('speaks the report’s units', async () => {
    const { lines, prose } = await hayPdf({ ...june, filterId: everyBale, units: 'Imperial' });
    expect(prose).toContain(
      'Area in ac; dry matter in long tons, per area in long tons/ac (this year and 2024); ' +
        'N, P2O5 and K2O: nitrogen, phosphate and potash removed, in lb/ac, phosphate and potash ' +
        'from the hay of cuttings with a crop.',
    );
    // 2,120.4 kg of dry matter is 2.09 long tons.
    expect(rowAfter(lines, '1. Bottom', 9)[2]).toBe('2.09');
  });

  it('draws a hostile field name as harmless text', async () => {
    const rename = (from: string, to: string) =>
      t.ctx.db
        .updateTable('fields')
        .set({ name: to })
        .where('orgId', '=', hay.orgId)
        .where('name', '=', from)
        .execute();
    const hostile = 'Łąka\u202E\n农场 🐄\u0001 =cmd';
    await rename('Top', hostile);
    try {
      const { lines } = await hayPdf({ ...june, filterId: everyBale });
      expect(lines).toContain('2. Laka ?? ? =cmd');
      expect(
        lines
          .join('')
          .split('')
          .filter((c) => c < ' ' || c === '\u202E'),
      ).toEqual([]);
      const before = await hayPdf({ filterId: everyBale, year: 2024 });
      expect(before.prose).toContain('No bales in 2024 on Laka ?? ? =cmd.');
    } finally {
      await rename(hostile, 'Top');
    }
  });
});

describe('reportPdf', () => {
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
  const noYield: FieldYieldResponse = {
    year: 2025,
    fields: [],
    outsideFields: { bales: 0, weightKg: 0, dryMatterKg: 0 },
  };
  const content = (changes: Partial<ReportPdfContent>): ReportPdfContent => ({
    organizationName: 'Prés du Lac Farm',
    filterName: 'Everything',
    conditions: ['Every bale'],
    dates: 'All dates',
    system: 'MetricSI',
    rfvEnabled: true,
    cuttinglessIncluded: true,
    summary,
    byField: [],
    byCutting: [],
    fieldYield: { answer: noYield, days: '2025-01-01 to 2025-12-31' },
    generatedAt: new Date('2025-07-01T12:00:00Z'),
    ...changes,
  });

  it('writes group totals with thousands separators, as the screens do', async () => {
    const group = { ...summary, key: 'f1', name: 'Big field' };
    const document = reportPdf(content({ byField: [group] }), { compress: false });
    const lines = pdfText(await buffer(document)).split('\n');
    const row = lines.slice(lines.indexOf('Big field'), lines.indexOf('Big field') + 4);
    expect(row).toEqual(['Big field', '2,500', '1,438.47', '1,251.47']);
  });

  it('runs a long yield table over pages, its header on each, a field with its cuttings', async () => {
    // 40 fields of 1 to 4 cuttings each: about 140 rows, three or four pages.
    const figures = (kg: number) => ({
      bales: 10,
      weightKg: kg * 1.15,
      dryMatterKg: kg,
      weightKgPerHectare: (kg * 1.15) / 20,
      dryMatterKgPerHectare: kg / 20,
      nitrogenKg: kg * 0.03,
      nitrogenKgPerHectare: (kg * 0.03) / 20,
      cropDryMatterKg: kg,
      p2o5Kg: kg * 0.0069,
      p2o5KgPerHectare: (kg * 0.0069) / 20,
      k2oKg: kg * 0.0301,
      k2oKgPerHectare: (kg * 0.0301) / 20,
    });
    const fields = Array.from({ length: 40 }, (_, i) => ({
      fieldId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      name: `Field ${i + 1}`,
      areaHectares: 20,
      year: figures(100_000 - i * 1_000),
      previousYear: figures(90_000),
      changePercent: 10,
      rank: i + 1,
      cuttings: Array.from({ length: 1 + (i % 4) }, (_, c) => ({
        ...figures(20_000),
        cuttingId: `00000000-0000-4000-9000-${String(i * 10 + c).padStart(12, '0')}`,
        name: `Cutting ${i + 1}.${c + 1}`,
        previous: null,
        changePercent: null,
      })),
    }));
    const answer = { ...noYield, fields };
    const document = reportPdf(
      content({ fieldYield: { answer, days: '2025-01-01 to 2025-12-31' } }),
      { compress: false },
    );
    const bytes = await buffer(document);
    const pages = pdfPageRuns(bytes);
    expect(pages).toHaveLength(pdfPageCount(bytes));
    const pageOf = (text: string) => pages.findIndex((runs) => runs.includes(text));
    const first = pageOf('1. Field 1');
    const last = pageOf('40. Field 40');
    expect(last).toBeGreaterThan(first);
    for (let page = first; page <= last; page += 1) {
      const runs = pages[page] ?? [];
      const header = runs.indexOf('Change');
      const firstRow = runs.findIndex((run) => /^(\d+\. Field|Cutting) /.test(run));
      expect(header, `header on page ${page + 1}`).toBeGreaterThan(-1);
      expect(header).toBeLessThan(firstRow);
    }
    for (const field of fields) {
      for (const cutting of field.cuttings) {
        expect(pageOf(cutting.name ?? ''), cutting.name ?? '').toBe(
          pageOf(`${field.rank}. ${field.name}`),
        );
      }
    }
  });
});
