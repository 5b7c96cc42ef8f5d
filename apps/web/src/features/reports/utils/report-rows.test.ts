import type { Bale } from '@baletrack/contracts/bales/bale';
import { describe, expect, it } from 'vitest';
import {
  type ReportRow,
  ReportRowList,
  type Sort,
  SortedRowView,
  sortRows,
  toReportRow,
} from '@/features/reports/utils/report-rows';

const row = (uid: string, values: Partial<ReportRow> = {}): ReportRow => ({
  uid,
  tag: null,
  createdMs: 0,
  baleSize: 'FourXFour',
  weightKg: 500,
  dryMassKg: 430,
  avgMoisture: 14,
  rfv: 150,
  protein: 18,
  loadType: 'internal',
  ...values,
});

describe('sortRows', () => {
  const rows = [
    row('B', { weightKg: 600, rfv: null }),
    row('A', { weightKg: 450, rfv: 170 }),
    row('C', { weightKg: 600, rfv: 120 }),
  ];

  it('sorts by a number either way, equal values keeping their order', () => {
    const up = sortRows(rows, { key: 'weightKg', direction: 'asc' });
    expect(up.map((r) => r.uid)).toEqual(['A', 'B', 'C']);
    const down = sortRows(rows, { key: 'weightKg', direction: 'desc' });
    expect(down.map((r) => r.uid)).toEqual(['B', 'C', 'A']);
  });

  it('puts bales without the value last in both directions', () => {
    expect(sortRows(rows, { key: 'rfv', direction: 'asc' }).map((r) => r.uid)).toEqual([
      'C',
      'A',
      'B',
    ]);
    expect(sortRows(rows, { key: 'rfv', direction: 'desc' }).map((r) => r.uid)).toEqual([
      'A',
      'C',
      'B',
    ]);
  });

  it('sorts tags as text, untagged bales last, and leaves the input alone', () => {
    const tagged = [
      row('u1', { tag: 'T-0002' }),
      row('u2'),
      row('u0', { tag: 'T-0010' }),
      row('u3', { tag: 'T-0001' }),
    ];
    const order = (direction: Sort['direction']) =>
      sortRows(tagged, { key: 'tag', direction }).map((r) => r.uid);
    expect(order('asc')).toEqual(['u3', 'u1', 'u0', 'u2']);
    expect(order('desc')).toEqual(['u0', 'u1', 'u3', 'u2']);
    expect(tagged.map((r) => r.uid)).toEqual(['u1', 'u2', 'u0', 'u3']);
  });
});

describe('toReportRow', () => {
  it('keeps what the table shows, the creation time as an instant', () => {
    const bale = {
      uid: 'X1',
      tagSerialNumber: 'A0042',
      creationTime: '2025-06-02T14:31:07Z',
      baleSize: 'FiveFeet',
      weightKg: 450,
      dryMassKg: 360,
      avgMoisture: 20,
      rfv: null,
      protein: 14,
      loadType: 'retail',
    } as Bale;
    expect(toReportRow(bale)).toEqual({
      uid: 'X1',
      tag: 'A0042',
      createdMs: Date.parse('2025-06-02T14:31:07Z'),
      baleSize: 'FiveFeet',
      weightKg: 450,
      dryMassKg: 360,
      avgMoisture: 20,
      rfv: null,
      protein: 14,
      loadType: 'retail',
    });
  });
});

/** Pages of `size` rows whose elements count how often they are read. */
function countedPages(pageCount: number, size: number) {
  const reads = { count: 0 };
  const pages = Array.from({ length: pageCount }, (_, p) => {
    const rows = Array.from({ length: size }, (_, i) =>
      row(`B${String(p * size + i).padStart(7, '0')}`, { weightKg: (p * 7919 + i * 104729) % 997 }),
    );
    const counted = new Proxy(rows, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads.count += 1;
        return Reflect.get(target, key, receiver);
      },
    });
    return { rows: counted };
  });
  return { pages, reads };
}

describe('ReportRowList', () => {
  it('reads each row once however many pages arrive: 200,000 rows, 200,000 reads', () => {
    const { pages, reads } = countedPages(200, 1_000);
    const list = new ReportRowList();
    let rows: ReportRow[] = [];
    for (let arrived = 1; arrived <= pages.length; arrived += 1) {
      rows = list.update(pages.slice(0, arrived));
      // Asked twice for the same pages (React's strict mode renders twice): nothing is added.
      list.update(pages.slice(0, arrived));
      expect(rows).toHaveLength(arrived * 1_000);
    }
    expect(reads.count).toBe(200_000);
    expect(rows[0]?.uid).toBe('B0000000');
    expect(rows[199_999]?.uid).toBe('B0199999');
  });

  it('starts afresh when the pages are not the ones seen plus more', () => {
    const { pages } = countedPages(3, 2);
    const list = new ReportRowList();
    const first = list.update(pages);
    const again = list.update(pages.slice(1));
    expect(again).not.toBe(first);
    expect(again.map((r) => r.uid)).toEqual(['B0000002', 'B0000003', 'B0000004', 'B0000005']);
    expect(list.update([])).toEqual([]);
  });
});

describe('SortedRowView', () => {
  const weightDesc: Sort = { key: 'weightKg', direction: 'desc' };

  it('shows every loaded row, sorted in full once all are in', () => {
    const { pages } = countedPages(10, 50);
    const list = new ReportRowList();
    const view = new SortedRowView();
    let shown = view.view([], 0, weightDesc, false);
    for (let arrived = 1; arrived <= pages.length; arrived += 1) {
      const rows = list.update(pages.slice(0, arrived));
      shown = view.view(rows, rows.length, weightDesc, arrived === pages.length);
      const uids = Array.from({ length: shown.length }, (_, i) => shown.at(i).uid);
      expect(new Set(uids).size).toBe(rows.length);
    }
    const all = Array.from({ length: shown.length }, (_, i) => shown.at(i));
    expect(all).toEqual(sortRows(list.rows, weightDesc));
  });

  it('sorts a report that loads page by page in about two sorts, not one per page', () => {
    const pageCount = 100;
    const size = 100;
    const { pages } = countedPages(pageCount, size);
    const list = new ReportRowList();
    const view = new SortedRowView();
    const keyReads = { count: 0 };
    // Rows whose weight counts the comparisons that read it.
    const counted = pages.map((page) => ({
      rows: Array.from({ length: size }, (_, i) => {
        const source = page.rows[i] as ReportRow;
        return {
          ...source,
          get weightKg() {
            keyReads.count += 1;
            return source.weightKg;
          },
        };
      }),
    }));
    for (let arrived = 1; arrived <= pageCount; arrived += 1) {
      const rows = list.update(counted.slice(0, arrived));
      view.view(rows, rows.length, weightDesc, arrived === pageCount);
    }
    const n = pageCount * size;
    const oneSort = 2 * n * Math.log2(n); // two reads per comparison, n log n comparisons
    // Sorting again on each page would read about 50 sorts' worth.
    expect(keyReads.count).toBeLessThan(3 * oneSort);
  });
});
