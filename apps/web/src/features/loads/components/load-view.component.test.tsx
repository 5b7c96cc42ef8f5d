import type { Role } from '@baletrack/contracts/identity/roles';
import type { LoadBale, LoadResponse, LoadStatus } from '@baletrack/contracts/loads/loads';
import { defaultSettings } from '@baletrack/contracts/settings/settings';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadView } from '@/features/loads/components/load-view';
import { renderWithProviders } from '@/testing/render-with-providers';

// A load's page as the grower reads it: its figures in the farm's units, what to check before it
// leaves, and only the actions its status and the reader's role allow (a viewer changes nothing).
// Sending the changes is the server's and the journey's.

const loadId = '00000000-0000-4000-8000-00000000b001';

const bale = (uid: string, changes: Partial<LoadBale> = {}): LoadBale => ({
  uid,
  tagSerialNumber: `TAG-${uid}`,
  creationTime: '2026-06-14T15:00:00Z',
  fieldNames: ['North Pivot'],
  weightKg: 500,
  dryMassKg: 435,
  avgMoisture: 13,
  rfv: 172,
  adf: 28,
  ndf: 38,
  protein: 21.4,
  grade: 'legume.Premium',
  basis: 'rfv',
  value: 120,
  safeMaxMoisture: 18,
  wet: false,
  belowGrade: false,
  ...changes,
});

const load = (status: LoadStatus = 'open'): LoadResponse => ({
  id: loadId,
  name: 'Miller, second cut',
  buyer: 'Miller Dairy',
  destination: 'Sunnyside, WA',
  shipDate: '2026-07-02',
  vehicle: 'Flatbed 3',
  status,
  baleCount: 4,
  weightKg: 2000,
  createdAt: '2026-06-30T10:00:00Z',
  shippedAt: null,
  notes: null,
  minGrade: 'legume.Premium',
  pricedOn: '2026-07-02',
  totals: {
    baleCount: 4,
    weightKg: 2000,
    dryMassKg: 1740,
    avgMoisture: 14.6,
    avgRfv: 165,
    avgProtein: 20.5,
    value: 1234.5,
    unpricedCount: 1,
    wetCount: 1,
    belowGradeCount: 2,
    grades: [
      { grade: 'legume.Premium', baleCount: 2, weightKg: 1000 },
      { grade: 'legume.Good', baleCount: 1, weightKg: 500 },
      { grade: null, baleCount: 1, weightKg: 500 },
    ],
  },
  bales: [
    bale('b1'),
    bale('b2', { avgMoisture: 21.3, wet: true }),
    bale('b3', { grade: 'legume.Good', belowGrade: true }),
    bale('b4', { tagSerialNumber: null, grade: null, basis: null, value: null, belowGrade: true }),
  ],
  links: [],
});

const choices = { filters: [], fields: [], cuttings: [] };

function renderLoad(
  data: LoadResponse,
  role: Role,
  settings: Partial<typeof defaultSettings> = {},
) {
  return renderWithProviders(<LoadView load={data} choices={choices} />, {
    signedInAs: role,
    routerAt: `/loads/${loadId}`,
    queryData: [[['settings', 'organization'], { ...defaultSettings, ...settings }]],
  });
}

const figure = (label: string) => screen.getByRole('group', { name: label }).textContent;
const actions = () =>
  within(screen.getByRole('group', { name: 'Load actions' }))
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('LoadView figures', () => {
  it("shows the totals in the farm's units, with the value's unpriced bales and day", () => {
    renderLoad(load(), 'viewer', { measurementSystem: 'ImperialUS' });
    expect(figure('Bales')).toContain('4');
    // 2,000 kg and 1,740 kg in short tons.
    expect(figure('Weight')).toContain('2.2 tons');
    expect(figure('Dry matter')).toContain('1.92 tons');
    expect(figure('Average moisture')).toContain('14.6 %');
    expect(figure('Average RFV')).toContain('165');
    expect(figure('Value')).toContain('1,234.50');
    expect(figure('Value')).toContain('1 unpriced · prices of 7/2/2026');
  });

  it('shows tonnes in metric and the average protein when RFV is off in Settings', () => {
    renderLoad(load(), 'viewer', { measurementSystem: 'MetricSI', rfvEnabled: false });
    expect(figure('Weight')).toContain('2 t');
    expect(figure('Average protein')).toContain('20.5 %');
    expect(screen.queryByRole('group', { name: 'Average RFV' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Protein' })).toBeTruthy();
  });

  it('warns of wet bales and bales below the grade the buyer takes', () => {
    renderLoad(load(), 'viewer');
    const warning = screen.getByRole('alert');
    expect(
      within(warning).getByText('1 bale above the safe moisture for their shape'),
    ).toBeTruthy();
    expect(within(warning).getByText('2 bales below Premium (legume)')).toBeTruthy();
  });

  it('says which bales are wet in words, not by colour alone', () => {
    renderLoad(load(), 'viewer');
    const wet = screen.getByRole('row', { name: /TAG-b2/ });
    expect(wet.textContent).toContain('21.3 %Wet: above the safe 18 % for its shape');
    expect(within(screen.getByRole('row', { name: /TAG-b1/ })).queryByText('Wet')).toBeNull();
    // An untagged bale goes by its uid.
    expect(screen.getByRole('row', { name: /^b4/ }).textContent).toContain('Ungraded');
  });

  it('lists the grade mix, ungraded last', () => {
    renderLoad(load(), 'viewer', { measurementSystem: 'MetricSI' });
    const mix = screen.getByRole('region', { name: 'Grade mix' });
    expect(
      within(mix)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Premium (legume)21', 'Good (legume)10.5', 'Ungraded10.5']);
  });
});

describe('LoadView actions', () => {
  it('offers an open load to the owner or a manager to edit, mark ready, ship or delete', () => {
    renderLoad(load('open'), 'manager');
    expect(actions()).toEqual(['Edit details', 'Mark ready', 'Ship', 'Download ticket', 'Delete']);
    expect(screen.getByRole('region', { name: 'Add bales' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Select bale TAG-b1' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Buyer links' })).toBeTruthy();
  });

  it('offers a ready load to reopen, ship or delete, its bales fixed', () => {
    renderLoad(load('ready'), 'owner');
    expect(actions()).toEqual(['Reopen', 'Ship', 'Download ticket', 'Delete']);
    expect(screen.queryByRole('region', { name: 'Add bales' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Select bale TAG-b1' })).toBeNull();
  });

  it('leaves a shipped load its ticket only', () => {
    renderLoad({ ...load('shipped'), shippedAt: '2026-07-02T14:00:00Z' }, 'owner');
    expect(actions()).toEqual(['Download ticket']);
  });

  it('shows a viewer the load and its ticket, and no way to change it', () => {
    renderLoad(load('open'), 'viewer');
    expect(actions()).toEqual(['Download ticket']);
    expect(screen.queryByRole('region', { name: 'Add bales' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Buyer links' })).toBeNull();
  });

  it('asks before shipping, saying the bales are loaded out for good', async () => {
    const { user } = renderLoad(load('ready'), 'manager');
    await user.click(screen.getByRole('button', { name: 'Ship' }));
    const dialog = screen.getByRole('dialog', { name: 'Ship Miller, second cut?' });
    expect(dialog.textContent).toContain(
      'Its 4 bales will be marked loaded out: they leave the inventory and the heat-risk watch list. This cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('LoadView buyer links', () => {
  const link = (id: string, changes: Partial<LoadResponse['links'][number]>) => ({
    id: `00000000-0000-4000-8000-00000000e00${id}`,
    url: `https://farm.example/l/token${id}`,
    createdAt: `2026-06-0${id}T10:00:00Z`,
    expiresAt: '2099-01-01T00:00:00Z',
    revokedAt: null,
    showFarmName: false,
    openCount: 0,
    lastOpenedAt: null,
    ...changes,
  });

  it('copies or revokes a live link only, and shares a new one for two weeks by default', () => {
    renderLoad(
      {
        ...load('ready'),
        links: [
          link('1', { openCount: 3, lastOpenedAt: '2026-06-02T09:00:00Z', showFarmName: true }),
          link('2', { expiresAt: '2026-06-03T10:00:00Z' }),
          link('3', { revokedAt: '2026-06-04T10:00:00Z' }),
        ],
      },
      'manager',
    );
    const items = within(screen.getByRole('list', { name: 'Links' })).getAllByRole('listitem');
    const [live, expired, revoked] = items;
    expect(live?.textContent).toContain('Opened 3 times');
    expect(live?.textContent).toContain("Shows the farm's name");
    const buttons = (item: HTMLElement | undefined) =>
      item
        ? within(item)
            .queryAllByRole('button')
            .map((b) => b.textContent)
        : [];
    expect(buttons(live)).toEqual(['Copy link', 'Revoke']);
    expect(expired?.textContent).toContain('Expired');
    expect(buttons(expired)).toEqual([]);
    expect(revoked?.textContent).toContain('Revoked');
    expect(buttons(revoked)).toEqual([]);
    const share = screen.getByRole('form', { name: 'Share with the buyer' });
    expect(within(share).getByLabelText('Days the link lasts')).toHaveProperty('value', '14');
    expect(within(share).getByRole('checkbox', { name: "Show the farm's name" })).toHaveProperty(
      'checked',
      false,
    );
  });
});
