import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { mailedCode } from './support/accounts.ts';
import { baleMap, mapCount } from './support/demo-map.ts';
import { newVin } from './support/ingest.ts';

// A grower's first hour on their own install, the product as `npm start` runs it (no payments):
// register, confirm from the local mailbox, register a baler, send a bale exactly as the key
// dialog documents it, and see it on the map. Nobody else, no command, no restart.

const password = 'Firsthour2026';

test('on its own install a new grower registers, connects a baler by the documented request and sees its bale', async ({
  page,
  request,
}) => {
  const email = `first-hour-${Date.now()}@example.com`;
  await page.goto('/login');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByLabel('Organization name').fill('First Hour Hay');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('checkbox', { name: 'I agree to the EULA' }).check();
  await page.getByRole('checkbox', { name: 'I agree to the Privacy Statement' }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  // The account exists once the form asks for its code; the code's mail follows.
  const codeField = page.getByLabel('Confirmation code');
  await expect(codeField).toBeVisible();
  await codeField.fill(await mailedCode(request, email));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('First Hour Hay')).toBeVisible();

  // The empty map says what brings bales to it.
  const start = page.getByRole('region', { name: 'Getting started' });
  await start.getByRole('link', { name: 'Baler Settings' }).click();
  const form = page.getByRole('form', { name: 'Register a baler' });
  await form.getByLabel('VIN').fill(newVin());
  await form.getByLabel('Name').fill('Home baler');
  await form.getByRole('button', { name: 'Register' }).click();

  // The request the dialog documents, sent as an integrator would copy it: its address, its
  // key header and its body.
  const dialog = page.getByRole('dialog', { name: 'Ingest key' });
  const example = (await dialog.getByLabel('Example request').textContent()) ?? '';
  const url = /curl -X POST '([^']+)'/.exec(example)?.[1] ?? '';
  const key = /-H 'x-api-key: ([^']+)'/.exec(example)?.[1] ?? '';
  const body = /-d '([^']+)'/.exec(example)?.[1] ?? '';
  expect(key).toBe(await dialog.getByLabel('Ingest key').inputValue());
  const sent = await request.post(url, {
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    data: body,
  });
  expect(await sent.json()).toMatchObject({ created: 1, rejected: [] });
  await dialog.getByRole('button', { name: 'Done' }).click();

  // Billing is off where nothing can be bought: the bale shows at once, nothing is locked.
  await page.getByRole('link', { name: 'Back to the map' }).click();
  await expect(baleMap(page)).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
  await expect.poll(() => mapCount(page)).toBe(1);
  await expect(page.getByText(/needs? a subscription/)).toHaveCount(0);
  await expect(page.getByText('No bales here')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'the map with its first bale');
});
