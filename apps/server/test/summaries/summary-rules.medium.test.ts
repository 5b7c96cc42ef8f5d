import { cuttingsResponseSchema } from '@baletrack/contracts/cuttings/cutting';
import type { FilterDefinition } from '@baletrack/contracts/filters/filter';
import {
  baleSummaryResponseSchema,
  summaryGroupings,
} from '@baletrack/contracts/summaries/summary';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBaleStamp } from '../../src/features/bales/bale-stamps.repository.ts';
import { visibleBales } from '../../src/features/bales/bales.repository.ts';
import { filterPredicate } from '../../src/features/bales/filter-predicate.ts';
import type { TimeRange } from '../../src/features/bales/time-range.ts';
import {
  aggregateColumns,
  type SummaryRow,
} from '../../src/features/summaries/summary-aggregate.ts';
import { summaryFromCells } from '../../src/features/summaries/summary-cells.ts';
import { listSummaryBales } from '../../src/features/summaries/summary-columns.repository.ts';
import {
  type BaleColumns,
  buildColumns,
  mergeColumns,
} from '../../src/features/summaries/summary-columns.ts';
import { columnsFilter, lookUpCuttings } from '../../src/features/summaries/summary-filter.ts';
import { readSummaryReference } from '../../src/features/summaries/summary-reference.repository.ts';
import { summarizeBales } from '../../src/features/summaries/summary-sql.ts';
import { ingest, newBale } from '../helpers/farm.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import type { SummaryFarm } from './summary-farm.ts';
import { variedBales, variedSummaryFarm } from './varied-summary-farm.ts';

// Summaries are computed over in-memory bale columns (summary-filter.ts, summary-aggregate.ts);
// the rules they apply are written in SQL elsewhere (filterPredicate, cuttingMembership,
// summarizeBales). Here both run on one varied farm and must agree on every bale and figure.

let t: TestApp;
let farm: SummaryFarm['farm'];
let ids: Record<string, string> = {};
let thirdKey = '';

beforeAll(async () => {
  t = await startTestApp();
  ({ farm, ids, thirdKey } = await variedSummaryFarm(t));
}, 60_000);
afterAll(() => t.close());

async function loadColumns(): Promise<BaleColumns> {
  const stamp = await readBaleStamp(t.ctx.db, farm.orgId);
  return buildColumns(
    { orgId: farm.orgId, ...stamp },
    (await listSummaryBales(t.ctx.db, farm.orgId)).visible,
  );
}

const anyBale: Omit<FilterDefinition, 'dateRange'> = {
  ranges: {},
  includeCuttingless: true,
  fieldIds: [],
  cuttingIds: [],
  cropIds: [],
  balerIds: [],
  baleSizes: [],
};
const id = (name: string) => ids[name] as string;

const conditions = (): Omit<FilterDefinition, 'dateRange'>[] => [
  anyBale,
  {
    ...anyBale,
    ranges: { weightKg: { min: 450, max: null }, avgMoisture: { min: null, max: 18 } },
  },
  { ...anyBale, ranges: { rfv: { min: 150, max: 185 }, protein: { min: 15, max: null } } },
  { ...anyBale, ranges: { temperature: { min: 20, max: 40 }, flakeCount: { min: 10, max: 30 } } },
  {
    ...anyBale,
    ranges: { baleLengthMeters: { min: 1.5, max: null }, cutLengthMM: { min: null, max: 40 } },
  },
  {
    ...anyBale,
    ranges: {
      ash: { min: 9, max: 10 },
      sugar: { min: 15, max: null },
      adf: { min: null, max: 32 },
    },
  },
  {
    ...anyBale,
    ranges: {
      ndf: { min: 40, max: 50 },
      dryMassKg: { min: 300, max: 500 },
      peakMoisture: { min: 25, max: null },
    },
  },
  { ...anyBale, balerIds: [id('Third')], baleSizes: ['FiveFeet', 'FourFeet'] },
  { ...anyBale, fieldIds: [id('A')] },
  { ...anyBale, fieldIds: [id('B'), id('Overlap')] },
  { ...anyBale, includeCuttingless: false },
  { ...anyBale, cuttingIds: [id('1st')] },
  { ...anyBale, cuttingIds: [id('1st')], includeCuttingless: false },
  { ...anyBale, cuttingIds: [id('Unsown'), id('2nd')], includeCuttingless: true },
  { ...anyBale, cropIds: [id('Alfalfa')], includeCuttingless: false },
  { ...anyBale, cropIds: [id('Red clover')], cuttingIds: [id('2nd')], includeCuttingless: false },
  { ...anyBale, cropIds: [id('Oats')], includeCuttingless: true },
  {
    ...anyBale,
    fieldIds: [id('A')],
    cropIds: [id('Timothy')],
    ranges: { protein: { min: 12, max: null } },
  },
  // Quality grades: the crop of the bale's cutting picks the table (legume or grass).
  { ...anyBale, grades: ['legume.Good', 'legume.Fair', 'grass.Premium'] },
  { ...anyBale, grades: ['legume.Supreme', 'grass.Low'], fieldIds: [id('A'), id('B')] },
];

async function sqlUids(condition: Omit<FilterDefinition, 'dateRange'>): Promise<string[]> {
  const where = filterPredicate({ ...condition, dateRange: null });
  const rows = await visibleBales(t.ctx.db, farm.orgId, where).select('bales.uid').execute();
  return rows.map((row) => row.uid).sort();
}

describe('summary columns agree with the SQL rules', () => {
  it('select the same bales as filterPredicate (and cuttingMembership) for every condition', async () => {
    const columns = await loadColumns();
    const reference = await readSummaryReference(t.ctx.db, farm.orgId);
    const lookup = lookUpCuttings(columns, reference);
    expect(columns.length).toBeGreaterThan(400);
    for (const condition of conditions()) {
      const keep = columnsFilter(condition, columns, reference, lookup);
      const inMemory = columns.uids.filter((_, slot) => !keep || keep(slot)).sort();
      expect(inMemory, JSON.stringify(condition)).toEqual(await sqlUids(condition));
    }
  });

  it('sum, average, grade and group exactly as summarizeBales does', async () => {
    const columns = await loadColumns();
    const reference = await readSummaryReference(t.ctx.db, farm.orgId);
    const lookup = lookUpCuttings(columns, reference);
    const june = (from: string, to: string): TimeRange => ({
      from: new Date(`2025-06-${from}T00:00:00Z`),
      to: new Date(`2025-06-${to}T00:00:00Z`),
    });
    const [, heavy, , , , , , , , , inCuttings, first] = conditions();
    const selections = [
      { range: {} },
      { range: june('08', '19'), onHand: true, condition: heavy },
      { range: june('01', '26'), condition: first },
      { range: {}, condition: inCuttings, onHand: true },
    ];
    for (const selection of selections) {
      const where = selection.condition
        ? filterPredicate({ ...selection.condition, dateRange: null })
        : undefined;
      for (const by of [undefined, ...summaryGroupings]) {
        const label = `${JSON.stringify(selection)} by ${by}`;
        const expected = await summarizeBales(t.ctx.db, farm.orgId, { ...selection, where }, by);
        const actual = aggregateColumns(columns, reference, lookup, selection, by);
        expectSameRows(actual, expected, label);
      }
    }
    // 28 summaries in SQL: seconds on a busy machine.
  }, 120_000);
  it('from the bale cells, sum, average and grade as summarizeBales does', async () => {
    const june = (from: string, to: string): TimeRange => ({
      from: new Date(`2025-06-${from}T00:00:00Z`),
      to: new Date(`2025-06-${to}T00:00:00Z`),
    });
    for (const selection of [
      { range: {} },
      { range: june('08', '19'), onHand: true },
      { range: june('01', '26') },
      { range: { from: new Date('2030-01-01T00:00:00Z') } },
    ]) {
      const label = JSON.stringify(selection);
      const expected = await summarizeBales(t.ctx.db, farm.orgId, selection);
      const actual = await summaryFromCells(t.ctx, farm.orgId, selection.range, selection);
      expect(actual, label).toBeDefined();
      expectSameRows(actual ?? [], expected, label);
    }
    // A range that cuts a day is the columns' to answer.
    const cut = { from: new Date('2025-06-08T12:00:00Z') };
    expect(await summaryFromCells(t.ctx, farm.orgId, cut)).toBeUndefined();
  });
});

function expectSameRows(actual: SummaryRow[], expected: SummaryRow[], label: string) {
  const byKey = (rows: SummaryRow[]) =>
    [...rows].sort((a, b) => String(a.groupKey).localeCompare(String(b.groupKey)));
  const [a, e] = [byKey(actual), byKey(expected)];
  expect(
    a.map((r) => [r.groupKey, r.groupName, r.count]),
    label,
  ).toEqual(e.map((r) => [r.groupKey, r.groupName, r.count]));
  a.forEach((row, i) => {
    const want = e[i] as SummaryRow;
    expect(row.grades, label).toEqual(want.grades);
    expect(row.aboveSafe, label).toBe(want.aboveSafe);
    expect(row.maxPeakMoisture, label).toBe(want.maxPeakMoisture);
    // Sums differ only by the order floating-point additions were made in.
    for (const key of [
      'totalWeightKg',
      'totalDryMassKg',
      'weightKg',
      'avgMoisture',
      'peakMoisture',
      'rfv',
      'adf',
      'ndf',
      'protein',
      'ash',
      'sugar',
    ] as const) {
      const [got, wanted] = [row[key], want[key]];
      if (wanted === null) expect(got, `${label} ${key}`).toBeNull();
      else expect(got, `${label} ${key}`).toBeCloseTo(Number(wanted), 9);
    }
  });
}

describe('summary columns stay current', () => {
  it('catch up on bales written since, including bales that became locked', async () => {
    const before = await loadColumns();
    const [moved, fresh] = variedBales(2).map((bale, i) => ({ ...bale, uid: `CATCH-UP-${i}` }));
    await ingest(t, thirdKey, [moved, fresh]);
    const middle = await loadColumns();
    // Re-weighed, and one made in a month without subscription: locked from now on.
    await ingest(t, thirdKey, [
      { ...moved, weightKg: 999, updateTime: '2025-07-02T00:00:00Z' },
      { ...fresh, creationTime: '2025-08-02T10:00:00Z' },
    ]);
    const stamp = await readBaleStamp(t.ctx.db, farm.orgId);
    const since = await listSummaryBales(t.ctx.db, farm.orgId, middle.baleVersion);
    // The bale now locked is read as locked, not as visible.
    expect(since.locked.map((bale) => bale.uid)).toEqual([fresh?.uid]);
    expect(since.visible.uid).toEqual([moved?.uid]);
    const merged = mergeColumns(
      middle,
      stamp,
      since.visible,
      since.locked.map((bale) => bale.uid),
    );
    const reference = await readSummaryReference(t.ctx.db, farm.orgId);
    const rebuilt = await loadColumns();
    for (const by of [undefined, 'field', 'day'] as const) {
      expectSameRows(
        aggregateColumns(merged, reference, lookUpCuttings(merged, reference), { range: {} }, by),
        aggregateColumns(rebuilt, reference, lookUpCuttings(rebuilt, reference), { range: {} }, by),
        `merged by ${by}`,
      );
    }
    expect(middle.length).toBe(before.length + 2);
  });

  it('answer over HTTP with new bales and with a cutting changed since the last answer', async () => {
    const count = async () => {
      const response = await farm.get('/bales/summary', {});
      expect(response.status).toBe(200);
      return baleSummaryResponseSchema.parse(await response.json()).summary;
    };
    const first = await count();
    await ingest(t, thirdKey, [newBale({ creationTime: '2025-06-05T10:00:00Z' })]);
    const second = await count();
    expect(second.count).toBe(first.count + 1);
    // No bale changes when a cutting's crop does: the grades must follow all the same.
    const listed = await farm.get('/cuttings/all', {});
    const { cuttings } = cuttingsResponseSchema.parse(await listed.json());
    expect(cuttings.some((cutting) => cutting.cropId !== null)).toBe(true);
    for (const { id, ...cutting } of cuttings) {
      const saved = await farm.put(`/cuttings/${id}`, { ...cutting, cropId: null });
      expect(saved.status).toBe(200);
    }
    const third = await count();
    expect(third.count).toBe(second.count);
    expect(third.grades.ungraded).toBe(third.count);
  });
});
