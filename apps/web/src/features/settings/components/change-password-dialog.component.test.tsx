import { messages } from '@baletrack/contracts/errors/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChangePasswordDialog } from '@/features/settings/components/change-password-dialog';
import { renderWithProviders } from '@/testing/render-with-providers';

// What a grower reads before the user pool is asked: the problem at its field, gone once
// corrected. The pool's own refusals (a wrong current password) are in e2e/password.spec.ts.

function renderDialog() {
  const view = renderWithProviders(<ChangePasswordDialog opened onClose={() => {}} />);
  const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });
  return { ...view, field };
}

describe('ChangePasswordDialog', () => {
  it('asks for the current password when it is left empty', async () => {
    const { user, field } = renderDialog();
    await user.type(field('New password'), 'Meadow-2027x');
    await user.type(field('Confirm password'), 'Meadow-2027x');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(messages.validation.passwordRequired)).toBeTruthy();
  });

  it('says what a weak new password lacks', async () => {
    const { user, field } = renderDialog();
    await user.type(field('Current password'), 'Old-pass-2026');
    await user.type(field('New password'), 'meadow-twenty');
    await user.type(field('Confirm password'), 'meadow-twenty');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(messages.validation.passwordNeedsNumber)).toBeTruthy();
  });

  it('says when the two new passwords differ, and clears it once corrected', async () => {
    const { user, field } = renderDialog();
    await user.type(field('Current password'), 'Old-pass-2026');
    await user.type(field('New password'), 'Meadow-2027x');
    await user.type(field('Confirm password'), 'Meadow-2027y');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(messages.validation.passwordsDoNotMatch)).toBeTruthy();
    await user.type(field('Confirm password'), '{Backspace}x');
    expect(screen.queryByText(messages.validation.passwordsDoNotMatch)).toBeNull();
  });
});
