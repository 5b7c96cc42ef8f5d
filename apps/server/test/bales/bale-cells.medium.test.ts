import type { TagMaterial } from '@baletrack/contracts/bales/bale';
import { type BaleSize, baleShapeBySize } from '@baletrack/contracts/bales/bale';
import { hayGrades } from '@baletrack/contracts/inventory/hay-grade';
import { balingMethod } from '@baletrack/domain/heat-risk/heat-risk';
import { safeBalingBand } from '@baletrack/domain/moisture';
import { qualityGrade } from '@baletrack/domain/quality-grade/quality-grade';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CELLS_RULE } from '../../src/features/bales/bale-cells.repository.ts';
import { catchUpBaleCells } from '../../src/features/bales/bale-cells-catch-up.ts';
import { ingest, newBale, newBaler, newFarm, square } from '../helpers/farm.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

// The bale cells the map and summaries of many farms read (docs/adr/0029-many-farms-read-model.md)
// must always equal the bales summed afresh: after new bales, a re-sent record that moves a bale
// to another day, a scan that moves it across the farm, a field drawn over it, and after a
// rebuild. The sums below are made here, in JavaScript, by the domain's own rules.

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
    await t.ctx.db
      .updateTable('baleVersions')
      .set({ cellsRule: 'an older rule' })
      .where('orgId', '=', farm.orgId)
      .execute();
    await t.ctx.db
      .updateTable('baleCells')
      .set({ count: 99 })
      .where('orgId', '=', farm.orgId)
      .execute();
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
});
