import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReportBalesTable } from '@/features/reports/components/report-bales-table';
import type { ReportRow } from '@/features/reports/utils/report-rows';
import { displayUnits } from '@/lib/display-units';
import { renderWithProviders } from '@/testing/render-with-providers';

// The report's table names bales as the map does, by their tag serial number; a bale without a
// tag is named by its uid. Rows arrive in the server's order (by uid).

const row = (uid: string, tag: string | null, weightKg: number): ReportRow => ({
  uid,
  tag,
  createdMs: Date.parse('2025-06-02T14:31:07Z'),
  baleSize: 'FourXFour',
  weightKg,
  dryMassKg: weightKg * 0.86,
  avgMoisture: 14,
  rfv: 150,
  protein: 18,
  loadType: 'internal',
});

const rows = [
  row('0a1f-uid', 'T-0300', 510),
  row('1b2e-uid', null, 480),
  row('2c3d-uid', 'T-0100', 620),
  row('3d4c-uid', 'T-0200', 455),
];

// The virtualizer draws the rows that fit its scroller, which happy-dom gives no size.
const sizes = ['clientHeight', 'clientWidth'] as const;
beforeEach(() => {
  for (const size of sizes) {
    Object.defineProperty(HTMLElement.prototype, size, { configurable: true, value: 520 });
  }
});
afterEach(() => {
  for (const size of sizes) Reflect.deleteProperty(HTMLElement.prototype, size);
});

function renderTable() {
  renderWithProviders(
    <ReportBalesTable
      rows={rows}
      rowCount={rows.length}
      done
      units={displayUnits('MetricSI')}
      rfvEnabled
    />,
  );
  return screen.getByRole('table', { name: 'Bales' });
}

/** The first cell of each bale's row (the spacer rows around them carry no row index). */
const firstCells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .filter((r) => Number(r.getAttribute('aria-rowindex')) > 1)
    .map((r) => within(r).getAllByRole('cell')[0]?.textContent);

describe('ReportBalesTable', () => {
  it('names bales by tag, in tag order, untagged ones by uid and last', () => {
    const table = renderTable();
    expect(firstCells(table)).toEqual(['T-0100', 'T-0200', 'T-0300', '1b2e-uid']);
    const header = within(table).getByRole('columnheader', { name: /Bale/ });
    expect(header.getAttribute('aria-sort')).toBe('ascending');
  });

  it('sorts by tag the other way, untagged bales still last', () => {
    const table = renderTable();
    fireEvent.click(within(table).getByRole('button', { name: 'Sort by Bale' }));
    expect(firstCells(table)).toEqual(['T-0300', 'T-0200', 'T-0100', '1b2e-uid']);
  });
});
