import { defaultSettings } from '@baletrack/contracts/settings/settings';
import type { FieldYieldResponse } from '@baletrack/contracts/yield/yield';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { yieldKeys } from '@/features/yield/api/get-field-yield';
import { FieldYieldPanel } from '@/features/yield/components/field-yield-panel';
import { renderWithProviders } from '@/testing/render-with-providers';

// What the Yield per Field page says in the states a new or a metric farm meets; the figures
// themselves are checked against the API's answer in the yield journey.

const none = { bales: 0, weightKg: 0, dryMatterKg: 0 };
const figures = (dryMatterKgPerHectare: number) => ({
  bales: 10,
  weightKg: 6_000,
  dryMatterKg: 5_000,
  weightKgPerHectare: 1.2 * dryMatterKgPerHectare,
  dryMatterKgPerHectare,
  nitrogenKg: 150,
  nitrogenKgPerHectare: dryMatterKgPerHectare / 35,
  // Half the dry matter in a cutting with a crop, at 6 kg P2O5 and 30 kg K2O a tonne of it.
  cropDryMatterKg: 2_500,
  p2o5Kg: 15,
  p2o5KgPerHectare: (dryMatterKgPerHectare / 2000) * 6,
  k2oKg: 75,
  k2oKgPerHectare: (dryMatterKgPerHectare / 2000) * 30,
});
const noHay = {
  ...none,
  weightKgPerHectare: 0,
  dryMatterKgPerHectare: 0,
  nitrogenKg: null,
  nitrogenKgPerHectare: null,
  cropDryMatterKg: 0,
  p2o5Kg: null,
  p2o5KgPerHectare: null,
  k2oKg: null,
  k2oKgPerHectare: null,
};

function renderPanel(answer: FieldYieldResponse, system = defaultSettings.measurementSystem) {
  return renderWithProviders(<FieldYieldPanel years={[2025, 2024]} initialYear={2025} />, {
    routerAt: '/yield',
    measurementSystem: system,
    queryData: [[yieldKeys.year(2025), answer]],
  });
}

describe('Yield per Field', () => {
  it('sends a farm without fields to draw them', () => {
    renderPanel({ year: 2025, fields: [], outsideFields: none });
    const link = screen.getByRole('link', { name: 'Draw or import your fields' });
    expect(link.getAttribute('href')).toBe('/fields');
    expect(screen.getByRole('button', { name: 'Download CSV' })).toHaveProperty('disabled', true);
  });

  it('says when no bale lies on a field, and how many lie in none', () => {
    renderPanel({
      year: 2025,
      fields: [
        {
          fieldId: '00000000-0000-4000-8000-000000000001',
          name: 'Home Pivot',
          areaHectares: 40,
          year: noHay,
          previousYear: noHay,
          changePercent: null,
          rank: null,
          cuttings: [],
        },
      ],
      outsideFields: { bales: 12, weightKg: 7_000, dryMatterKg: 6_000 },
    });
    expect(screen.getByText('No bales on your fields in 2025.')).toBeTruthy();
    expect(screen.getByText(/12 bales of 2025 .*lie in no field and count in none/)).toBeTruthy();
  });

  it('says there is nothing to compare in a field’s first year, in no colour of gain or loss', () => {
    renderPanel({
      year: 2025,
      fields: [
        {
          fieldId: '00000000-0000-4000-8000-000000000003',
          name: 'New Ground',
          areaHectares: 20,
          year: figures(4_000),
          previousYear: noHay,
          changePercent: null,
          rank: 1,
          cuttings: [],
        },
      ],
      outsideFields: none,
    });
    const card = screen.getByRole('article', { name: 'New Ground' });
    const badge = within(card).getByText('No 2024 to compare');
    expect(badge.closest('.mantine-Badge-root')?.getAttribute('style') ?? '').toContain('gray');
  });

  it('shows a metric farm tonnes per hectare and a fall with a minus sign', () => {
    renderPanel(
      {
        year: 2025,
        fields: [
          {
            fieldId: '00000000-0000-4000-8000-000000000001',
            name: 'Home Pivot',
            areaHectares: 40,
            year: figures(5_250),
            previousYear: figures(6_300),
            changePercent: (5_250 / 6_300 - 1) * 100,
            rank: 1,
            cuttings: [
              {
                cuttingId: '00000000-0000-4000-8000-000000000002',
                name: '1st cutting',
                ...figures(2_000),
                previous: figures(2_500),
                changePercent: -20,
              },
            ],
          },
        ],
        outsideFields: none,
      },
      'MetricSI',
    );
    const card = screen.getByRole('article', { name: 'Home Pivot' });
    expect(within(card).getByRole('heading').textContent).toBe('1. Home Pivot');
    expect(card.textContent).toContain('5.25 t/ha');
    // 5,250 / 35 kg of nitrogen a hectare; per cutting 2,000 / 35.
    expect(card.textContent).toContain('Removed N 150 · P₂O₅ 16 · K₂O 79 kg/ha');
    // Half the year's dry matter lay in cuttings with a crop: the card says what P and K count.
    expect(card.textContent).toContain('Phosphate and potash count the 2.5 t of dry matter');
    expect(within(card).getByRole('columnheader', { name: 'N removed, kg/ha' })).toBeTruthy();
    expect(card.textContent).toContain('−16.7 % vs 2024');
    const row = within(card).getByRole('row', { name: /1st cutting/ });
    expect(row.textContent).toContain('−20 %');
    expect(row.textContent).toContain('57');
    expect(within(card).getByRole('columnheader', { name: 't/ha' })).toBeTruthy();
  });
});
