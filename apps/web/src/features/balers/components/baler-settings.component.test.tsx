import type { Baler } from '@baletrack/contracts/balers/baler';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { balersKeys } from '@/features/balers/api/balers-keys';
import { BalerSettings } from '@/features/balers/components/baler-settings';
import { onPhoneScreen } from '@/testing/phone-screen';
import { renderWithProviders } from '@/testing/render-with-providers';

// Each baler's controls on Baler Settings: four buttons in its row on a desktop, one menu named
// for the baler on a phone, each opening what its button opens. Saving goes to the server:
// e2e/balers.spec.ts.

const baler = (name: string, vin: string): Baler => ({
  id: crypto.randomUUID(),
  name,
  vin,
  active: true,
  acmStatus: 'NotChecked',
  autoRenew: false,
  subscriptionExpiry: null,
  acmExpiry: null,
  authorizedEmails: [],
});
const queryData: [readonly unknown[], unknown][] = [
  [
    balersKeys.list(),
    {
      balers: [
        baler('Big square 3x4', 'BT34LSX7R2H104872'),
        baler('Round 5ft', 'BT5FRND9M1K207315'),
      ],
    },
  ],
];
const testPlace = { lat: 46.6, lon: -120.5 };

describe('BalerSettings on a desktop', () => {
  it("shows each baler's controls as buttons in its row", async () => {
    const { user } = renderWithProviders(<BalerSettings canModify testPlace={testPlace} />, {
      queryData,
    });
    const row = screen.getByRole('row', { name: /Round 5ft/ });
    for (const name of ['Months', 'Rename', 'Deactivate', 'New key', 'Remove']) {
      expect(within(row).getByRole('button', { name })).toBeTruthy();
    }
    await user.click(within(row).getByRole('button', { name: 'Rename' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename baler' });
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Round 5ft');
  });
});

describe('BalerSettings on a phone', () => {
  onPhoneScreen();

  it("gathers a baler's controls in its row menu: Months, Rename, Deactivate, New key, Remove", async () => {
    const { user } = renderWithProviders(<BalerSettings canModify testPlace={testPlace} />, {
      queryData,
    });
    const row = screen.getByRole('row', { name: /Round 5ft/ });
    expect(within(row).queryByRole('button', { name: 'Rename' })).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Actions for baler Round 5ft' }));
    expect(
      within(screen.getByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Months', 'Rename', 'Deactivate', 'New key', 'Remove']);

    await user.click(screen.getByRole('menuitem', { name: 'Rename' }));
    const rename = screen.getByRole('dialog', { name: 'Rename baler' });
    expect((within(rename).getByLabelText('Name') as HTMLInputElement).value).toBe('Round 5ft');
    await user.click(within(rename).getByRole('button', { name: 'Cancel' }));

    await user.click(within(row).getByRole('button', { name: 'Actions for baler Round 5ft' }));
    await user.click(screen.getByRole('menuitem', { name: 'Remove' }));
    expect(screen.getByRole('dialog', { name: 'Remove baler' }).textContent).toContain(
      'The bales it has made stay on the map',
    );
  });

  it("tells a farm hand why the baler's actions are disabled", async () => {
    const { user } = renderWithProviders(
      <BalerSettings canModify={false} testPlace={testPlace} />,
      { queryData },
    );
    const row = screen.getByRole('row', { name: /Big square 3x4/ });
    await user.click(within(row).getByRole('button', { name: 'Actions for baler Big square 3x4' }));
    const menu = screen.getByRole('menu');
    expect(menu.textContent).toContain('Only the account owner can modify balers.');
    // Everyone may look at a baler's subscription months; only the owner may change the baler.
    const [months, ...changes] = within(menu).getAllByRole('menuitem');
    expect(months?.textContent).toBe('Months');
    expect(months).toHaveProperty('disabled', false);
    for (const item of changes) {
      expect(item).toHaveProperty('disabled', true);
    }
    await user.click(months as HTMLElement);
    expect(
      screen.getByRole('dialog', { name: 'Subscription months: Big square 3x4' }),
    ).toBeTruthy();
  });
});
