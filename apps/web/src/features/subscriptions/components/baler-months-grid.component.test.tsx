import type { Pricing } from '@baletrack/contracts/subscriptions/billing';
import type { GridMonth } from '@baletrack/contracts/subscriptions/subscription';
import { monthOf } from '@baletrack/domain/subscriptions/month';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { subscriptionsKeys } from '@/features/subscriptions/api/subscriptions-keys';
import { BalerMonthsGrid } from '@/features/subscriptions/components/baler-months-grid';
import { renderWithProviders } from '@/testing/render-with-providers';

// A baler's months offer only what the wallet can pay for: with no credit, free months are not
// buttons, and the grid says where credits come from on this server. Changing months is the
// journeys' (e2e/subscriptions).

const balerId = '00000000-0000-4000-8000-0000000000b1';
const current = monthOf(Date.now());
const year = Number(current.slice(0, 4));
const later = monthOf(Date.UTC(year + 1, 0, 15));
const lastAugust = monthOf(Date.UTC(year - 1, 7, 15));
const months: GridMonth[] = [
  { month: lastAugust, state: 'free' },
  { month: current, state: 'free' },
  { month: later, state: 'scheduled' },
];

function renderGrid(balance: number, pricing: Pricing) {
  return renderWithProviders(<BalerMonthsGrid balerId={balerId} canModify />, {
    queryData: [
      [
        subscriptionsKeys.baler(balerId),
        { balerId, name: 'Big square', vin: 'BT34LSX7R2H104872', autoRenew: false, months },
      ],
      [subscriptionsKeys.wallet(), { balance, entries: [] }],
      [subscriptionsKeys.pricing(), pricing],
    ],
  });
}

const freeMonth = () => screen.queryAllByRole('button', { name: /: Free$/ })[0] ?? null;

describe('BalerMonthsGrid', () => {
  it('offers free months while the wallet has credits', () => {
    renderGrid(2, { billing: 'on', payments: 'not-configured' });
    expect(freeMonth()).not.toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('offers no free month with an empty wallet, and says an operator grants credits', () => {
    renderGrid(0, { billing: 'on', payments: 'not-configured' });
    expect(freeMonth()).toBeNull();
    expect(screen.getAllByRole('img', { name: /: Free$/ })).toHaveLength(2);
    expect(screen.getByRole('status').textContent).toBe(
      'The wallet is empty, and this server takes no payments: its operator grants credits.',
    );
    // A scheduled month can still be taken back: that returns a credit.
    expect(screen.getByRole('button', { name: /: Scheduled$/ })).toBeTruthy();
  });

  it('sends an owner with an empty wallet to buy credits where payments are taken', () => {
    renderGrid(0, {
      billing: 'on',
      payments: 'configured',
      pricePerCreditCents: 2500,
      currency: 'usd',
    });
    expect(freeMonth()).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(
      'The wallet is empty. Buy credits to apply months.',
    );
  });

  it('asks before a month that is over, since its credit counts at once', async () => {
    const { user } = renderGrid(1, { billing: 'on', payments: 'not-configured' });
    const august = screen.getAllByRole('button', { name: /: Free$/ })[0] as HTMLElement;
    await user.click(august);
    const dialog = screen.getByRole('dialog', { name: /^Apply Aug \d{4} now\?$/ });
    expect(dialog.textContent).toContain('which is over. It counts at once');
  });
});
