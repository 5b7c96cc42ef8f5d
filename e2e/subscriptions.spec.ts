import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { registeredOwner, signIn } from './support/accounts.ts';
import { baleMap, demoOwner, mapCount, openMenuItem } from './support/demo-map.ts';
import { newVin } from './support/ingest.ts';

// Credits as a grower meets them: a new owner registers a baler, whose first bale is locked;
// buys credits through the checkout (the journeys' local Stripe stand-in), applies the current
// month and sees the bale on the map. The demo owner takes a scheduled month back and applies it
// again, the balance following.

const password = 'Credit-journey1';
async function balance(page: Page): Promise<number> {
  const text = await page.getByLabel('Balance').innerText();
  return Number(text.replace(/[^\d]/g, ''));
}

test('a new owner buys credits, starts the current month, and the locked bale shows', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const email = await registeredOwner(request, { organizationName: 'Credit Creek Farm', password });
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/$/);

  // An empty farm is told what brings bales to its map.
  const start = page.getByRole('region', { name: 'Getting started' });
  await expect(start).toContainText('Register your baler by its VIN');
  await start.getByRole('link', { name: 'Baler Settings' }).click();

  // Any well-formed VIN registers on a farm's own server; its key is shown once.
  const vin = newVin();
  const form = page.getByRole('form', { name: 'Register a baler' });
  await form.getByLabel('VIN').fill(vin);
  await form.getByLabel('Name').fill('Creek baler');
  await form.getByRole('button', { name: 'Register' }).click();
  const keyDialog = page.getByRole('dialog', { name: 'Ingest key' });
  const apiKey = await keyDialog.getByLabel('Ingest key').inputValue();
  // The dialog tells an integrator what to send, where, with this key; its button sends it.
  const example = keyDialog.getByLabel('Example request');
  await expect(example).toContainText(`x-api-key: ${apiKey}`);
  await expect(example).toContainText('/ingest/v1/bales');
  await expectNoSeriousA11yViolations(page, 'Ingest key');

  // It bales: the bale is kept but locked, as no month has a credit.
  await keyDialog.getByRole('button', { name: 'Send a test bale' }).click();
  await expect(keyDialog.getByRole('status')).toHaveText(
    'A test bale was stored. See it on the map',
  );
  await keyDialog.getByRole('button', { name: 'Done' }).click();
  // Back on the map, it asks again: the locked bale is counted at once.
  await page.getByRole('link', { name: 'Back to the map' }).click();
  await expect(baleMap(page)).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
  await expect(page.getByText('1 bale needs a subscription', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Apply months' }).click();

  // Buying: the payment page, back in the app, confirmed once the webhook lands.
  await expect(page.getByRole('heading', { name: 'Subscription plans and pricing' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '20 % off credits' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Subscription plans and pricing');
  expect(await balance(page)).toBe(0);
  // Nothing to apply yet: no month is offered, and the page says what to do instead.
  await expect(page.getByText('The wallet is empty. Buy credits to apply months.')).toBeVisible();
  await page.getByLabel('Credits to buy').fill('3');
  await page.getByRole('button', { name: 'Buy 3 for $60.00' }).click();
  await expect(page).toHaveURL(/\/pay\/cs_test_/);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/subscription\?checkout=cs_test_/);
  await expect(page.getByText('3 credits were added.')).toBeVisible({ timeout: 30_000 });
  expect(await balance(page)).toBe(3);

  // The current month starts at once, after a confirmation.
  const months = page.getByRole('region', { name: 'Months of Creek baler' });
  const current = new Date().toLocaleString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await months.getByRole('button', { name: `${current}: Free` }).click();
  const confirm = page.getByRole('dialog', { name: `Start ${current} now?` });
  await confirm.getByRole('button', { name: 'Apply and start now' }).click();
  await expect(confirm).toBeHidden();
  await expect(months.getByRole('img', { name: `${current}: Active` })).toBeVisible();
  await expect.poll(() => balance(page)).toBe(2);

  // The bale is on the map now, and nothing is locked.
  await page.getByRole('link', { name: 'Back to the map' }).click();
  await expect(baleMap(page)).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
  await expect.poll(() => mapCount(page), { timeout: 30_000 }).toBe(1);
  await expect(page.getByText(/needs? a subscription/)).toHaveCount(0);
});

test('the demo owner takes a scheduled month back and applies it again', async ({ page }) => {
  await signIn(page, demoOwner.email, demoOwner.password);
  await expect(page).toHaveURL(/\/$/);
  await openMenuItem(page, 'Subscription plans and pricing');
  const first = page.getByRole('region', { name: /^Months of / }).first();
  const scheduled = first.getByRole('button', { name: /: Scheduled$/ }).first();
  // Its text starts with its hidden full name, e.g. "Jun 2027: Scheduled".
  const month = /^(\w{3} \d{4}): Scheduled/.exec((await scheduled.textContent()) ?? '')?.[1];
  expect(month).toBeDefined();
  const before = await balance(page);

  await scheduled.click();
  await expect(first.getByRole('button', { name: `${month}: Free` })).toBeVisible();
  await expect.poll(() => balance(page)).toBe(before + 1);

  await first.getByRole('button', { name: `${month}: Free` }).click();
  await expect(first.getByRole('button', { name: `${month}: Scheduled` })).toBeVisible();
  await expect.poll(() => balance(page)).toBe(before);
});
