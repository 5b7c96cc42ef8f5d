import type { Cutting } from '@baletrack/contracts/cuttings/cutting';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cuttingsKeys } from '@/features/cuttings/api/cuttings-keys';
import { CuttingsPanel } from '@/features/cuttings/components/cuttings-panel';
import { onPhoneScreen } from '@/testing/phone-screen';
import { renderWithProviders } from '@/testing/render-with-providers';

// A cutting's Edit and Delete on a phone: one menu named for the cutting in its row, as the
// buttons do on a desktop; a delete is confirmed in the same menu.

const field = { id: '00000000-0000-4000-8000-0000000000f1', name: 'North 40' };
const cutting: Cutting = {
  id: '00000000-0000-4000-8000-0000000000a1',
  name: '2026 Alfalfa 1st cutting',
  startDate: '2026-05-20',
  endDate: '2026-05-27',
  fieldIds: [field.id],
  cropId: null,
  year: 2026,
};
const panel = <CuttingsPanel initialYear={2026} fields={[field]} crops={[]} />;
const options = {
  signedInAs: 'manager' as const,
  queryData: [[cuttingsKeys.year(2026), { cuttings: [cutting] }]] as [
    readonly unknown[],
    unknown,
  ][],
};

describe('CuttingsPanel on a desktop', () => {
  it("shows a cutting's Edit and Delete as buttons in its row", () => {
    renderWithProviders(panel, options);
    const row = screen.getByRole('row', { name: /2026 Alfalfa 1st cutting/ });
    expect(within(row).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Delete' })).toBeTruthy();
  });
});

describe('CuttingsPanel on a phone', () => {
  onPhoneScreen();
  const openMenu = async (user: ReturnType<typeof renderWithProviders>['user']) => {
    const row = screen.getByRole('row', { name: /2026 Alfalfa 1st cutting/ });
    await user.click(
      within(row).getByRole('button', { name: 'Actions for cutting 2026 Alfalfa 1st cutting' }),
    );
    return row;
  };

  it("opens the cutting's form from its row menu", async () => {
    const { user } = renderWithProviders(panel, options);
    await openMenu(user);
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit 2026 Alfalfa 1st cutting' });
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe(cutting.name);
  });

  it("asks to confirm a delete in the row's menu", async () => {
    const { user } = renderWithProviders(panel, options);
    const row = await openMenu(user);
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(
      within(screen.getByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Delete 2026 Alfalfa 1st cutting', 'Keep']);
    await user.click(screen.getByRole('menuitem', { name: 'Keep' }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Keep' })).toBeNull();
  });

  it('shows a viewer no row menu', () => {
    renderWithProviders(panel, { ...options, signedInAs: 'viewer' });
    expect(screen.getByRole('row', { name: /2026 Alfalfa 1st cutting/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).toBeNull();
  });
});
