import type { Bale } from '@baletrack/contracts/bales/bale';
import { messages } from '@baletrack/contracts/errors/messages';
import type { Role } from '@baletrack/contracts/identity/roles';
import type { StackValueResponse } from '@baletrack/contracts/inventory/inventory';
import type { LoadRow } from '@baletrack/contracts/loads/loads';
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

// "Add to a load" (owner or manager): the stack's bales into an open load or a new one.

const bale = (uid: string): Bale => ({
  uid,
  tagSerialNumber: `TAG-${uid}`,
  creationTime: '2026-06-14T15:00:00Z',
  creationLocation: { lat: 46.6, lon: -120.5 },
  currentLocation: { lat: 46.6, lon: -120.5 },
  updateTime: null,
  weightKg: 500,
  dryMassKg: 435,
  avgMoisture: 13,
  peakMoisture: 15,
  protein: 20,
  ash: null,
  sugar: null,
  temperature: null,
  measurementQuality: null,
  baleLengthMeters: 2.4,
  baleDiameterMeters: null,
  cutLengthMM: null,
  flakeCount: null,
  appliedPreservativeKg: 0,
  baleSize: 'ThreeXFour',
  rfv: 160,
  adf: 30,
  ndf: 40,
  balerVin: '1HAYBALER0000001',
  loadType: null,
  fieldUIDs: [],
  bindingMode: 'TwineAndMesh',
  wrapsPerBale: null,
  stackType: null,
  missingTags: false,
});

const loadRow = (id: string, name: string, status: LoadRow['status']): LoadRow => ({
  id,
  name,
  buyer: null,
  destination: null,
  shipDate: null,
  vehicle: null,
  status,
  baleCount: 0,
  weightKg: 0,
  createdAt: '2026-06-30T10:00:00Z',
  shippedAt: null,
});

function stackPanel(role: Role) {
  return renderWithProviders(
    <StackDetailsPanel stackId={stackId} onClose={() => {}} onOpenBale={() => {}} />,
    {
      routerAt: '/',
      signedInAs: role,
      queryData: [
        [['settings', 'organization'], defaultSettings],
        [['fields', 'list'], { fields: [] }],
        [balesKeys.stackInfo(stackId, {}), { ...info, bales: ['b1', 'b2', 'b3', 'b4'].map(bale) }],
        [balesKeys.stackValue(stackId), { ...graded, value: 1200, unpricedCount: 0 }],
        [
          ['loads', 'list'],
          {
            loads: [
              loadRow('00000000-0000-4000-8000-00000000b003', 'Jensen', 'open'),
              loadRow('00000000-0000-4000-8000-00000000b002', 'Miller', 'ready'),
              loadRow('00000000-0000-4000-8000-00000000b001', 'Old load', 'shipped'),
            ],
          },
        ],
      ],
    },
  );
}

describe('StackDetailsPanel add to a load', () => {
  it("offers the stack's bales to the open loads, or a new one by name", async () => {
    const { user } = stackPanel('manager');
    await user.click(screen.getByRole('button', { name: 'Add to a load' }));
    const form = screen.getByRole('form', { name: 'Add to a load' });
    const load = within(form).getByRole('combobox', { name: /^Load/ });
    // The newest open load until another is picked.
    expect(load).toHaveProperty('value', 'Jensen');
    await user.click(load);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Jensen',
      'A new load…',
    ]);
    await user.click(screen.getByRole('option', { name: 'A new load…' }));
    await user.click(within(form).getByRole('button', { name: 'Add 4 bales' }));
    // A new load needs its name first.
    expect(await within(form).findByText(messages.validation.nameRequired)).toBeTruthy();
    await user.type(within(form).getByLabelText("New load's name"), 'Jensen, third cut');
    await user.click(within(form).getByRole('button', { name: 'Add 4 bales' }));
    // Without a session the request fails, as it would offline.
    expect(await within(form).findByText('Failed to add the bales to the load.')).toBeTruthy();
  });

  it('offers a viewer no way to add the stack to a load', () => {
    stackPanel('viewer');
    expect(screen.getByRole('list', { name: 'Bales in this stack' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add to a load' })).toBeNull();
  });
});
