import type { TagMaterial } from '@baletrack/contracts/bales/bale';
import { type BaleSize, baleShapeBySize } from '@baletrack/contracts/bales/bale';
import { fieldSchema } from '@baletrack/contracts/fields/field';
import { hayGrades } from '@baletrack/contracts/inventory/hay-grade';
import { balingMethod } from '@baletrack/domain/heat-risk/heat-risk';
import { safeBalingBand } from '@baletrack/domain/moisture';
import { LEGUME_NAME_PATTERN, qualityGrade } from '@baletrack/domain/quality-grade/quality-grade';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CELLS_RULE, readCellSums } from '../../src/features/bales/bale-cells.repository.ts';
import { catchUpBaleCells } from '../../src/features/bales/bale-cells-catch-up.ts';
import {
  ingest,
  juneCutting,
  markSummedByAnotherRule,
  newBale,
  newBaler,
  newFarm,
  square,
} from '../helpers/farm.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

// The bale cells the map and summaries of many farms read (docs/adr/0029-many-farms-read-model.md)
// must always equal the bales summed afresh: after new bales, a re-sent record that moves a bale
// to another day, a scan that moves it across the farm, a field drawn over it, and after a
// rebuild; the month cells must equal the day cells summed per month, each graded by its
// cutting's crop, after cuttings and crops change. The sums below are made here, in JavaScript,
// by the domain's own rules.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const SCALE = 2 ** 16;
function tile(lat: number, lon: number) {
  const clamped = Math.max(-85.0511287798066, Math.min(85.0511287798066, lat));
  const rad = (clamped * Math.PI) / 180;
  const x = Math.floor(((lon + 180) / 360) * SCALE);
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * SCALE);
  return [Math.min(Math.max(x, 0), SCALE - 1), Math.min(Math.max(y, 0), SCALE - 1)];
}

const grade = (table: 'legume' | 'grass', values: Parameters<typeof qualityGrade>[1]) => {
  const found = qualityGrade(table, values);
  return found === null ? null : `${table}.${found}`;
};

/** The organization's bales summed per cell key, by the domain's rules; sorted by key. */
async function expectedCells(orgId: string) {
  const bales = await t.ctx.db.selectFrom('bales').selectAll().where('orgId', '=', orgId).execute();
  const cells = new Map<string, Record<string, number>>();
  for (const bale of bales) {
    const values = { rfv: bale.rfv, adf: bale.adf, ndf: bale.ndf, protein: bale.protein };
    const shape = baleShapeBySize[bale.baleSize as BaleSize];
    const method = balingMethod({
      appliedPreservativeKg: bale.appliedPreservativeKg,
      bindingMode: bale.bindingMode as TagMaterial,
    });
    const key = [
      new Date(bale.creationTime).toISOString().slice(0, 10),
      bale.balerId,
      [...bale.fieldUids].sort().join(','),
      bale.baleSize,
      bale.loadType === 'retail',
      ...tile(bale.currentLat, bale.currentLon),
    ].join('|');
    const sums = cells.get(key) ?? {};
    const add = (name: string, value: number | null) => {
      if (value === null) return;
      sums[`${name}Sum`] = (sums[`${name}Sum`] ?? 0) + value;
      sums[`${name}Count`] = (sums[`${name}Count`] ?? 0) + 1;
    };
    sums.count = (sums.count ?? 0) + 1;
    sums.weightKg = (sums.weightKg ?? 0) + bale.weightKg;
    sums.dryMassKg = (sums.dryMassKg ?? 0) + bale.dryMassKg;
    sums.peakMoistureMax = Math.max(sums.peakMoistureMax ?? -1, bale.peakMoisture);
    sums.aboveSafe =
      (sums.aboveSafe ?? 0) + (bale.avgMoisture > safeBalingBand(shape, method).max ? 1 : 0);
    add('avgMoisture', bale.avgMoisture);
    add('peakMoisture', bale.peakMoisture);
    for (const name of ['rfv', 'adf', 'ndf', 'protein', 'ash', 'sugar'] as const) {
      add(name, bale[name]);
    }
    add('lat', bale.currentLat);
    add('lon', bale.currentLon);
    // Bales per grade by each table, whatever the crop: the cutting picks the table on read.
    for (const table of ['legume', 'grass'] as const) {
      const graded = grade(table, values);
      if (graded !== null) sums[graded] = (sums[graded] ?? 0) + 1;
    }
    cells.set(key, sums);
  }
  return [...cells].sort(([a], [b]) => a.localeCompare(b));
}

async function storedCells(orgId: string) {
  const rows = await t.ctx.db
    .selectFrom('baleCells')
    .selectAll()
    .where('orgId', '=', orgId)
    .execute();
  return rows
    .map((cell): [string, Record<string, number>] => {
      const key = [
        typeof cell.day === 'string' ? cell.day : new Date(cell.day).toISOString().slice(0, 10),
        cell.balerId,
        cell.fieldUids.join(','),
        cell.baleSize,
        cell.retail,
        cell.cellX,
        cell.cellY,
      ].join('|');
      const sums: Record<string, number> = {
        count: cell.count,
        weightKg: cell.weightKg,
        dryMassKg: cell.dryMassKg,
        peakMoistureMax: cell.peakMoistureMax,
        aboveSafe: cell.aboveSafe,
        avgMoistureSum: cell.avgMoistureSum,
        avgMoistureCount: cell.count,
        peakMoistureSum: cell.peakMoistureSum,
        peakMoistureCount: cell.count,
        latSum: cell.latSum,
        latCount: cell.count,
        lonSum: cell.lonSum,
        lonCount: cell.count,
      };
      for (const [i, graded] of hayGrades.entries()) {
        if ((cell.gradeCounts[i] as number) > 0) sums[graded] = cell.gradeCounts[i] as number;
      }
      for (const name of ['rfv', 'adf', 'ndf', 'protein', 'ash', 'sugar'] as const) {
        const count = cell[`${name}Count`];
        if (count > 0) {
          sums[`${name}Sum`] = cell[`${name}Sum`];
          sums[`${name}Count`] = count;
        }
      }
      return [key, sums];
    })
    .sort(([a], [b]) => a.localeCompare(b));
}

async function expectCellsToMatchBales(orgId: string) {
  const expected = await expectedCells(orgId);
  const stored = await storedCells(orgId);
  expect(stored.map(([key]) => key)).toEqual(expected.map(([key]) => key));
  for (const [i, [key, sums]] of expected.entries()) {
    const cell = stored[i]?.[1] ?? {};
    expect(Object.keys(cell).sort(), key).toEqual(Object.keys(sums).sort());
    for (const [name, value] of Object.entries(sums)) {
      expect(cell[name], `${key} ${name}`).toBeCloseTo(value, 6);
    }
  }
  return expected.length;
}

const dayOf = (day: unknown) =>
  typeof day === 'string' ? day : new Date(day as Date).toISOString().slice(0, 10);

/**
 * The organization's day cells summed per month, baler, retail flag and tile, each day cell's
 * grades by the table of the crop of the cuttings holding it (the cutting rule: its day within the
 * cutting's days, one of its fields in the cutting; legume if any such crop is), else none.
 */
async function expectedMonths(orgId: string) {
  const db = t.ctx.db;
  const days = await db.selectFrom('baleCells').selectAll().where('orgId', '=', orgId).execute();
  const cuttings = await db
    .selectFrom('cuttings')
    .innerJoin('crops', 'crops.id', 'cuttings.cropId')
    .select(['cuttings.id', 'cuttings.startDate', 'cuttings.endDate', 'crops.name'])
    .where('cuttings.orgId', '=', orgId)
    .execute();
  const links = await db
    .selectFrom('cuttingFields')
    .selectAll()
    .where('orgId', '=', orgId)
    .execute();
  const legumeName = new RegExp(LEGUME_NAME_PATTERN, 'i');
  const months = new Map<string, Record<string, number>>();
  for (const cell of days) {
    const day = dayOf(cell.day);
    const holding = cuttings.filter(
      (c) =>
        dayOf(c.startDate) <= day &&
        day <= dayOf(c.endDate) &&
        links.some((l) => l.cuttingId === c.id && cell.fieldUids.includes(l.fieldId)),
    );
    const legume = holding.length === 0 ? null : holding.some((c) => legumeName.test(c.name));
    const key = [`${day.slice(0, 7)}-01`, cell.balerId, cell.retail, cell.cellX, cell.cellY].join(
      '|',
    );
    const sums = months.get(key) ?? {};
    const add = (name: string, value: number) => {
      sums[name] = (sums[name] ?? 0) + value;
    };
    for (const name of [
      'count',
      'weightKg',
      'dryMassKg',
      'aboveSafe',
      'rfvSum',
      'rfvCount',
      'proteinSum',
      'proteinCount',
      'sugarSum',
      'sugarCount',
      'latSum',
      'lonSum',
    ] as const) {
      add(name, cell[name]);
    }
    sums.peakMoistureMax = Math.max(sums.peakMoistureMax ?? -1, cell.peakMoistureMax);
    for (const [i, grade] of hayGrades.entries()) {
      const picked = legume !== null && grade.startsWith('legume.') === legume;
      add(grade, picked ? (cell.gradeCounts[i] as number) : 0);
    }
    months.set(key, sums);
  }
  return [...months].sort(([a], [b]) => a.localeCompare(b));
}

async function expectMonthsToMatchDays(orgId: string) {
  const expected = await expectedMonths(orgId);
  const rows = await t.ctx.db
    .selectFrom('baleCellMonths')
    .selectAll()
    .where('orgId', '=', orgId)
    .execute();
  const stored = new Map(
    rows.map((row) => [
      [dayOf(row.month), row.balerId, row.retail, row.cellX, row.cellY].join('|'),
      row,
    ]),
  );
  expect([...stored.keys()].sort()).toEqual(expected.map(([key]) => key));
  for (const [key, sums] of expected) {
    const row = stored.get(key);
    for (const [name, value] of Object.entries(sums)) {
      const grade = hayGrades.indexOf(name as (typeof hayGrades)[number]);
      const actual = grade >= 0 ? row?.gradeCounts[grade] : row?.[name as keyof typeof row];
      expect(actual, `${key} ${name}`).toBeCloseTo(value, 6);
    }
  }
  // Bales graded by each table, over every month.
  const graded = (table: string) =>
    expected.reduce(
      (n, [, sums]) =>
        n + hayGrades.filter((g) => g.startsWith(table)).reduce((m, g) => m + (sums[g] ?? 0), 0),
      0,
    );
  return { legume: graded('legume.'), grass: graded('grass.') };
}

// A bale of each kind the cells tell apart: sizes and shapes, bindings, preservative, wet and
// dry, retail, every way of grading (RFV, ADF and NDF, protein alone, nothing), two days.
const here = { lat: 46.6, lon: -120.5 };
const varied = () => [
  newBale({ creationLocation: here, avgMoisture: 19, baleSize: 'FiveFeet' }),
  newBale({ creationLocation: here, avgMoisture: 17, baleSize: 'FourFeet', rfv: 190 }),
  newBale({ creationLocation: here, avgMoisture: 17, baleSize: 'ThreeXFour' }),
  newBale({ creationLocation: here, avgMoisture: 50, bindingMode: 'Film', protein: 8 }),
  newBale({ creationLocation: here, avgMoisture: 25, appliedPreservativeKg: 2, adf: null }),
  newBale({ creationLocation: here, protein: null, adf: null, ndf: null, loadType: 'retail' }),
  newBale({
    creationLocation: { lat: 46.61, lon: -120.49 },
    creationTime: '2025-06-03T23:59:59Z',
    sugar: null,
    ash: null,
  }),
];

describe('bale cells', () => {
  it('sum the bales after new bales, a re-sent record, a scan and a field, on either path', async () => {
    const farm = await newFarm(t);
    const baler = await newBaler(t.ctx, farm.orgId);
    const bales = varied();
    await ingest(t, baler.apiKey, bales);
    expect(await expectCellsToMatchBales(farm.orgId)).toBeGreaterThanOrEqual(6);

    // A batch with stored bales takes the long way: one re-weighed and made a day later (its old
    // day's cell must lose it), one new.
    const moved = { ...bales[0], creationTime: '2025-06-04T06:00:00Z', weightKg: 700 };
    const later = { ...moved, updateTime: '2025-06-05T00:00:00Z' };
    const fresh = newBale({ creationLocation: here, creationTime: '2025-06-10T09:00:00Z' });
    expect(await ingest(t, baler.apiKey, [later, fresh])).toMatchObject({ created: 1, updated: 1 });
    await expectCellsToMatchBales(farm.orgId);

    // A scan carries a bale about 11 km north: another tile.
    const scanned = await farm.post('/bales/manual-scan', {
      scans: [
        {
          tagSerialNumber: bales[2]?.tagSerialNumber,
          location: { lat: 46.7, lon: -120.5 },
          scannedAt: '2025-07-01T08:00:00Z',
        },
      ],
    });
    expect(scanned.status).toBe(200);
    await expectCellsToMatchBales(farm.orgId);

    // A field drawn over the first bales gives them its id.
    const field = await farm.post('/fields', {
      name: 'Cells field',
      sizeHectares: null,
      boundary: square(here.lon, here.lat, 0.004),
    });
    expect(field.status).toBe(201);
    const cells = await storedCells(farm.orgId);
    expect(cells.some(([key]) => key.split('|')[2] !== '')).toBe(true);
    await expectCellsToMatchBales(farm.orgId);
  });

  it('are rebuilt whole for an organization summed by another rule', async () => {
    const farm = await newFarm(t);
    const baler = await newBaler(t.ctx, farm.orgId);
    await ingest(t, baler.apiKey, varied());
    // As after an upgrade: another rule's mark, and cells that no longer add up.
    await markSummedByAnotherRule(t.ctx, farm.orgId, 'baleCells');
    // Left alone until rebuilt: a write meanwhile does not touch another rule's cells.
    await ingest(t, baler.apiKey, [newBale({ creationLocation: here })]);

    expect(await catchUpBaleCells(t.ctx)).toBeGreaterThanOrEqual(1);
    await expectCellsToMatchBales(farm.orgId);
    // The planner is told how many cells there are now, so the next reads are planned for them.
    const { rows: planned } = await sql<{ tuples: number; cells: number }>`
      select c.reltuples::int as tuples, (select count(*)::int from bale_cells) as cells
      from pg_class c where c.oid = 'bale_cells'::regclass`.execute(t.ctx.db);
    expect(planned[0]?.tuples).toBe(planned[0]?.cells);
    const row = await t.ctx.db
      .selectFrom('baleVersions')
      .select('cellsRule')
      .where('orgId', '=', farm.orgId)
      .executeTakeFirstOrThrow();
    expect(row.cellsRule).toBe(CELLS_RULE);
    expect(await catchUpBaleCells(t.ctx)).toBe(0);
  });
  it('per month follow the cuttings and crops a grower changes, and read ranges that cut months', async () => {
    const farm = await newFarm(t);
    const ok = async (response: Response, status: number) => {
      expect(response.status, await response.clone().text()).toBe(status);
      return status === 204 ? undefined : response.json();
    };
    const field = fieldSchema.parse(
      await ok(
        await farm.post('/fields', {
          name: 'Month field',
          sizeHectares: null,
          boundary: square(here.lon, here.lat, 0.004),
        }),
        201,
      ),
    );
    const baler = await newBaler(t.ctx, farm.orgId);
    const july = newBale({
      creationLocation: here,
      creationTime: '2025-07-01T08:00:00Z',
      rfv: 150,
    });
    await ingest(t, baler.apiKey, [...varied(), july]);
    expect(await expectMonthsToMatchDays(farm.orgId)).toEqual({ legume: 0, grass: 0 });

    const { crop, cutting } = await juneCutting(farm, [field.id]);
    const legume = await expectMonthsToMatchDays(farm.orgId);
    expect(legume.legume).toBeGreaterThan(0);
    expect(legume.grass).toBe(0);

    // Renamed, the crop is a grass: the same bales graded by the grass table.
    await ok(await farm.call('PUT', `/crops/${crop.id}`, { name: 'Timothy' }), 200);
    const grass = await expectMonthsToMatchDays(farm.orgId);
    expect(grass).toMatchObject({ legume: 0 });
    expect(grass.grass).toBeGreaterThan(0);

    // Ranges cutting a month read its days, whole months their month cells: each counts the
    // bales made within it (visible or locked), grades and all.
    const bales = await t.ctx.db
      .selectFrom('bales')
      .select('creationTime')
      .where('orgId', '=', farm.orgId)
      .execute();
    for (const [from, to] of [
      ['2025-06-03', '2025-08-01'],
      ['2025-06-01', '2025-07-02'],
      ['2025-06-03', '2025-06-05'],
      [undefined, undefined],
    ] as const) {
      const read = await readCellSums(t.ctx.db, farm.orgId, { from, to });
      const made = bales.filter((bale) => {
        const day = new Date(bale.creationTime).toISOString().slice(0, 10);
        return (from === undefined || day >= from) && (to === undefined || day < to);
      }).length;
      const summed = (read?.cells ?? []).reduce((n, cell) => n + cell.count, 0);
      expect(summed + (read?.lockedCount ?? 0), `${from}..${to}`).toBe(made);
    }

    await ok(await farm.delete(`/cuttings/${cutting.id}`), 204);
    expect(await expectMonthsToMatchDays(farm.orgId)).toEqual({ legume: 0, grass: 0 });
  });
});
