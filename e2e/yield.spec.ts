import { readFile } from 'node:fs/promises';
import type { FieldYieldResponse } from '@baletrack/contracts/yield/yield';
import { HA_PER_AC, KG_PER_SHORT_TON } from '@baletrack/domain/units';
import { expect, type Page, test } from '@playwright/test';
import { openMenuItem, signInAsDemoOwner } from './support/demo-map.ts';

// The demo owner reads what each field gave (docs/product.md#beyond-the-spec-yield-per-field):
// fields ranked by dry matter per acre, each field's cuttings, another crop year on request. The
// demo is Imperial US: short tons per acre. Expected figures are worked here from the answer
// the page was given.

const yieldResponse = (page: Page) =>
  page.waitForResponse((r) => r.url().includes('/data-api/yield?') && r.ok());

// As the app writes a figure: at most two decimals, thousands separated.
const twoDigits = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const tonsPerAcre = (kgPerHectare: number) =>
  `${twoDigits.format((kgPerHectare * HA_PER_AC) / KG_PER_SHORT_TON)} tons/ac`;

test('the owner reads each field’s yield per acre, ranked, and the year before', async ({
  page,
}) => {
  await signInAsDemoOwner(page);
  const first = yieldResponse(page);
  await openMenuItem(page, 'Yield per Field');
  await expect(page).toHaveURL(/\/yield$/);
  await expect(page.getByRole('heading', { name: 'Yield per Field', level: 1 })).toBeVisible();
  const answer = (await (await first).json()) as FieldYieldResponse;
  const ranked = answer.fields.filter((field) => field.rank !== null);
  expect(ranked.length).toBeGreaterThan(1);

  // Each field a card in rank order, its dry matter per acre in tons, its cuttings listed.
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(ranked.length);
  for (const [i, field] of ranked.entries()) {
    const card = cards.nth(i);
    await expect(card.getByRole('heading')).toHaveText(`${i + 1}. ${field.name}`);
    await expect(card).toContainText(tonsPerAcre(field.year.dryMatterKgPerHectare ?? 0));
    const rows = card.getByRole('table').getByRole('row');
    // A header row and one row per cutting.
    await expect(rows).toHaveCount(field.cuttings.length + 1);
  }
  // Best first.
  const shown = ranked.map((field) => field.year.dryMatterKgPerHectare ?? 0);
  expect(shown).toEqual([...shown].sort((a, b) => b - a));

  // The year before: its own figures, compared with the year before it.
  const before = yieldResponse(page);
  await page.getByRole('combobox', { name: 'Crop year' }).click();
  await page.getByRole('option', { name: String(answer.year - 1), exact: true }).click();
  const earlier = (await (await before).json()) as FieldYieldResponse;
  expect(earlier.year).toBe(answer.year - 1);
  const top = earlier.fields.find((field) => field.rank === 1);
  if (!top) throw new Error('The demo farm has hay the year before too.');
  await expect(cards.first().getByRole('heading')).toHaveText(`1. ${top.name}`);
  await expect(page.getByRole('region', { name: 'Yield per field' })).toContainText(
    `vs ${answer.year - 2}`,
  );

  // The same as CSV: a row per field's year and per cutting, the top field first.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`baletrack-yield-${earlier.year}.csv`);
  const lines = (await readFile(await download.path(), 'utf8')).trim().split('\r\n');
  const rows = earlier.fields.reduce((sum, field) => sum + 1 + field.cuttings.length, 0);
  expect(lines).toHaveLength(1 + rows);
  expect(lines[1]).toContain(`1,${top.name},`);
});
