import { defaultSettings } from '@baletrack/contracts/settings/settings';
import type { BaleSummaryResponse } from '@baletrack/contracts/summaries/summary';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { summariesKeys } from '@/features/summaries/api/summaries-keys';
import { SummaryPanel } from '@/features/summaries/components/summary-panel';
import { renderWithProviders } from '@/testing/render-with-providers';

const noBales: BaleSummaryResponse = {
  summary: {
    count: 0,
    totalWeightKg: 0,
    totalDryMassKg: 0,
    averages: {
      weightKg: null,
      avgMoisture: null,
      peakMoisture: null,
      rfv: null,
      adf: null,
      ndf: null,
      protein: null,
      ash: null,
      sugar: null,
    },
    maxPeakMoisture: null,
    grades: {
      legume: { Supreme: 0, Premium: 0, Good: 0, Fair: 0, Utility: 0 },
      grass: { Premium: 0, Good: 0, Fair: 0, Low: 0 },
      ungraded: 0,
    },
    aboveSafeMoistureCount: 0,
  },
};

function renderPanel() {
  return renderWithProviders(<SummaryPanel opened onClose={() => {}} />, {
    routerAt: '/',
    queryData: [
      [['settings', 'organization'], defaultSettings],
      [summariesKeys.summary({}), noBales],
    ],
  });
}

describe('SummaryPanel', () => {
  it('names its close button for screen readers', () => {
    renderPanel();
    expect(screen.getByRole('button', { name: 'Close summary' })).toBeTruthy();
  });

  it('shows the help link as a link, not inside the dimmed note', () => {
    renderPanel();
    const link = screen.getByRole('link', { name: 'About summaries' });
    const note = screen.getByText(/bales that need a subscription are not counted/);
    expect(note.contains(link)).toBe(false);
    expect(screen.getByText('No bales match the filter and dates.')).toBeTruthy();
  });
});
