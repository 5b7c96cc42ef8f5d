import type { StackValueResponse } from '@baletrack/contracts/inventory/inventory';
import type { StackInfoResponse } from '@baletrack/contracts/map/map';
import { defaultSettings } from '@baletrack/contracts/settings/settings';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { balesKeys } from '@/features/bales/api/bales-keys';
import { StackDetailsPanel } from '@/features/bales/components/stack-details-panel';
import { renderWithProviders } from '@/testing/render-with-providers';

// The stack's value on hand: the money when its bales are priced; otherwise why not, and where
// to set a price when that is what is missing.

const stackId = '00000000-0000-4000-8000-00000000a001';
const info: StackInfoResponse = {
  stack: {
    id: stackId,
    lat: 46.6,
    lon: -120.5,
    count: 4,
    totalWeightKg: 2000,
    dryMassKg: 1740,
    avgMoisture: 13,
    avgRfv: 160,
    avgProtein: 20,
  },
  bales: [],
  geofence: null,
};
const graded = {
  stackId,
  grade: 'legume.Premium',
  basis: 'rfv',
  gradedValue: 160,
  baleCount: 4,
  weightKg: 2000,
} as const;

function valueOnHand(value: StackValueResponse) {
  renderWithProviders(
    <StackDetailsPanel stackId={stackId} onClose={() => {}} onOpenBale={() => {}} />,
    {
      routerAt: '/',
      queryData: [
        [['settings', 'organization'], defaultSettings],
        [['fields', 'list'], { fields: [] }],
        [balesKeys.stackInfo(stackId, {}), info],
        [balesKeys.stackValue(stackId), value],
      ],
    },
  );
  return within(screen.getByRole('row', { name: /^Value on hand/ })).getByRole('cell');
}

describe('StackDetailsPanel value on hand', () => {
  it('says how to set a price when none is set for the grade', () => {
    const cell = valueOnHand({ ...graded, value: null, unpricedCount: 4 });
    expect(cell.textContent).toBe('No price set — set hay prices in Inventory');
    const link = within(cell).getByRole('link', { name: 'set hay prices in Inventory' });
    expect(link.getAttribute('href')).toBe('/inventory');
  });

  it('shows the value when the bales are priced', () => {
    const cell = valueOnHand({ ...graded, value: 1200, unpricedCount: 0 });
    expect(cell.textContent).toMatch(/1,200/);
    expect(within(cell).queryByRole('link')).toBeNull();
  });

  it('says an ungraded stack is not valued, rather than asking for a price', () => {
    const cell = valueOnHand({
      ...graded,
      grade: null,
      basis: null,
      gradedValue: null,
      value: null,
      unpricedCount: 4,
    });
    expect(cell.textContent).toBe('Not valued: the stack has no quality grade');
  });
});
