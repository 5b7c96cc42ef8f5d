import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { newestMail, signIn, signOut } from './support/accounts.ts';
import { demoOwner, openMenuItem } from './support/demo-map.ts';

// The demo owner registers a spare VIN (the embedded default checks a VIN's form only:
// BALER_PROVIDER=vin-check), sees its ingest key once, renames it, switches it off, re-keys and
// removes it; the spec's refusals show in its words. A farm hand invited to the demo farm sees
// Baler Settings with every control disabled.

const spareVin = 'BT34LSX7R2H104901';
// A North American VIN whose check digit (9th character) does not add up: a typo.
const mistypedVin = '1M8GDM9A1KP042788';

/** What the ingest API says to a key: 400 for the empty batch means the key was accepted. */
async function ingestStatus(request: APIRequestContext, apiKey: string): Promise<number> {
  const response = await request.post('/ingest/v1/bales', {
    headers: { 'x-api-key': apiKey },
    data: { bales: [] },
  });
  return response.status();
}

/** Reads the key from the one-time dialog, copies it, and closes the dialog. */
async function takeKey(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Ingest key' });
  await expect(dialog.getByText("You won't see this key again")).toBeVisible();
  const apiKey = await dialog.getByLabel('Ingest key').inputValue();
  expect(apiKey).toMatch(/^bt_/);
  await dialog.getByRole('button', { name: 'Copy key' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(apiKey);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  return apiKey;
}

test('the demo owner registers a spare VIN and manages it; a farm hand only looks', async ({
  page,
  context,
  request,
}) => {
  // A long journey with two sign-ins on a busy machine.
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, demoOwner.email, demoOwner.password);
  await expect(page).toHaveURL(/\/$/);
  await openMenuItem(page, 'Baler Settings');
  await expect(page).toHaveURL(/\/balers$/);
  await expect(page.getByRole('heading', { name: 'Baler Settings' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Baler Settings');
  const balers = page.getByRole('table', { name: 'Balers' });
  const form = page.getByRole('form', { name: 'Register a baler' });

  // The VIN's format is checked before anything is asked.
  await form.getByLabel('VIN').fill('SHORT');
  await form.getByRole('button', { name: 'Check VIN' }).click();
  await expect(form.getByText('Enter a valid 17-character VIN.')).toBeVisible();

  // The provider's verdict first, then the registration and its key, shown once.
  await form.getByLabel('VIN').fill(spareVin.toLowerCase());
  await form.getByRole('button', { name: 'Check VIN' }).click();
  await expect(form.getByRole('status')).toContainText(
    `${spareVin} is a well-formed VIN. No connectivity provider checks it on this server.`,
  );
  await form.getByLabel('Name').fill('Spare square');
  await form.getByRole('button', { name: 'Register' }).click();
  const firstKey = await takeKey(page);
  // Gone from the page once the dialog is closed.
  await expect(page.getByLabel('Ingest key')).toHaveCount(0);
  expect(await page.content()).not.toContain(firstKey);
  expect(await ingestStatus(request, firstKey)).toBe(400);
  const row = balers.getByRole('row', { name: new RegExp(spareVin) });
  await expect(row).toContainText('Spare square');
  await expect(row).toContainText('ACM not checked');
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await expect(form.getByLabel('VIN')).toHaveValue('');

  // Rename, then switch off: its key is refused until it is switched on again.
  await row.getByRole('button', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename baler' });
  await rename.getByLabel('Name').fill('Spare round');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(rename).toBeHidden();
  await expect(row).toContainText('Spare round');
  await row.getByRole('button', { name: 'Deactivate' }).click();
  await expect(row.getByText('Inactive', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Activate' })).toBeVisible();
  expect(await ingestStatus(request, firstKey)).toBe(401);

  // The spec's refusals, verbatim.
  await form.getByLabel('VIN').fill(spareVin);
  await form.getByLabel('Name').fill('Twice');
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'This VIN is already registered to your account.',
  );
  await form.getByLabel('VIN').fill(mistypedVin);
  await form.getByRole('button', { name: 'Check VIN' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'This VIN does not add up: its 9th character, the check digit, does not match the rest. ' +
      'Check it for typos.',
  );
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(form.getByRole('alert')).toContainText('This VIN does not add up');
  await expect(balers.getByRole('row', { name: new RegExp(mistypedVin) })).toHaveCount(0);

  // A new key replaces the old one, after a confirmation.
  await row.getByRole('button', { name: 'Activate' }).click();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'New key' }).click();
  await page.getByRole('button', { name: 'Issue new key' }).click();
  const secondKey = await takeKey(page);
  expect(secondKey).not.toBe(firstKey);
  expect(await ingestStatus(request, firstKey)).toBe(401);
  expect(await ingestStatus(request, secondKey)).toBe(400);

  // Removing says what becomes of the bales and months, and frees the VIN.
  await row.getByRole('button', { name: 'Remove' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove baler' });
  await expect(remove).toContainText('The bales it has made stay on the map');
  await expect(remove).toContainText('months scheduled for later are cancelled and their');
  await expect(remove).toContainText('credits go back to the wallet');
  await remove.getByRole('button', { name: 'Remove' }).click();
  await expect(remove).toBeHidden();
  await expect(row).toHaveCount(0);
  expect(await ingestStatus(request, secondKey)).toBe(401);

  // The owner brings in a farm hand through Sub-Accounts and Balers.
  const handEmail = `baler-hand-${Date.now()}@example.com`;
  await page.getByRole('link', { name: 'Back to the map' }).click();
  await openMenuItem(page, 'Sub-Accounts and Balers');
  await expect(page.getByRole('heading', { name: 'Balers', exact: true })).toBeVisible();
  const invite = page.getByRole('form', { name: 'Invite a user' });
  await invite.getByLabel('Name').fill('Baler Hand');
  await invite.getByLabel('Email').fill(handEmail);
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByRole('row', { name: new RegExp(handEmail) })).toBeVisible();
  const temporaryPassword =
    /temporary password:\s+(\S+)/.exec(await newestMail(request, handEmail))?.[1] ?? '';
  expect(temporaryPassword).not.toBe('');
  await page.getByRole('link', { name: 'Back to the map' }).click();
  await signOut(page);

  await signIn(page, handEmail, temporaryPassword);
  await page.getByLabel('New password', { exact: true }).fill('Balerhand2026');
  await page.getByLabel('Confirm password').fill('Balerhand2026');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page).toHaveURL(/\/$/);
  await openMenuItem(page, 'Baler Settings');
  await expect(page.getByText('Only the account owner can modify balers.')).toBeVisible();
  // The demo farm's own balers, with every control visible and disabled.
  const firstRow = balers.getByRole('row').nth(1);
  await expect(firstRow).toContainText('ACM');
  for (const name of ['Rename', /^(De)?activate$/, 'New key', 'Remove']) {
    await expect(firstRow.getByRole('button', { name })).toBeDisabled();
  }
  await expect(form.getByLabel('VIN')).toBeDisabled();
  await expect(form.getByRole('button', { name: 'Register' })).toBeDisabled();
  await firstRow.getByRole('button', { name: 'Rename' }).hover({ force: true });
  await expect(page.getByRole('tooltip')).toHaveText('Only the account owner can modify balers.');
});
