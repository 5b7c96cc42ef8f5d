import { messages } from '@baletrack/contracts/errors/messages';
import type { Role } from '@baletrack/contracts/identity/roles';
import type { LoadRow } from '@baletrack/contracts/loads/loads';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadsRoute } from '@/app/routes/loads';
import { loadsKeys } from '@/features/loads/api/loads-keys';
import { onPhoneScreen } from '@/testing/phone-screen';
import { renderWithProviders } from '@/testing/render-with-providers';

// Loads: every user reads the list, newest first, in the farm's units; the owner or a manager
// starts a new one. On a phone each load is a card, so the page never scrolls sideways.

const loads: LoadRow[] = [
  {
    id: '00000000-0000-4000-8000-00000000b002',
    name: 'Jensen, third cut',
    buyer: 'Jensen Feedlot',
    destination: null,
    shipDate: '2026-08-20',
    vehicle: null,
    status: 'open',
    baleCount: 36,
    weightKg: 18_000,
    createdAt: '2026-08-01T10:00:00Z',
    shippedAt: null,
  },
  {
    id: '00000000-0000-4000-8000-00000000b001',
    name: 'Miller, second cut',
    buyer: null,
    destination: null,
    shipDate: null,
    vehicle: null,
    status: 'shipped',
    baleCount: 1,
    weightKg: 500,
    createdAt: '2026-06-30T10:00:00Z',
    shippedAt: '2026-07-02T14:00:00Z',
  },
];

function renderLoads(role: Role) {
  return renderWithProviders(<LoadsRoute />, {
    signedInAs: role,
    routerAt: '/loads',
    measurementSystem: 'MetricSI',
    queryData: [[loadsKeys.list(), { loads }]],
  });
}

describe('Loads', () => {
  it("lists the loads as the server orders them, in the farm's units, each linking to its page", () => {
    renderLoads('viewer');
    const rows = within(screen.getByRole('table', { name: 'Loads' })).getAllByRole('row');
    expect(screen.getByRole('columnheader', { name: 'Weight (t)' })).toBeTruthy();
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      'Jensen, third cutJensen Feedlot8/20/2026Open3618',
      'Miller, second cut——Shipped10.5',
    ]);
    expect(screen.getByRole('link', { name: 'Jensen, third cut' }).getAttribute('href')).toBe(
      '/loads/00000000-0000-4000-8000-00000000b002',
    );
  });

  it('lets the owner or a manager start a load, its name required', async () => {
    const { user } = renderLoads('manager');
    await user.click(screen.getByRole('button', { name: 'New load' }));
    const dialog = screen.getByRole('dialog', { name: 'New load' });
    const grade = within(dialog).getByLabelText(/^Lowest grade the buyer takes/);
    expect(grade).toHaveProperty('value', '');
    expect(within(grade).getAllByRole('option')[0]?.textContent).toBe('Any');
    await user.click(within(dialog).getByRole('button', { name: 'Create load' }));
    expect(await within(dialog).findByText(messages.validation.nameRequired)).toBeTruthy();
  });

  it('offers a viewer no new load', () => {
    renderLoads('viewer');
    expect(screen.queryByRole('button', { name: 'New load' })).toBeNull();
  });
});

describe('Loads on a phone', () => {
  onPhoneScreen();

  it('shows each load as a card with its status, buyer, bales and weight', () => {
    renderLoads('viewer');
    expect(screen.queryByRole('table')).toBeNull();
    const card = screen.getByRole('listitem', { name: 'Jensen, third cut' });
    expect(card.textContent).toContain('Open');
    expect(card.textContent).toContain('Jensen Feedlot · 8/20/2026');
    expect(card.textContent).toContain('36 bales · 18 t');
  });
});
