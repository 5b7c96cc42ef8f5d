import { cropSchema } from '@baletrack/contracts/crops/crop';
import { fieldsResponseSchema } from '@baletrack/contracts/fields/field';
import { type FieldYieldRow, fieldYieldResponseSchema } from '@baletrack/contracts/yield/yield';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateSettings } from '../../src/features/settings/settings.repository.ts';
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

// A farm whose yield is worked by hand: North and East overlap in a strip, where one bale lies in
// both; a cutting on each in June 2025, one on North in June 2024; a July bale on North outside
// every cutting; an August bale whose month has no subscription (locked, never counted); a bale
// in no field. Dry matter = weight × (1 − average moisture).

let t: TestApp;
let farm: Farm;
let area: Record<string, number>;
let alfalfaId: string;
const at = (lon: number) => ({ lat: 46.6, lon });

beforeAll(async () => {
  // Billing on: a month without a subscription keeps its bales locked.
  t = await startTestApp({ startAt: '2025-09-01T12:00:00Z', env: { BILLING: 'on' } });
  farm = await newFarm(t, 'Yield Hay');
  const north = await newField(t.ctx, farm.orgId, {
    name: 'North',
    boundary: square(-120.5, 46.6),
  });
  const east = await newField(t.ctx, farm.orgId, {
    name: 'East',
    boundary: square(-120.492, 46.6),
  });
  // June 2025 is alfalfa at the published 6.9 kg P2O5 and 30.1 kg K2O per tonne of dry matter.
  const alfalfa = await farm.call('POST', '/crops', { name: 'Alfalfa' });
  alfalfaId = cropSchema.parse(await alfalfa.json()).id;
  const cutting = async (name: string, year: number, fieldIds: string[]) => {
    const body = {
      name,
      startDate: `${year}-06-01`,
      endDate: `${year}-06-30`,
      fieldIds,
      cropId: year === 2025 ? alfalfaId : null,
      year,
    };
    const response = await farm.post('/cuttings', body);
    expect(response.status, await response.clone().text()).toBe(201);
  };
  await cutting('1st cutting', 2025, [north.id, east.id]);
  await cutting('1st cutting', 2024, [north.id]);
  const baler = await newBaler(t.ctx, farm.orgId, {
    activeMonths: ['2024-06', '2025-06', '2025-07'],
  });
  await ingest(t, baler.apiKey, [
    // North, June 2025: 640 kg at 13 % → 556.8 kg DM.
    newBale({ creationLocation: at(-120.502), weightKg: 640, avgMoisture: 13 }),
    // In North and East (the strip from −120.497 to −120.495): 800 kg at 15 % → 680, half each.
    newBale({ creationLocation: at(-120.496), weightKg: 800, avgMoisture: 15 }),
    // North, July 2025, outside every cutting: 500 kg at 10 % → 450.
    newBale({
      creationLocation: at(-120.503),
      creationTime: '2025-07-10T10:00:00Z',
      weightKg: 500,
      avgMoisture: 10,
    }),
    // North, August 2025, its month not subscribed: locked, in no figure.
    newBale({
      creationLocation: at(-120.503),
      creationTime: '2025-08-10T10:00:00Z',
      weightKg: 9_000,
      avgMoisture: 10,
    }),
    // North, June 2024: 700 kg at 12 % → 616.
    newBale({
      creationLocation: at(-120.501),
      creationTime: '2024-06-12T10:00:00Z',
      weightKg: 700,
      avgMoisture: 12,
    }),
    // In no field: 600 kg at 10 % → 540.
    newBale({ creationLocation: at(-120.3), weightKg: 600, avgMoisture: 10 }),
  ]);
  const fields = fieldsResponseSchema.parse(await (await farm.get('/fields')).json());
  area = Object.fromEntries(fields.fields.map((f) => [f.name, f.areaHectares]));
});
afterAll(() => t.close());

async function yieldOf(year: number, through: Farm = farm) {
  const response = await through.get('/yield', { year });
  expect(response.status, await response.clone().text()).toBe(200);
  return fieldYieldResponseSchema.parse(await response.json());
}
const byName = (fields: FieldYieldRow[], name: string) => {
  const found = fields.find((f) => f.name === name);
  if (!found) throw new Error(`no field ${name}`);
  return found;
};

describe('yield per field', () => {
  it("sums each field's share of its bales per cutting and per hectare, as by hand", async () => {
    const { fields, outsideFields } = await yieldOf(2025);
    const north = byName(fields, 'North');
    const northArea = area.North as number;
    expect(north.year.bales).toBeCloseTo(2.5, 9);
    expect(north.year.weightKg).toBeCloseTo(640 + 400 + 500, 6);
    expect(north.year.dryMatterKg).toBeCloseTo(556.8 + 340 + 450, 6);
    expect(north.year.dryMatterKgPerHectare).toBeCloseTo((556.8 + 340 + 450) / northArea, 6);
    const [june, outside] = north.cuttings;
    expect(june?.name).toBe('1st cutting');
    expect(june?.dryMatterKg).toBeCloseTo(556.8 + 340, 6);
    expect(outside).toMatchObject({ cuttingId: null, name: null });
    expect(outside?.dryMatterKg).toBeCloseTo(450, 6);
    // Against June 2024's 616 kg on the same field.
    expect(june?.previous?.dryMatterKg).toBeCloseTo(616, 6);
    expect(june?.changePercent).toBeCloseTo(((556.8 + 340) / 616 - 1) * 100, 6);
    // Every bale reports 19.5 % crude protein: N = dry matter × 0.195 / 6.25.
    expect(june?.nitrogenKg).toBeCloseTo(((556.8 + 340) * 0.195) / 6.25, 6);
    expect(june?.nitrogenKgPerHectare).toBeCloseTo(((556.8 + 340) * 0.195) / 6.25 / northArea, 6);
    const east = byName(fields, 'East');
    expect(east.year.bales).toBeCloseTo(0.5, 9);
    expect(east.year.dryMatterKg).toBeCloseTo(340, 6);
    expect(east.changePercent).toBeNull();
    // The bale in no field is told apart; the locked one is nowhere.
    expect(outsideFields).toEqual({ bales: 1, weightKg: 600, dryMatterKg: 540 });
  });

  it("counts phosphate and potash of the hay in cuttings with a crop, at the crop's rates", async () => {
    const north = byName((await yieldOf(2025)).fields, 'North');
    const [june, outside] = north.cuttings;
    // 0.8968 t of alfalfa dry matter in June; the July hay, in no cutting, has no crop.
    expect(june?.p2o5Kg).toBeCloseTo(0.8968 * 6.9, 6);
    expect(june?.k2oKgPerHectare).toBeCloseTo((0.8968 * 30.1) / (area.North as number), 6);
    expect(outside?.p2o5Kg).toBeNull();
    expect(north.year).toMatchObject({ cropDryMatterKg: expect.closeTo(896.8, 6) });
    expect(north.year.k2oKg).toBeCloseTo(0.8968 * 30.1, 6);
    // The crop given its own potash rate: the yield follows at once.
    const set = await farm.call('PUT', `/crops/${alfalfaId}`, {
      name: 'Alfalfa',
      k2oKgPerTonneDm: '25',
    });
    expect(set.status).toBe(200);
    const after = byName((await yieldOf(2025)).fields, 'North');
    expect(after.year.k2oKg).toBeCloseTo(0.8968 * 25, 6);
    expect(after.year.p2o5Kg).toBeCloseTo(0.8968 * 6.9, 6);
    await farm.call('PUT', `/crops/${alfalfaId}`, { name: 'Alfalfa', k2oKgPerTonneDm: '' });
  });

  it('ranks the fields by dry matter per hectare', async () => {
    const { fields } = await yieldOf(2025);
    const perHectare = fields.map((f) => f.year.dryMatterKgPerHectare ?? 0);
    expect(fields.map((f) => f.rank)).toEqual([1, 2]);
    expect(perHectare[0]).toBeGreaterThan(perHectare[1] as number);
  });

  it("shows the year before as its own year, and another farm's bales never", async () => {
    const { fields } = await yieldOf(2024);
    const north = byName(fields, 'North');
    expect(north.year.dryMatterKg).toBeCloseTo(616, 6);
    expect(north.previousYear.bales).toBe(0);
    const other = await newFarm(t, 'Next Door Hay');
    const theirs = await yieldOf(2025, other);
    expect(theirs).toEqual({
      year: 2025,
      fields: [],
      outsideFields: { bales: 0, weightKg: 0, dryMatterKg: 0 },
    });
  });

  it("writes the same figures as CSV, in the organization's units, names made harmless", async () => {
    const response = await farm.get('/yield/csv', { year: 2025 });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="baletrack-yield-2025.csv"',
    );
    const lines = (await response.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Rank,Field,Area (ac),Cutting,Bales,As baled (tons),Dry matter (tons),' +
        'Dry matter (tons/ac),Dry matter the year before (tons/ac),Change (%),' +
        'Nitrogen removed (lb),Nitrogen removed (lb/ac),P2O5 removed (lb),P2O5 removed (lb/ac),' +
        'K2O removed (lb),K2O removed (lb/ac),Dry matter of a crop (tons)',
    );
    const acres = (hectares: number) => hectares / 0.40468564224;
    const tons = (kg: number) => (kg / 907.18474).toFixed(2).replace(/\.?0+$/, '');
    const north = lines.filter((line) => line.includes(',North,'));
    // The year, the June cutting, the hay outside cuttings.
    expect(north).toHaveLength(3);
    const year = north[0]?.split(',') ?? [];
    expect(year.slice(1, 7)).toEqual([
      'North',
      acres(area.North as number)
        .toFixed(2)
        .replace(/\.?0+$/, ''),
      'Crop year 2025',
      '2.5',
      tons(1540),
      tons(1346.8),
    ]);
    expect(north[2]).toContain(',Outside cuttings,1,');
    // June's potash: 0.8968 t × 30.1 kg in pounds; the hay outside cuttings tells none.
    const pounds = (kg: number) => (kg / 0.45359237).toFixed(2).replace(/\.?0+$/, '');
    expect(north[1]?.split(',').at(-3)).toBe(pounds(0.8968 * 30.1));
    expect(north[2]?.split(',').slice(-5)).toEqual(['', '', '', '', '0']);

    const other = await newFarm(t, 'Formula Hay');
    await newField(t.ctx, other.orgId, { name: '=HYPERLINK("x")', boundary: square(-119, 46) });
    const text = await (await other.get('/yield/csv', { year: 2025 })).text();
    expect(text).toContain(',"\'=HYPERLINK(""x"")",');
  });

  it("counts hay outside cuttings to the crop year of its day, by the farm's start month", async () => {
    const april = await newFarm(t, 'April Hay');
    await updateSettings(t.ctx.db, april.orgId, {
      rfvEnabled: true,
      measurementSystem: 'MetricSI',
      cropYearStartMonth: 4,
    });
    await newField(t.ctx, april.orgId, { name: 'Bottom', boundary: square(-121, 46) });
    const baler = await newBaler(t.ctx, april.orgId, { activeMonths: ['2025-03', '2025-04'] });
    const on = (creationTime: string, protein: number | null) =>
      newBale({ creationLocation: { lat: 46, lon: -121 }, creationTime, weightKg: 500, protein });
    // 31 March belongs to crop year 2024 when crop years begin in April; 1 April to 2025.
    await ingest(t, baler.apiKey, [
      on('2025-03-31T23:59:00Z', 19.5),
      on('2025-04-01T00:00:00Z', null),
    ]);
    const bottom = async (year: number) => byName((await yieldOf(year, april)).fields, 'Bottom');
    expect((await bottom(2025)).year.bales).toBe(1);
    expect((await bottom(2025)).previousYear.bales).toBe(1);
    expect((await bottom(2024)).year.bales).toBe(1);
    // Its one bale of 2025 reports no protein: no nitrogen figure, rather than none removed.
    expect((await bottom(2025)).year.nitrogenKg).toBeNull();
    expect((await bottom(2024)).year.nitrogenKg).toBeGreaterThan(0);
    const csv = await (await april.get('/yield/csv', { year: 2025 })).text();
    expect(csv).toContain('Area (ha)');
    expect(csv).toContain('Dry matter (t/ha)');
  });

  it('refuses a year it cannot read, with the message the forms use', async () => {
    for (const path of ['/yield', '/yield/csv']) {
      for (const year of ['abc', '1999', '2025.5', '']) {
        const response = await farm.get(path, { year });
        expect(response.status, `${path} ${year}`).toBe(400);
        expect(JSON.stringify(await response.json())).toContain('Enter a valid year.');
      }
      const hidden = await farm.get(path, { year: '2025\u0000' });
      expect(hidden.status).toBe(400);
      expect(JSON.stringify(await hidden.json())).toContain(
        'Year must not contain invisible control characters',
      );
    }
  });
});
