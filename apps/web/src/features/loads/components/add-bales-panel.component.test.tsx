import { loadMessages } from '@baletrack/contracts/loads/loads';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AddBalesPanel } from '@/features/loads/components/add-bales-panel';
import { AddedBalesResult } from '@/features/loads/components/added-bales-result';
import { renderWithProviders } from '@/testing/render-with-providers';

// "Add bales" says what it did: how many bales went in and which were left out and why. Picking
// is checked by the contract before anything is sent; adding itself is the server's.

const loadId = '00000000-0000-4000-8000-00000000b001';
const north = '00000000-0000-4000-8000-00000000f001';
const south = '00000000-0000-4000-8000-00000000f002';
const choices = {
  filters: [{ id: '00000000-0000-4000-8000-00000000c001', name: 'Premium alfalfa' }],
  fields: [
    { id: north, name: 'North Pivot' },
    { id: south, name: 'South Flat' },
  ],
  cuttings: [
    { id: '00000000-0000-4000-8000-00000000d001', name: '1st cut', year: 2025, fieldIds: [north] },
    { id: '00000000-0000-4000-8000-00000000d002', name: '2nd cut', year: 2026, fieldIds: [north] },
    { id: '00000000-0000-4000-8000-00000000d003', name: '1st cut', year: 2026, fieldIds: [south] },
  ],
};

describe('AddedBalesResult', () => {
  it('says how many bales were added and what was left out and why', () => {
    renderWithProviders(
      <AddedBalesResult
        result={{
          added: 36,
          alreadyHere: 2,
          loadedOut: 1,
          inOtherLoads: [{ id: '00000000-0000-4000-8000-00000000b002', name: 'Jensen', count: 3 }],
          notFound: ['A0099', 'A0100'],
        }}
      />,
    );
    const result = screen.getByRole('status', { name: 'Added 36 bales' });
    expect(
      within(result)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual([
      '2 bales already in this load',
      '1 bale already loaded out',
      'In another load "Jensen" (3)',
      'Not found: A0099, A0100',
    ]);
  });

  it('says only how many were added when nothing was left out', () => {
    renderWithProviders(
      <AddedBalesResult
        result={{ added: 1, alreadyHere: 0, loadedOut: 0, inOtherLoads: [], notFound: [] }}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Added 1 bale');
  });
});

describe('AddBalesPanel', () => {
  it('asks for the bales when no tag is typed', async () => {
    const { user } = renderWithProviders(<AddBalesPanel loadId={loadId} {...choices} />);
    await user.click(screen.getByRole('button', { name: 'Add bales' }));
    expect(await screen.findByText(loadMessages.pickOne)).toBeTruthy();
  });

  it('sends typed tags, and says when the bales could not be added', async () => {
    const { user } = renderWithProviders(<AddBalesPanel loadId={loadId} {...choices} />);
    await user.type(screen.getByLabelText(/^Tags/), 'A0041, A0042');
    await user.click(screen.getByRole('button', { name: 'Add bales' }));
    // Without a session the request fails, as it would offline.
    expect(await screen.findByText('Failed to add the bales.')).toBeTruthy();
  });

  it("offers a field's own cuttings, newest crop year first, once the field is chosen", async () => {
    const { user } = renderWithProviders(<AddBalesPanel loadId={loadId} {...choices} />);
    await user.click(screen.getByRole('radio', { name: 'Field and cutting' }));
    const cutting = screen.getByRole('combobox', { name: /^Cutting/ });
    expect(cutting).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('combobox', { name: /^Field$/ }));
    await user.click(await screen.findByRole('option', { name: 'North Pivot' }));
    expect(cutting).toHaveProperty('disabled', false);
    await user.click(cutting);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['2nd cut (2026)', '1st cut (2025)']);
  });

  it('picks from the saved filters', async () => {
    const { user } = renderWithProviders(<AddBalesPanel loadId={loadId} {...choices} />);
    await user.click(screen.getByRole('radio', { name: 'Saved filter' }));
    await user.click(screen.getByRole('button', { name: 'Add bales' }));
    expect(await screen.findByText(loadMessages.pickOne)).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: 'Saved filter' }));
    expect(await screen.findByRole('option', { name: 'Premium alfalfa' })).toBeTruthy();
  });
});
