import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { newestMail, registeredOwner, signIn, signInTo, signOut } from './support/accounts.ts';

// The owner brings a farm hand in: invites them from Sub-Accounts, the hand reads the invite
// mail, signs in with the temporary password, chooses their own, and sees the farm's map but
// not the owner's user management.

const ownerPassword = 'Owner-2026x';

test('the owner invites a farm hand, who signs in with the mailed password and cannot manage users', async ({
  page,
  request,
}) => {
  // Two accounts, three mails and four sign-ins: 41–58 s on these machines, near the default 60.
  test.setTimeout(120_000);
  const ownerEmail = await registeredOwner(request, {
    organizationName: 'Sub-Account Farm',
    password: ownerPassword,
  });
  const handEmail = `hand-${Date.now()}@example.com`;

  await signIn(page, ownerEmail, ownerPassword);
  await expect(page.getByText('Sub-Account Farm')).toBeVisible();
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Sub-Accounts' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { name: 'Sub-Accounts' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Sub-Accounts and Balers');

  const invite = page.getByRole('form', { name: 'Invite a user' });
  await invite.getByLabel('Name').fill('Jo Hand');
  await invite.getByLabel('Email').fill(handEmail);
  await invite.getByRole('button', { name: 'Invite' }).click();
  const row = page.getByRole('row', { name: new RegExp(handEmail) });
  await expect(row).toContainText('Jo Hand');
  await expect(row).toContainText('Invite sent');
  await expect(row).toContainText('Enabled');

  // Inviting the same address again is refused in the spec's words.
  await invite.getByLabel('Name').fill('Jo Again');
  await invite.getByLabel('Email').fill(handEmail);
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'User already exists' })).toBeVisible();

  // A re-sent invite replaces the temporary password; the newest mail is the one that works.
  await row.getByRole('button', { name: 'Re-send invite' }).click();
  await expect(page.getByText(`A new invite was sent to ${handEmail}.`)).toBeVisible();
  const mail = await newestMail(request, handEmail);
  expect(mail).toContain('/login');
  const temporaryPassword = /temporary password:\s+(\S+)/.exec(mail)?.[1] ?? '';
  expect(temporaryPassword).not.toBe('');
  await page.getByRole('link', { name: 'Back to the map' }).click();
  await signOut(page);

  await signIn(page, handEmail, temporaryPassword);
  await page.getByLabel('New password', { exact: true }).fill('Handpicked2026');
  await page.getByLabel('Confirm password').fill('Handpicked2026');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Sub-Account Farm')).toBeVisible();
  await expect(page.getByTestId('bale-map')).toBeVisible();

  // No user management for a sub-user: not in the menu, and the page itself says whose it is.
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'User Settings' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Sub-Accounts' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/users');
  await expect(page.getByText('Only the account owner can modify users.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Invite a user' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to the map' }).click();
  await signOut(page);

  // The owner sees the hand confirmed, disables them (sign-in refused), then deletes them.
  await signInTo(page, '/users', ownerEmail, ownerPassword);
  await expect(page.getByText('Sub-Account Farm')).toBeVisible();
  await expect(row).toContainText('Confirmed');
  await expect(row.getByRole('button', { name: 'Re-send invite' })).toHaveCount(0);
  await row.getByRole('button', { name: 'Disable' }).click();
  await expect(row).toContainText('Disabled');
  await row.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete user' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to the map' }).click();
  await signOut(page);
  await signIn(page, handEmail, 'Handpicked2026');
  await expect(page.getByText('Incorrect username or password.')).toBeVisible();
});
