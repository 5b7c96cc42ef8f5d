import type { Cutting } from '@baletrack/contracts/cuttings/cutting';
import type { Field } from '@baletrack/contracts/fields/field';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { yieldKeys } from '@/features/yield/api/get-field-yield';
import { YieldMapPanel } from '@/features/yield/components/yield-map-panel';
import { renderWithProviders } from '@/testing/render-with-providers';

// What the yield map's panel tells a grower: the legend in their units with the fields in each
// class, the fields without hay, and a picked field's cuttings; the colours on the map and the
// click that picks a field are checked in the yield journey.

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const square: Field['boundary'] = {
  type: 'Polygon',
  coordinates: [
    [
      [-120.5, 46.5],
      [-120.49, 46.5],
      [-120.49, 46.51],
      [-120.5, 46.5],
    ],
  ],
};
const field = (n: number, name: string): Field => ({
  id: id(n),
  name,
  sizeHectares: null,
  areaHectares: 40,
  boundary: square,
});
const fields = [field(1, 'Home Pivot'), field(2, 'Creek Bottom'), field(3, 'Dry Corner')];
const cutting = (n: number, name: string): Cutting => ({
  id: id(10 + n),
  name,
  startDate: `2025-0${4 + n}-01`,
  endDate: `2025-0${4 + n}-20`,
  fieldIds: [id(1), id(2)],
  cropId: null,
  year: 2025,
});
const cuttings = [cutting(1, '1st cutting'), cutting(2, '2nd cutting')];

const figures = (bales: number, dryMatterKgPerHectare: number) => ({
  bales,
  weightKg: bales * 600,
  dryMatterKg: bales * 500,
  weightKgPerHectare: bales > 0 ? dryMatterKgPerHectare * 1.2 : 0,
  dryMatterKgPerHectare: bales > 0 ? dryMatterKgPerHectare : 0,
  nitrogenKg: null,
  nitrogenKgPerHectare: null,
});
const cuttingRow = (n: number, bales: number, kgPerHectare: number, change: number | null) => ({
  cuttingId: id(10 + n),
  name: `${n === 1 ? '1st' : '2nd'} cutting`,
  ...figures(bales, kgPerHectare),
  previous: change === null ? null : figures(bales, kgPerHectare / (1 + change / 100)),
  changePercent: change,
});
// Only the figures the map reads (GET /yield carries more); set straight into the cache.
const answer = {
  year: 2025,
  fields: [
    {
      fieldId: id(1),
      name: 'Home Pivot',
      areaHectares: 40,
      year: figures(90, 9_000),
      previousYear: figures(80, 8_000),
      changePercent: 12.5,
      rank: 1,
      cuttings: [cuttingRow(1, 50, 5_000, 25), cuttingRow(2, 40, 4_000, null)],
    },
    {
      fieldId: id(2),
      name: 'Creek Bottom',
      areaHectares: 40,
      year: figures(50, 5_000),
      previousYear: figures(0, 0),
      changePercent: null,
      rank: 2,
      cuttings: [cuttingRow(1, 50, 5_000, -20), cuttingRow(2, 0, 0, null)],
    },
    {
      fieldId: id(3),
      name: 'Dry Corner',
      areaHectares: 40,
      year: figures(0, 0),
      previousYear: figures(0, 0),
      changePercent: null,
      rank: null,
      cuttings: [],
    },
  ],
  outsideFields: { bales: 0, weightKg: 0, dryMatterKg: 0 },
};

function renderPanel(
  options: { cuttingId?: string; fieldId?: string; data?: unknown; metric?: boolean } = {},
) {
  const onChange = vi.fn();
  const view = renderWithProviders(
    <YieldMapPanel
      year={2025}
      years={[2025, 2024]}
      cuttingId={options.cuttingId}
      cuttings={cuttings}
      fields={fields}
      fieldId={options.fieldId}
      onChange={onChange}
    />,
    {
      routerAt: '/?yieldMap=2025',
      measurementSystem: options.metric ? 'MetricSI' : 'ImperialUS',
      queryData: [[yieldKeys.year(2025), options.data ?? answer]],
    },
  );
  return { ...view, onChange };
}

const legendRows = () =>
  within(screen.getByRole('list', { name: 'Yield legend' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('the yield map panel', () => {
  it("keys a metric farm's year in t/ha, with its fields in each class and the one without hay", () => {
    renderPanel({ metric: true });
    expect(screen.getByTestId('yield-map-panel').dataset.state).toBe('ready');
    expect(screen.getByText('Dry matter per hectare, 2025')).toBeTruthy();
    // 5 and 9 t/ha: steps of 1 t/ha around their middle, 7.
    expect(legendRows()).toEqual([
      'under 6 t/ha1 field',
      '6–7 t/ha0 fields',
      '7–8 t/ha0 fields',
      '8–9 t/ha0 fields',
      '9 t/ha and over1 field',
      'No hay1 field',
    ]);
    const link = screen.getByRole('link', { name: 'Open Yield per Field' });
    expect(link.getAttribute('href')).toBe('/yield');
  });

  it("shows a picked field's cuttings of the year in tons per acre, against the year before", () => {
    renderPanel({ fieldId: id(1) });
    const details = screen.getByRole('region', { name: 'Yield of Home Pivot' });
    // 40 ha; 9 t/ha is 4.01 tons/ac.
    expect(details.textContent).toContain('98.8 ac');
    expect(details.textContent).toContain('4.01 tons/ac dry matter in 2025, +12.5 % vs 2024');
    const table = within(details).getByRole('table', { name: 'Cuttings on Home Pivot' });
    expect(within(table).getByRole('columnheader', { name: 'vs 2024' })).toBeTruthy();
    // 5 t/ha dry, 6 t/ha as baled: 2.23 and 2.68 tons/ac.
    const first = within(table).getByRole('row', { name: /1st cutting/ });
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1st cutting', '2.23', '2.68', '50', '+25 %']);
    expect(within(table).getByRole('row', { name: /2nd cutting/ }).textContent).toContain('—');
    expect(table.textContent).toContain('Dry matter and as baled in tons/ac');
  });

  it('colours a cutting by its own figures: a field without hay in it joins "No hay"', () => {
    renderPanel({ cuttingId: id(12), fieldId: id(1) });
    expect(screen.getByText('Dry matter per acre, 2nd cutting')).toBeTruthy();
    expect(legendRows().at(-1)).toBe('No hay2 fields');
    // Home Pivot alone had hay in it.
    expect(legendRows().filter((row) => row?.endsWith('1 field'))).toHaveLength(1);
    const current = screen.getByRole('row', { name: /2nd cutting/ });
    expect(current.getAttribute('aria-current')).toBe('true');
  });

  it('says so when no field had hay that year', () => {
    const bare = { ...answer, fields: answer.fields.map((f) => ({ ...f, year: figures(0, 0) })) };
    renderPanel({ data: bare });
    expect(screen.getByRole('status').textContent).toBe('No hay on your fields in 2025.');
    expect(screen.queryByRole('list', { name: 'Yield legend' })).toBeNull();
  });

  it('sends a farm without fields to draw them', () => {
    renderPanel({ data: { ...answer, fields: [] } });
    const link = screen.getByRole('link', { name: 'Draw or import your fields' });
    expect(link.getAttribute('href')).toBe('/fields');
    expect(screen.getByRole('status').textContent).toContain('Your farm has no fields yet.');
  });

  it('closes from its button and turns to another cutting from its list', async () => {
    const { user, onChange } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Close yield map' }));
    expect(onChange).toHaveBeenLastCalledWith({ year: undefined });
    await user.click(screen.getByRole('combobox', { name: 'Cutting' }));
    await user.click(screen.getByRole('option', { name: '2nd cutting' }));
    expect(onChange).toHaveBeenLastCalledWith({ cuttingId: id(12) });
  });
});
