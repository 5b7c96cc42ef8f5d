import { describe, expect, it } from 'vitest';
import { aggregateColumns } from './summary-aggregate.ts';
import { buildColumns, mergeColumns } from './summary-columns.ts';
import { lookUpCuttings } from './summary-filter.ts';
import type { SummaryReference } from './summary-reference.repository.ts';
import { emptyBatch, nextRow, type VisibleBaleBatch } from './visible-bale-batch.ts';

// A summary of one crop year reads only the bales made in its days (a day index of the columns),
// not every bale of the farm; what it counts must be what reading every bale counts, also for
// bales added since the index was made and for older columns reading a newer one's index.

const fieldList = ['field-a'];

/** `n` bales of `weightKg` made one every `hours` from `start`, uids from `first`. */
function bales(n: number, start: string, weightKg: number, first = 0, hours = 1): VisibleBaleBatch {
  const batch = emptyBatch();
  for (let i = 0; i < n; i += 1) {
    const row = nextRow(batch);
    batch.uid[row] = `B${first + i}`;
    batch.createdMs[row] = Date.parse(start) + i * hours * 3_600_000;
    for (const c of Object.keys(batch.numbers)) batch.numbers[c as 'rfv'][row] = Number.NaN;
    batch.numbers.weightKg[row] = weightKg;
    batch.numbers.avgMoisture[row] = 12;
    batch.balerId[row] = 'baler-1';
    batch.baleSize[row] = 'FourXFour';
    batch.loadType[row] = null;
    batch.bindingMode[row] = 'Twine';
    batch.appliedPreservativeKg[row] = 0;
    batch.fieldUids[row] = fieldList;
  }
  return batch;
}

const reference: SummaryReference = {
  stamp: { baleVersion: 1, activeMonths: 1 },
  cuttings: [],
  crops: [],
  fields: [{ id: 'field-a', name: 'A' }],
  balers: [],
};
const year = (y: number) => ({
  from: new Date(Date.UTC(y, 0, 1)),
  to: new Date(Date.UTC(y + 1, 0, 1)),
});

function summary(columns: ReturnType<typeof buildColumns>, range: { from?: Date; to?: Date }) {
  const [row] = aggregateColumns(columns, reference, lookUpCuttings(columns, reference), { range });
  return { count: row?.count, weight: row?.totalWeightKg };
}

describe('a summary of a date range', () => {
  it('counts the bales made in it, as reading every bale does', () => {
    // 2,000 bales a year (one an hour from June), 2021 to 2025: 10,000 bales.
    let all = buildColumns(
      { orgId: 'o', baleVersion: 1, activeMonths: 1 },
      bales(2_000, '2021-06-01T00:00:00Z', 100),
    );
    for (const [i, y] of [2022, 2023, 2024, 2025].entries()) {
      const batch = bales(2_000, `${y}-06-01T00:00:00Z`, 100 * (i + 2), 2_000 * (i + 1));
      all = mergeColumns(all, { baleVersion: i + 2, activeMonths: 1 }, batch, []);
    }
    expect(summary(all, year(2024))).toEqual({ count: 2_000, weight: 800_000 });
    expect(summary(all, year(2025))).toEqual({ count: 2_000, weight: 1_000_000 });
    expect(summary(all, year(2020))).toEqual({ count: 0, weight: 0 });
    expect(summary(all, {})).toEqual({ count: 10_000, weight: 3_000_000 });
    // A range cutting a day in two: bales made from noon on the first of July 2024 on.
    const fromNoon = {
      from: new Date('2024-07-01T12:00:00Z'),
      to: new Date('2024-07-02T00:00:00Z'),
    };
    expect(summary(all, fromNoon)).toEqual({ count: 12, weight: 4_800 });
  });

  it('counts bales added since its index was made, and not those of newer columns', () => {
    // One bale every three hours from 2023 to early 2026; 240 of them in June 2023.
    const rows = bales(9_000, '2023-01-01T00:00:00Z', 100, 0, 3);
    const june = { from: new Date('2023-06-01T00:00:00Z'), to: new Date('2023-07-01T00:00:00Z') };
    const older = buildColumns({ orgId: 'o', baleVersion: 1, activeMonths: 1 }, rows);
    // June's bales late from a baler's memory, caught up in place (the arrays are shared).
    const late = bales(50, '2023-06-01T00:30:00Z', 500, 9_000);
    const newer = mergeColumns(older, { baleVersion: 2, activeMonths: 1 }, late, []);
    expect(newer.createdMs).toBe(older.createdMs);
    // The index made by the newer columns first holds the late bales: the older ones skip them.
    expect(summary(newer, june)).toEqual({ count: 290, weight: 49_000 });
    expect(summary(older, june)).toEqual({ count: 240, weight: 24_000 });
    // Bales added after the index was made are read one by one.
    const later = bales(10, '2023-06-10T00:30:00Z', 1_000, 10_000);
    const newest = mergeColumns(newer, { baleVersion: 3, activeMonths: 1 }, later, []);
    expect(summary(newest, june)).toEqual({ count: 300, weight: 59_000 });
  });
});
