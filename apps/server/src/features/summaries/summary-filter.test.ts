import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../bales/time-range.ts';
import { buildColumns, mergeColumns } from './summary-columns.ts';
import { cuttingRule, lookUpCuttings } from './summary-filter.ts';
import type { ReferenceCutting, SummaryReference } from './summary-reference.repository.ts';
import { emptyBatch, nextRow } from './visible-bale-batch.ts';

// The cutting rule in memory (docs/product.md#cuttings): a bale is in a cutting when one of its
// fields is in it and it was made within its days. Asked per fields-and-day of a farm's bales and
// kept between requests while the cuttings stay the same.

const day = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
const cutting = (id: string, startDate: string, endDate: string, fieldIds: string[]) =>
  ({
    id,
    name: id,
    year: 2025,
    startDate,
    endDate,
    cropId: 'alfalfa',
    fieldIds,
  }) satisfies ReferenceCutting;

describe('the cutting rule', () => {
  it('holds a bale in each cutting of one of its fields on its day, in the cuttings’ order', () => {
    const rule = cuttingRule([
      cutting('first', '2025-06-01', '2025-06-10', ['a']),
      cutting('second', '2025-06-10', '2025-06-20', ['a', 'b']),
      // Stored before cuttings were held within their crop year: checked on every day.
      cutting('long', '2019-01-01', '2026-12-31', ['b']),
    ]);
    expect(rule(['a'], day('2025-06-10'))).toEqual([0, 1]);
    expect(rule(['b'], day('2025-06-10'))).toEqual([1, 2]);
    expect(rule(['a'], day('2025-06-21'))).toEqual([]);
    expect(rule(['b'], day('2021-03-03'))).toEqual([2]);
    expect(rule(['c'], day('2025-06-05'))).toEqual([]);
  });
});

describe('the cuttings of a farm’s bales', () => {
  const reference = (cuttings: ReferenceCutting[]): SummaryReference => ({
    stamp: { baleVersion: 1, activeMonths: 1 },
    cuttings,
    crops: [{ id: 'alfalfa', name: 'Alfalfa' }],
    fields: [{ id: 'a', name: 'A' }],
    balers: [],
  });
  const baleOn = (uid: string, iso: string) => {
    const batch = emptyBatch();
    const row = nextRow(batch);
    batch.uid[row] = uid;
    batch.createdMs[row] = Date.parse(`${iso}T10:00:00Z`);
    for (const c of Object.keys(batch.numbers)) batch.numbers[c as 'rfv'][row] = Number.NaN;
    batch.balerId[row] = 'baler-1';
    batch.baleSize[row] = 'FourXFour';
    batch.loadType[row] = null;
    batch.bindingMode[row] = 'Twine';
    batch.appliedPreservativeKg[row] = 0;
    batch.fieldUids[row] = ['a'];
    return batch;
  };
  const lookupOf = (columns: ReturnType<typeof buildColumns>, ref: SummaryReference, i: number) => {
    const lookup = lookUpCuttings(columns, ref);
    return { cuttings: lookup.cuttingsOf[i], legume: lookup.legume[i] };
  };

  it('are found for days new since the last request, and again when a cutting changed', () => {
    const june = reference([cutting('june', '2025-06-01', '2025-06-30', ['a'])]);
    const older = buildColumns(
      { orgId: 'o', baleVersion: 1, activeMonths: 1 },
      baleOn('B1', '2025-06-02'),
    );
    expect(lookupOf(older, june, 0)).toEqual({ cuttings: [0], legume: 1 });
    // A later bale on a new day, caught up in place: its day is looked up too.
    const newer = mergeColumns(
      older,
      { baleVersion: 2, activeMonths: 1 },
      baleOn('B2', '2025-07-02'),
      [],
    );
    expect(newer.fieldDays).toBe(older.fieldDays);
    expect(lookupOf(newer, june, 1)).toEqual({ cuttings: [], legume: -1 });
    // The cutting now runs into July: both days are looked up again.
    const longer = reference([cutting('june', '2025-06-01', '2025-07-05', ['a'])]);
    expect(lookupOf(newer, longer, 1)).toEqual({ cuttings: [0], legume: 1 });
    expect(lookupOf(newer, longer, 0)).toEqual({ cuttings: [0], legume: 1 });
    expect(lookupOf(newer, june, 1)).toEqual({ cuttings: [], legume: -1 });
  });
});
