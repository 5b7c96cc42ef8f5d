import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HomeAreaPanel } from '@/app/routes/home-area-panel';
import { loadsKeys } from '@/features/loads/api/loads-keys';
import { renderWithProviders } from '@/testing/render-with-providers';

// An area drawn on the map opens its panel: its bales offered to a load, and a way out of the
// selection (Cancel, or the panel's close button).

const box = { west: -120.501, south: 46.619, east: -120.499, north: 46.621 };

function areaPanel() {
  let cancelled = 0;
  const rendered = renderWithProviders(<HomeAreaPanel box={box} onCancel={() => cancelled++} />, {
    routerAt: '/',
    signedInAs: 'owner',
    queryData: [[loadsKeys.list(), { loads: [] }]],
  });
  return { ...rendered, cancelled: () => cancelled };
}

describe('HomeAreaPanel', () => {
  it("offers the area's bales to a load, and leaves by Cancel or the close button", async () => {
    const { user, cancelled } = areaPanel();
    const panel = screen.getByRole('region', { name: 'Bales in this area' });
    expect(within(panel).getByRole('heading', { name: 'Bales in this area' })).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Add to a load' }));
    // No open load: a new one, by name.
    expect(within(panel).getByLabelText("New load's name")).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Add the bales in this area' })).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    await user.click(within(panel).getByRole('button', { name: 'Close bales in this area' }));
    expect(cancelled()).toBe(2);
  });
});
