import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { mailedCode, newestMail, registeredOwner, signIn, signOut } from './support/accounts.ts';

// Passwords: a grower who forgot theirs resets it with a mailed code; a signed-in grower
// changes theirs from User Settings. Both then sign in with the new password only.

test('a grower who forgot their password resets it with the mailed code', async ({
  page,
  request,
}) => {
  const email = await registeredOwner(request, {
    organizationName: 'Password Farm',
    password: 'Original2026',
    prefix: 'pw',
  });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  // Read once the code is sent: earlier, the newest mail is still the registration's code.
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();

  await page.getByLabel('Confirmation code').fill(await mailedCode(request, email));
  await page.getByLabel('New password', { exact: true }).fill('Renewed2026');
  await page.getByLabel('Confirm password').fill('Renewed2026');
  await page.getByRole('button', { name: 'Reset password' }).click();
  // Left only once the reset is done: leaving earlier aborts its request.
  await expect(page.getByText(/Your password has been reset/)).toBeVisible();

  await signIn(page, email, 'Original2026');
  await expect(page.getByText('Incorrect username or password.')).toBeVisible();
  await signIn(page, email, 'Renewed2026');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Password Farm')).toBeVisible();
});

test('a grower on a phone signs in with a code mailed to them, no password', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = await registeredOwner(request, {
    organizationName: 'Code Farm',
    password: 'Forgotten2026',
    prefix: 'code',
  });
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in with a code' })).toBeVisible();
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page.getByText(`If ${email} has an account, we mailed it a code.`)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the sign-in code step on a phone');

  // Once the sign-in mail is the newest (the registration's code came before it).
  await expect.poll(() => newestMail(request, email)).toContain('sign in to Baletrack');
  const code = await mailedCode(request, email);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await page.getByLabel('Sign-in code').fill(wrong);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText(/That code is not right/)).toBeVisible();
  await page.getByLabel('Sign-in code').fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  // Signed in as the new farm's owner: its map opens with the first steps to take.
  await expect(page.getByRole('heading', { name: 'See your bales on the map' })).toBeVisible();
});

test('a signed-in grower changes their password from User Settings', async ({ page, request }) => {
  const email = await registeredOwner(request, {
    organizationName: 'Password Farm',
    password: 'Before2026x',
    prefix: 'pw',
  });
  await signIn(page, email, 'Before2026x');
  await expect(page.getByText('Password Farm')).toBeVisible();

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'User Settings' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Current password').fill('Wrong-guess1');
  await dialog.getByLabel('New password', { exact: true }).fill('After2026x');
  await dialog.getByLabel('Confirm password').fill('After2026x');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  // The problem is named where it is, and goes once corrected.
  const wrong = dialog.getByText('This is not your current password.');
  await expect(wrong).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the change-password dialog with its message');
  await dialog.getByLabel('Current password').fill('Before2026x');
  await expect(wrong).toBeHidden();
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog).toBeHidden();

  await signOut(page);
  await signIn(page, email, 'After2026x');
  await expect(page).toHaveURL(/\/$/);
});
