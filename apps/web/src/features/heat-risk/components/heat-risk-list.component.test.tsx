import type { HeatRiskBale, HeatRiskEntry } from '@baletrack/contracts/heat-risk/heat-risk';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HeatRiskEntries } from '@/features/heat-risk/components/heat-risk-list';
import { renderWithProviders } from '@/testing/render-with-providers';

// The watch list reads as the server sorted it, each entry with its level and reasons; a stack
// names its worst bale and the others at risk. Fetching is the journey's (e2e/heat-risk).

function bale(uid: string, avgMoisture: number, level: HeatRiskBale['level']): HeatRiskBale {
  return {
    uid,
    tagSerialNumber: uid,
    creationTime: '2026-11-20T12:00:00Z',
    lat: 46.6,
    lon: -120.5,
    level,
    score: avgMoisture - 16,
    why: {
      avgMoisture,
      peakMoisture: avgMoisture + 2,
      safeMaxMoisture: 16,
      excessMoisture: avgMoisture - 16,
      baleSize: 'ThreeXFour',
      shape: 'LargeSquare',
      preservativeKg: 0,
      daysSinceBaling: 3,
    },
  };
}

const entries: HeatRiskEntry[] = [
  { kind: 'bale', id: 'WET-1', bale: bale('WET-1', 23, 'high') },
  {
    kind: 'stack',
    id: 'stack-7',
    lat: 46.61,
    lon: -120.49,
    baleCount: 12,
    level: 'elevated',
    score: 2,
    bales: [bale('S-1', 18, 'elevated'), bale('S-2', 17, 'elevated')],
  },
];

describe('HeatRiskEntries', () => {
  it('lists each entry in order with its level and reasons', () => {
    renderWithProviders(<HeatRiskEntries entries={entries} />, { routerAt: '/heat-risk' });
    const items = within(
      screen.getByRole('list', { name: 'Bales and stacks at risk' }),
    ).getAllByRole('listitem');
    const [first, second] = items.filter((i) => i.dataset.testid === 'heat-risk-entry');
    expect(first?.getAttribute('aria-label')).toBe('Bale WET-1');
    expect(first?.textContent).toContain('High risk');
    expect(first?.textContent).toContain('Moisture 23 %, 7 points above the safe 16 %.');
    expect(first?.textContent).toContain('Baled 3 days ago: heating peaks in the first week.');
    expect(second?.getAttribute('aria-label')).toBe('Stack of 12 bales, 2 at risk');
    expect(second?.textContent).toContain('Elevated risk');
    expect(second?.textContent).toContain('Worst bale S-1; also S-2');
    expect(second?.textContent).toContain('Moisture 18 %, 2 points above the safe 16 %.');
    // Each opens on the map with its details panel.
    expect(
      screen.getByRole('link', { name: 'Show on the map: Bale WET-1' }).getAttribute('href'),
    ).toBe('/?bale=WET-1');
    expect(
      screen
        .getByRole('link', { name: 'Show on the map: Stack of 12 bales, 2 at risk' })
        .getAttribute('href'),
    ).toBe('/?stack=stack-7');
  });

  it('says so when nothing is at risk', () => {
    renderWithProviders(<HeatRiskEntries entries={[]} />);
    expect(screen.getByText(/No bale or stack is at risk of heating/)).toBeTruthy();
  });
});
