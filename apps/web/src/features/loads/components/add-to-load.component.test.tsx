import type { LoadRow } from '@baletrack/contracts/loads/loads';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadsKeys } from '@/features/loads/api/loads-keys';
import { AddToLoad, type LoadPick } from '@/features/loads/components/add-to-load';
import { renderWithProviders } from '@/testing/render-with-providers';

// "Add to a load" from the map takes a stack's bales, counted, or an area's, which only the
// server counts (every bale lying in it now); the stack's panel is checked with the stack.

const jensen: LoadRow = {
  id: '00000000-0000-4000-8000-00000000b003',
  name: 'Jensen',
  buyer: null,
  destination: null,
  shipDate: null,
  vehicle: null,
  status: 'open',
  baleCount: 0,
  weightKg: 0,
  createdAt: '2026-06-30T10:00:00Z',
  shippedAt: null,
};

async function openForm(pick: LoadPick) {
  const { user } = renderWithProviders(<AddToLoad pick={pick} />, {
    routerAt: '/',
    signedInAs: 'manager',
    queryData: [[loadsKeys.list(), { loads: [jensen] }]],
  });
  await user.click(screen.getByRole('button', { name: 'Add to a load' }));
  return { user, form: screen.getByRole('form', { name: 'Add to a load' }) };
}

describe('AddToLoad', () => {
  it("offers an area's bales to the newest open load, without a count", async () => {
    const { user, form } = await openForm({
      box: { west: -120.501, south: 46.619, east: -120.499, north: 46.621 },
    });
    expect(within(form).getByRole('combobox', { name: /^Load/ })).toHaveProperty('value', 'Jensen');
    await user.click(within(form).getByRole('button', { name: 'Add the bales in this area' }));
    // Without a session the request fails, as it would offline.
    expect(await within(form).findByText('Failed to add the bales to the load.')).toBeTruthy();
  });

  it("counts a stack's bales", async () => {
    const { form } = await openForm({ uids: ['b1', 'b2'] });
    expect(within(form).getByRole('button', { name: 'Add 2 bales' })).toBeTruthy();
  });
});
