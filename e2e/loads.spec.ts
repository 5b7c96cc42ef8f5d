import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { FARM_ORIGIN } from '../apps/server/src/features/demo/farm/farm-layout.ts';
import { e2eDataDir } from '../playwright.config.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { openMenuItem, signInAsDemoOwner } from './support/demo-map.ts';
import { ingestBales, newIngestBale } from './support/ingest.ts';

// The demo owner builds a load from tags typed in, reads its warning, prints its ticket, shares
// it with the buyer, who opens it without an account; revokes the link and ships the load
// (docs/product.md#beyond-the-spec-loads). Three bales of its own, baled today on the demo farm
// with the demo baler's key, so no other journey's bales are shipped.

test('the owner builds a load by tag, prints its ticket, shares it with the buyer and ships it', async ({
  page,
  request,
  browser,
}) => {
  const apiKey = fs.readFileSync(path.join(e2eDataDir, 'demo-baler.key'), 'utf8').trim();
  const run = Date.now();
  const uids = [`LOAD-${run}-1`, `LOAD-${run}-2`, `LOAD-${run}-3`];
  await ingestBales(request, apiKey, [
    newIngestBale(uids[0] as string, FARM_ORIGIN),
    newIngestBale(uids[1] as string, FARM_ORIGIN),
    // 21 % in a 3x4 large square: above the safe 16 %.
    newIngestBale(uids[2] as string, FARM_ORIGIN, { avgMoisture: 21 }),
  ]);
  const tags = uids.map((uid) => `TAG-${uid}`);
  const name = `Hillside ${run}`;

  await signInAsDemoOwner(page);
  await openMenuItem(page, 'Loads');
  await expect(page.getByRole('heading', { name: 'Loads', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New load' }).click();
  const dialog = page.getByRole('dialog', { name: 'New load' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('textbox', { name: 'Buyer' }).fill('Hillside Dairy');
  await dialog.getByRole('button', { name: 'Create load' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

  // Tags as a reader types them, one a line, with one the farm does not know.
  await page.getByLabel('Tags').fill([...tags, 'NOT-A-TAG'].join('\n'));
  await page.getByRole('button', { name: 'Add bales' }).click();
  await expect(page.getByText('Added 3 bales')).toBeVisible();
  await expect(page.getByText('NOT-A-TAG')).toBeVisible();
  for (const tag of tags) {
    await expect(page.getByRole('cell', { name: tag, exact: true })).toBeVisible();
  }
  await expect(page.getByText('1 bale above the safe moisture for their shape')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Load');

  // The ticket downloads as a PDF named after the load.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download ticket' }).click();
  const ticket = await download;
  expect(ticket.suggestedFilename()).toBe(`hillside-${run}-ticket.pdf`);
  const bytes = fs.readFileSync(await ticket.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

  // A link for the buyer, with the farm's name.
  await page.getByLabel("Show the farm's name").check();
  await page.getByRole('button', { name: 'Make a link' }).click();
  const url = await page.getByLabel("The buyer's link").inputValue();
  expect(url).toMatch(/\/data-api\/public\/loads\/[A-Za-z0-9_-]{54}$/);

  // The buyer opens it in a browser that never signed in.
  const buyer = await browser.newContext();
  const buyerPage = await buyer.newPage();
  expect((await buyerPage.goto(url))?.status()).toBe(200);
  await expect(buyerPage.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(buyerPage.getByText('Yakima Valley Hay (demo)')).toBeVisible();
  for (const tag of tags) {
    await expect(buyerPage.getByRole('cell', { name: tag, exact: true })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(buyerPage, "Buyer's page");

  // Revoked, it stops opening at once.
  await page.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Revoked', { exact: true })).toBeVisible();
  expect((await buyerPage.reload())?.status()).toBe(404);
  await expect(buyerPage.getByRole('heading', { name: 'Link not valid' })).toBeVisible();
  await buyer.close();

  // Shipped: for good, its bales loaded out.
  await page.getByRole('button', { name: 'Ship' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ship' }).click();
  await expect(page.getByText('Shipped', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add bales' })).toHaveCount(0);

  // At phone size the load still reads without sideways scrolling of the page.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page, 'Load (phone)');
});
