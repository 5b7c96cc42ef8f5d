import { messages } from '@baletrack/contracts/errors/messages';
import { balesStacksResponseSchema } from '@baletrack/contracts/map/map';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Farm } from '../helpers/farm.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { csvRecords, readCsv } from './read-csv.ts';
import { reportFarm } from './report-farm.ts';

// The report of report-farm.ts, every cell worked out by hand in each unit system.

let t: TestApp;
let farm: Farm;
let other: Farm;
let vin: string;
let saveFilter: Awaited<ReturnType<typeof reportFarm>>['saveFilter'];
let northId: string;
let everything: string;
let stackId: string;

beforeAll(async () => {
  t = await startTestApp();
  const fixture = await reportFarm(t);
  ({ farm, other, saveFilter, northId } = fixture);
  vin = fixture.baler.vin;
  everything = await saveFilter();
  const stacks = balesStacksResponseSchema.parse(await (await farm.get('/bales-stacks')).json());
  expect(stacks.stacks).toHaveLength(1);
  stackId = stacks.stacks[0]?.stackId as string;
  expect([...(stacks.stacks[0]?.uids ?? [])].sort()).toEqual(['RPT-B', 'RPT-D']);
});
afterAll(() => t.close());

async function report(query: Record<string, unknown>, as: Farm = farm) {
  const response = await as.get('/reports/csv', query);
  // Bytes, not response.text(): a text decoder would swallow the byte-order mark.
  const text = Buffer.from(await response.arrayBuffer()).toString('utf8');
  expect(response.status, text.slice(0, 300)).toBe(200);
  return { response, text, ...csvRecords(text) };
}

const headerWith = (u: { weight: string; temperature: string; length: string; cut: string }) => [
  'Bale UID',
  'Tag serial number',
  'Created (UTC)',
  'Updated (UTC)',
  'Creation latitude (°)',
  'Creation longitude (°)',
  'Current latitude (°)',
  'Current longitude (°)',
  `Weight (${u.weight})`,
  `Dry matter (${u.weight})`,
  'Average moisture (%)',
  'Peak moisture (%)',
  'Protein (% DM)',
  'Ash (% DM)',
  'NFC (% DM)',
  'ADF (% DM)',
  'NDF (% DM)',
  'RFV',
  `Temperature (${u.temperature})`,
  'Measurement quality (0-100)',
  `Bale length (${u.length})`,
  `Bale diameter (${u.length})`,
  `Cut length (${u.cut})`,
  'Flake count',
  `Applied preservative (${u.weight})`,
  'Bale size',
  'Shape',
  'Binding',
  'Wraps per bale',
  'Stack type',
  'Load type',
  'Missing tag',
  'Baler name',
  'Baler VIN',
  'Fields',
  'Cuttings',
  'Crops',
  'Stack',
  'Storage area',
];

/** Cells that do not depend on the units, as a spreadsheet shows them (quotes undone). */
function commonCells(): Record<string, Record<string, string>> {
  const yardLon = String(-120.45 + 1.5 / (111_320 * Math.cos((46.6 * Math.PI) / 180)));
  const fieldName = 'North 40, "Home"';
  const defaults = {
    'Updated (UTC)': '',
    'Protein (% DM)': '19.5',
    'Ash (% DM)': '10.1',
    'NFC (% DM)': '24',
    'ADF (% DM)': '30',
    'NDF (% DM)': '40',
    RFV: '152.4',
    'Measurement quality (0-100)': '92',
    'Flake count': '34',
    'Bale size': '4x4',
    Shape: 'LargeSquare',
    Binding: 'Twine',
    'Wraps per bale': '',
    'Stack type': '',
    'Load type': 'internal',
    'Missing tag': 'no',
    'Baler name': "'@Baler one",
    'Baler VIN': vin,
    Cuttings: '',
    Crops: '',
    Stack: '',
    'Storage area': '',
  };
  return {
    'RPT-A': {
      ...defaults,
      'Bale UID': 'RPT-A',
      'Tag serial number': 'TAGA0001',
      'Created (UTC)': '2025-06-02T14:31:07.000Z',
      'Creation latitude (°)': '46.6',
      'Creation longitude (°)': '-120.5',
      'Current latitude (°)': '46.6',
      'Current longitude (°)': '-120.5',
      'Average moisture (%)': '12',
      'Peak moisture (%)': '15',
      'Protein (% DM)': '20',
      'Ash (% DM)': '10',
      'NFC (% DM)': '25',
      // 88.9 − 0.779 × 30 = 65.53; × 120 / 40 / 1.29 = 152.395… → 152.4 (stored to 0.1)
      RFV: '152.4',
      'Stack type': "'=SUM(A1)",
      Fields: fieldName,
      Cuttings: '1st cutting',
      Crops: 'Alfalfa',
    },
    'RPT-B': {
      ...defaults,
      'Bale UID': 'RPT-B',
      'Tag serial number': '',
      'Created (UTC)': '2025-06-10T09:00:00.000Z',
      'Updated (UTC)': '2025-06-12T08:00:00.000Z',
      'Creation latitude (°)': '46.6',
      'Creation longitude (°)': '-120.3',
      'Current latitude (°)': '46.65',
      'Current longitude (°)': '-120.45',
      'Average moisture (%)': '20',
      'Peak moisture (%)': '24',
      'Protein (% DM)': '14',
      'Ash (% DM)': '9',
      'NFC (% DM)': '',
      'ADF (% DM)': '',
      'NDF (% DM)': '',
      RFV: '',
      'Measurement quality (0-100)': '80',
      'Flake count': '',
      'Bale size': '5ft',
      Shape: 'Round',
      Binding: 'Mesh',
      'Wraps per bale': '4',
      'Stack type': 'Round row',
      'Load type': 'retail',
      'Missing tag': 'yes',
      Fields: '',
      Stack: stackId,
      'Storage area': 'Hay yard',
    },
    'RPT-C': {
      ...defaults,
      'Bale UID': 'RPT-C',
      'Tag serial number': 'TAGC0003',
      'Created (UTC)': '2025-06-20T12:00:00.000Z',
      'Creation latitude (°)': '46.6',
      'Creation longitude (°)': '-120.5',
      'Current latitude (°)': '46.6',
      'Current longitude (°)': '-120.5',
      'Average moisture (%)': '14',
      'Peak moisture (%)': '17',
      Fields: fieldName,
    },
    'RPT-D': {
      ...defaults,
      'Bale UID': 'RPT-D',
      'Tag serial number': 'TAGD0004',
      'Created (UTC)': '2025-06-11T10:00:00.000Z',
      'Updated (UTC)': '2025-06-12T08:05:00.000Z',
      'Creation latitude (°)': '46.6',
      'Creation longitude (°)': '-120.4',
      'Current latitude (°)': '46.65',
      'Current longitude (°)': yardLon,
      'Average moisture (%)': '13',
      'Peak moisture (%)': '16',
      'Bale size': '3x4',
      Fields: 'East',
      Stack: stackId,
      'Storage area': 'Hay yard',
    },
  };
}

type UnitCells = [
  weight: string,
  dryMass: string,
  temp: string,
  length: string,
  diameter: string,
  cut: string,
  preservative: string,
];
const unitColumns = (u: { weight: string; temperature: string; length: string; cut: string }) => [
  `Weight (${u.weight})`,
  `Dry matter (${u.weight})`,
  `Temperature (${u.temperature})`,
  `Bale length (${u.length})`,
  `Bale diameter (${u.length})`,
  `Cut length (${u.cut})`,
  `Applied preservative (${u.weight})`,
];

// By hand: lb = kg / 0.45359237 (to 0.01), ft = m / 0.3048 and in = mm / 25.4 (to 0.001),
// °F = °C × 9/5 + 32; metric as stored. Dry matter = weight × (1 − moisture / 100).
const systems: {
  units: string;
  u: { weight: string; temperature: string; length: string; cut: string };
  cells: Record<string, UnitCells>;
}[] = [
  {
    units: 'Metric',
    u: { weight: 'kg', temperature: '°C', length: 'm', cut: 'mm' },
    cells: {
      'RPT-A': ['500', '440', '20', '2.4', '', '38', '0'],
      'RPT-B': ['450', '360', '', '', '1.5', '', '2.5'],
      'RPT-C': ['700', '602', '27', '2.4', '', '38', '0'],
      'RPT-D': ['640', '556.8', '27', '2.4', '', '38', '0'],
    },
  },
  {
    units: 'Imperial',
    u: { weight: 'lb', temperature: '°C', length: 'ft', cut: 'in' },
    cells: {
      'RPT-A': ['1102.31', '970.03', '20', '7.874', '', '1.496', '0'],
      'RPT-B': ['992.08', '793.66', '', '', '4.921', '', '5.51'],
      'RPT-C': ['1543.24', '1327.18', '27', '7.874', '', '1.496', '0'],
      'RPT-D': ['1410.96', '1227.53', '27', '7.874', '', '1.496', '0'],
    },
  },
  {
    units: 'US',
    u: { weight: 'lb', temperature: '°F', length: 'ft', cut: 'in' },
    cells: {
      'RPT-A': ['1102.31', '970.03', '68', '7.874', '', '1.496', '0'],
      'RPT-B': ['992.08', '793.66', '', '', '4.921', '', '5.51'],
      'RPT-C': ['1543.24', '1327.18', '80.6', '7.874', '', '1.496', '0'],
      'RPT-D': ['1410.96', '1227.53', '80.6', '7.874', '', '1.496', '0'],
    },
  },
];

describe('GET /reports/csv', () => {
  it.each(systems)('writes every cell of every visible bale in $units units', async (system) => {
    const { header, records } = await report({ filterId: everything, units: system.units });
    expect(header).toEqual(headerWith(system.u));
    const common = commonCells();
    const columns = unitColumns(system.u);
    const expected = ['RPT-A', 'RPT-B', 'RPT-C', 'RPT-D'].map((uid) => ({
      ...common[uid],
      ...Object.fromEntries(columns.map((c, i) => [c, system.cells[uid]?.[i]])),
    }));
    // In uid order; never the locked bale nor the other farm's.
    expect(records).toEqual(expected);
  });

  it("speaks the organization's units by default (US for a new farm)", async () => {
    const { header, records } = await report({ filterId: everything });
    expect(header).toContain('Weight (lb)');
    expect(header).toContain('Temperature (°F)');
    expect(records.map((r) => r['Temperature (°F)'])).toEqual(['68', '', '80.6', '80.6']);
  });

  it('is RFC 4180 text that spreadsheets open cleanly: BOM, CRLF, quotes, no formulas', async () => {
    const { response, text } = await report({ filterId: everything });
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(text.startsWith('\uFEFFBale UID,Tag serial number,')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    // A name with a comma and quotes is quoted, the quotes doubled; formula starts neutralized.
    expect(text).toContain(',"North 40, ""Home""",1st cutting,Alfalfa,');
    expect(text).toContain(",'=SUM(A1),internal,no,'@Baler one,");
    // Numbers the server writes keep their minus sign: they are numbers, not formulas.
    expect(text).toContain(',46.6,-120.5,46.6,-120.5,');
    expect(readCsv(text).every((row) => row.length === 39)).toBe(true);
  });

  it('names the file after the organization and the dates, in ASCII', async () => {
    const disposition = async (query: Record<string, unknown>) =>
      (await report({ filterId: everything, ...query })).response.headers.get(
        'content-disposition',
      );
    expect(await disposition({ year: 2025 })).toBe(
      'attachment; filename="pres-du-lac-farm-bales-2025-01-01-to-2025-12-31.csv"',
    );
    expect(await disposition({ from: '2025-06-01', to: '2025-06-15' })).toBe(
      'attachment; filename="pres-du-lac-farm-bales-2025-06-01-to-2025-06-15.csv"',
    );
    expect(await disposition({})).toBe(
      'attachment; filename="pres-du-lac-farm-bales-all-dates.csv"',
    );
  });

  it("applies the filter and the top bar's dates", async () => {
    const inNorth = await saveFilter({ fieldIds: [northId] });
    expect((await report({ filterId: inNorth })).records.map((r) => r['Bale UID'])).toEqual([
      'RPT-A',
      'RPT-C',
    ]);
    const dated = await report({ filterId: everything, from: '2025-06-03', to: '2025-06-11' });
    expect(dated.records.map((r) => r['Bale UID'])).toEqual(['RPT-B', 'RPT-D']);
    const heavy = await saveFilter({ ranges: { weightKg: { min: 600, max: null } } });
    expect(
      (await report({ filterId: heavy, units: 'Metric' })).records.map((r) => r['Weight (kg)']),
    ).toEqual(['700', '640']);
    // A year with no bales: the header alone.
    const empty = await report({ filterId: everything, year: 2024 });
    expect([empty.header.length, empty.records.length]).toEqual([39, 0]);
  });

  it('leaves out bales without a cutting only when the filter and the report both say so', async () => {
    const uids = async (filterId: string, includeCuttingless: boolean) =>
      (await report({ filterId, includeCuttingless })).records.map((r) => r['Bale UID']);
    // The filter keeps them: the report decides.
    expect(await uids(everything, true)).toEqual(['RPT-A', 'RPT-B', 'RPT-C', 'RPT-D']);
    expect(await uids(everything, false)).toEqual(['RPT-A']);
    // The filter leaves them out: the report cannot bring them back.
    const onlyInCuttings = await saveFilter({ includeCuttingless: false });
    expect(await uids(onlyInCuttings, true)).toEqual(['RPT-A']);
    expect(await uids(onlyInCuttings, false)).toEqual(['RPT-A']);
  });

  it('needs a filter: 400 with the contracts message', async () => {
    const response = await farm.get('/reports/csv', { year: 2025 });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; issues: { path: string }[] };
    expect(body.message).toBe(messages.reports.filterRequired);
    expect(body.issues.map((i) => i.path)).toEqual(['filterId']);
  });

  it('refuses bad units or switches, and another farm’s filter (404)', async () => {
    for (const query of [
      { filterId: everything, units: 'Furlongs' },
      { filterId: everything, includeCuttingless: 'maybe' },
      { filterId: 'not-an-id' },
    ]) {
      expect((await farm.get('/reports/csv', query)).status).toBe(400);
    }
    expect((await other.get('/reports/csv', { filterId: everything })).status).toBe(404);
  });

  it("gives another farm its own bales only, never this farm's", async () => {
    const otherFilter = await other.post('/filters/create', {
      name: 'Other everything',
      ranges: {},
      dateRange: null,
      includeCuttingless: true,
      fieldIds: [],
      cuttingIds: [],
      cropIds: [],
      balerIds: [],
      baleSizes: [],
    });
    const { id } = (await otherFilter.json()) as { id: string };
    const { text, records } = await report({ filterId: id }, other);
    expect(records.map((r) => r['Bale UID'])).toEqual(['RPT-OTHER']);
    expect(text).not.toContain('RPT-A');
    expect(text).not.toContain('RPT-LOCKED');
  });
});
