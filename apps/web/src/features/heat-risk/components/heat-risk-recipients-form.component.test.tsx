import type { SubAccount } from '@baletrack/contracts/users/sub-account';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { heatRiskKeys } from '@/features/heat-risk/api/heat-risk-keys';
import { HeatRiskRecipientsForm } from '@/features/heat-risk/components/heat-risk-recipients-form';
import { renderWithProviders } from '@/testing/render-with-providers';

// The owner's choice of who else gets the daily heat-risk mail: each person of the organization
// a box, the stored choice ticked, a disabled person marked as getting no mail. Saving goes to
// the server: apps/server/test/heat-risk.

const hand = (id: string, email: string, enabled = true): SubAccount => ({
  id,
  name: null,
  email,
  status: 'confirmed',
  enabled,
  groups: ['AccountsViewer'],
  role: 'viewer',
});
const ana = '00000000-0000-4000-8000-0000000000a1';
const ben = '00000000-0000-4000-8000-0000000000b2';

describe('HeatRiskRecipientsForm', () => {
  it('ticks the stored choice and says who gets no mail', () => {
    renderWithProviders(<HeatRiskRecipientsForm />, {
      signedInAs: 'owner',
      people: [hand(ana, 'ana@farm.example'), hand(ben, 'ben@farm.example', false)],
      queryData: [[heatRiskKeys.recipients(), { userIds: [ana] }]],
    });
    const anaBox = screen.getByLabelText('ana@farm.example') as HTMLInputElement;
    const benBox = screen.getByLabelText(
      'ben@farm.example (disabled: gets no mail)',
    ) as HTMLInputElement;
    expect(anaBox.checked).toBe(true);
    expect(benBox.checked).toBe(false);
    expect(screen.getByRole('button', { name: 'Save recipients' })).toBeTruthy();
  });

  it('sends an owner with no one else to Sub-Accounts instead of showing an empty choice', () => {
    renderWithProviders(<HeatRiskRecipientsForm />, {
      signedInAs: 'owner',
      people: [],
      queryData: [[heatRiskKeys.recipients(), { userIds: [] }]],
    });
    expect(screen.getByText(/invite people under Sub-Accounts/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save recipients' })).toBeNull();
  });
});
