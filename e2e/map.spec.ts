import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { e2eDataDir } from '../playwright.config.ts';

// The product's main job: the demo owner opens the map and finds their bales.

async function signInAsDemoOwner(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill('demo@baletrack.local');
  await page.getByLabel('Password', { exact: true }).fill('Baletrack-demo1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
}

const map = (page: Page) => page.getByTestId('bale-map');
const count = async (page: Page, attribute: string) =>
  Number((await map(page).getAttribute(attribute)) ?? 'NaN');

/** The signed-in user's id token, as the web app sends it (for checking the API's numbers). */
async function idToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
    return key ? (localStorage.getItem(key) ?? '') : '';
  });
}

test('the demo owner zooms from clusters to a bale and reads its weight and moisture in their units', async ({
  page,
}) => {
  await signInAsDemoOwner(page);
  await expect(map(page)).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
  expect(await count(page, 'data-clusters')).toBeGreaterThan(0);
  // About 20,000 demo bales are drawn as clusters; the few hundred without a subscription are not.
  expect(await count(page, 'data-bales')).toBeGreaterThan(15_000);
  await expect(page.getByText(/^\d[\d,]* bales? needs? a subscription$/)).toBeVisible();

  await page.getByRole('button', { name: 'List', exact: true }).click();
  const bales = page.getByRole('list', { name: 'Bales in view' }).getByRole('button');
  for (let step = 0; step < 12 && (await bales.count()) === 0; step++) {
    await page.getByRole('list', { name: 'Clusters in view' }).getByRole('button').first().click();
    await expect(map(page)).toHaveAttribute('data-state', 'ready');
  }
  await expect(bales.first()).toBeVisible();
  const uid = (
    (await bales.first().getAttribute('aria-label')) ?? (await bales.first().innerText())
  )
    .replace(/^Bale /, '')
    .split(/\s/)[0] as string;
  await bales.first().click();

  const details = page.getByRole('region', { name: 'Bale details' });
  await expect(details).toBeVisible();
  const weight = await details
    .getByRole('row', { name: /^Weight / })
    .getByRole('cell')
    .innerText();
  const moisture = await details
    .getByRole('row', { name: /^Average moisture / })
    .getByRole('cell')
    .innerText();

  // The same bale through the data API, in SI units: the panel shows it in pounds (US units).
  const response = await page.request.get(
    `/data-api/bale-info/get?uid=${encodeURIComponent(uid)}`,
    {
      headers: { authorization: await idToken(page) },
    },
  );
  expect(response.status()).toBe(200);
  const { bale } = await response.json();
  const pounds = Math.round(bale.weightKg * 2.204_622_6).toLocaleString('en-US');
  expect(weight).toBe(`${pounds} lb`);
  expect(moisture).toBe(`${bale.avgMoisture.toFixed(1)} %`);
});

test('bales from a running baler appear on the open map without a reload', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsDemoOwner(page);
  await expect(map(page)).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
  const before = await count(page, 'data-bales');

  const simulator = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/simulate.ts',
      '--url',
      new URL(page.url()).origin,
      '--rate',
      '240',
      '--duration',
      '15s',
    ],
    { env: { ...process.env, DATA_DIR: e2eDataDir }, cwd: path.resolve(import.meta.dirname, '..') },
  );
  let output = '';
  simulator.stdout.on('data', (c) => (output += c));
  simulator.stderr.on('data', (c) => (output += c));
  try {
    // The map refreshes what is in view every 30 s.
    await expect
      .poll(() => count(page, 'data-bales'), { timeout: 75_000, intervals: [2_000] })
      .toBeGreaterThan(before);
  } finally {
    simulator.kill('SIGINT');
  }
  expect(output).not.toMatch(/Error/);
});
