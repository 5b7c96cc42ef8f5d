import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBaleStamp } from '../../src/features/bales/bale-stamps.repository.ts';
import { aggregateColumns } from '../../src/features/summaries/summary-aggregate.ts';
import { SummaryCache } from '../../src/features/summaries/summary-cache.ts';
import { listSummaryBales } from '../../src/features/summaries/summary-columns.repository.ts';
import { type BaleColumns, mergeColumns } from '../../src/features/summaries/summary-columns.ts';
import { lookUpCuttings } from '../../src/features/summaries/summary-filter.ts';
import { readSummaryReference } from '../../src/features/summaries/summary-reference.repository.ts';
import { ingest, newBale, newBaler, newFarm } from '../helpers/farm.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

// A baler reporting live: the summary columns take new bales in place, without copying the
// columns, while older columns (still read by earlier requests) stay as they were.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function totalsOf(orgId: string, columns: BaleColumns) {
  const reference = await readSummaryReference(t.ctx.db, orgId);
  const [row] = aggregateColumns(columns, reference, lookUpCuttings(columns, reference), {
    range: {},
  });
  return { count: row?.count, weight: row?.totalWeightKg };
}

async function liveFarm() {
  const farm = await newFarm(t);
  const baler = await newBaler(t.ctx, farm.orgId, { activeMonths: ['2025-06'] });
  await ingest(
    t,
    baler.apiKey,
    Array.from({ length: 10 }, () => newBale({ weightKg: 500 })),
  );
  return { farm, baler };
}

describe('summary columns on a live farm', () => {
  it('take a new bale in place, leaving the older columns as they were', async () => {
    const { farm, baler } = await liveFarm();
    const cache = new SummaryCache(t.ctx.db);
    const older = await cache.columns(farm.orgId);
    await ingest(t, baler.apiKey, [newBale({ weightKg: 700 })]);
    const newer = await cache.columns(farm.orgId);
    expect(newer.createdMs).toBe(older.createdMs);
    expect(newer.numbers.weightKg).toBe(older.numbers.weightKg);
    expect(await totalsOf(farm.orgId, newer)).toEqual({ count: 11, weight: 5_700 });
    expect(await totalsOf(farm.orgId, older)).toEqual({ count: 10, weight: 5_000 });
  });

  it('copy when a second catch-up starts from the same columns, or a bale changed', async () => {
    const { farm, baler } = await liveFarm();
    const cache = new SummaryCache(t.ctx.db);
    const base = await cache.columns(farm.orgId);
    const [a, b] = [newBale({ weightKg: 700 }), newBale({ weightKg: 900 })];
    await ingest(t, baler.apiKey, [a]);
    const stampA = await readBaleStamp(t.ctx.db, farm.orgId);
    const rowsA = (await listSummaryBales(t.ctx.db, farm.orgId, base.baleVersion)).visible;
    await ingest(t, baler.apiKey, [b]);
    const stampB = await readBaleStamp(t.ctx.db, farm.orgId);
    const rowsB = (await listSummaryBales(t.ctx.db, farm.orgId, base.baleVersion)).visible;

    const first = mergeColumns(base, stampA, rowsA, []);
    const second = mergeColumns(base, stampB, rowsB, []);
    expect(second.createdMs).not.toBe(base.createdMs);
    expect(await totalsOf(farm.orgId, first)).toEqual({ count: 11, weight: 5_700 });
    expect(await totalsOf(farm.orgId, second)).toEqual({ count: 12, weight: 6_600 });
    expect(await totalsOf(farm.orgId, base)).toEqual({ count: 10, weight: 5_000 });

    await ingest(t, baler.apiKey, [{ ...a, weightKg: 100, updateTime: '2025-07-01T00:00:00Z' }]);
    const changed = await cache.columns(farm.orgId);
    expect(changed.numbers.weightKg).not.toBe(base.numbers.weightKg);
    expect(await totalsOf(farm.orgId, changed)).toEqual({ count: 12, weight: 6_000 });
  });

  it('read a catch-up by uid, or by version past 2,000 bales, locked bales apart', async () => {
    const { farm, baler } = await liveFarm();
    const base = await readBaleStamp(t.ctx.db, farm.orgId);
    // Made in a month without subscription: locked.
    const locked = (n: number) =>
      Array.from({ length: n }, () => newBale({ creationTime: '2025-08-02T10:00:00Z' }));
    const few = [newBale(), newBale(), newBale(), ...locked(1)];
    await ingest(t, baler.apiKey, few);
    const small = await listSummaryBales(t.ctx.db, farm.orgId, base.baleVersion);
    expect([...small.visible.uid].sort()).toEqual(
      few
        .slice(0, 3)
        .map((b) => b.uid)
        .sort(),
    );
    expect(small.locked.map((b) => b.uid)).toEqual([few[3]?.uid]);
    expect(small.locked[0]?.createdMs).toBe(Date.parse('2025-08-02T10:00:00Z'));

    const middle = await readBaleStamp(t.ctx.db, farm.orgId);
    const many = [...Array.from({ length: 2_001 }, () => newBale()), ...locked(5)];
    await ingest(t, baler.apiKey, many);
    const large = await listSummaryBales(t.ctx.db, farm.orgId, middle.baleVersion);
    expect(large.visible.length).toBe(2_001);
    expect(new Set(large.visible.uid.slice(0, large.visible.length))).toEqual(
      new Set(many.slice(0, 2_001).map((b) => b.uid)),
    );
    expect(large.locked.map((b) => b.uid).sort()).toEqual(
      many
        .slice(2_001)
        .map((b) => b.uid)
        .sort(),
    );
  });
});
