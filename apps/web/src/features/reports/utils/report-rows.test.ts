import type { Bale } from '@baletrack/contracts/bales/bale';
import { describe, expect, it } from 'vitest';
import { type ReportRow, sortRows, toReportRow } from '@/features/reports/utils/report-rows';

const row = (uid: string, values: Partial<ReportRow> = {}): ReportRow => ({
  uid,
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

  it('sorts uids as text and leaves the input alone', () => {
    expect(sortRows(rows, { key: 'uid', direction: 'desc' }).map((r) => r.uid)).toEqual([
      'C',
      'B',
      'A',
    ]);
    expect(rows.map((r) => r.uid)).toEqual(['B', 'A', 'C']);
  });
});

describe('toReportRow', () => {
  it('keeps what the table shows, the creation time as an instant', () => {
    const bale = {
      uid: 'X1',
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
