import type { InventoryValueResponse } from '@baletrack/contracts/inventory/inventory';
import { KG_PER_PRICE_UNIT } from '@baletrack/domain/inventory/hay-value';
import { hayGradeLabel } from '@baletrack/domain/quality-grade/hay-grade';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { openMenuItem, signInAsDemoOwner } from './support/demo-map.ts';

// The demo owner sets hay prices and reads what the hay on hand is worth
// (docs/product.md#beyond-the-spec-quality-and-value). The demo is Imperial US: prices are per
// short ton. The expected values are computed here from the bales' weights the page was given:
// weight in tons × the price of their grade.

const money = (value: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const valueResponse = (page: Page) =>
  page.waitForResponse((r) => r.url().includes('/data-api/inventory/value') && r.ok());

async function setPrice(page: Page, grade: string, price: string, effectiveFrom: string) {
  const form = page.getByRole('form', { name: 'Set a price' });
  await form.getByLabel('Grade', { exact: true }).click();
  await page.getByRole('option', { name: hayGradeLabel(grade as never), exact: true }).click();
  await form.getByLabel(/^Price per /).fill(price);
  await form.getByLabel('Effective from').fill(effectiveFrom);
  const saved = page.waitForResponse(
    (r) => r.url().includes('/data-api/inventory/prices') && r.request().method() === 'POST',
  );
  const refreshed = valueResponse(page);
  await form.getByRole('button', { name: 'Save price' }).click();
  expect((await saved).status()).toBe(201);
  return (await (await refreshed).json()) as InventoryValueResponse;
}

test('the owner sets prices per grade and reads the inventory value, now and as it stood', async ({
  page,
}) => {
  await signInAsDemoOwner(page);
  const first = valueResponse(page);
  await openMenuItem(page, 'Inventory');
  await expect(page).toHaveURL(/\/inventory$/);
  await expect(page.getByRole('heading', { name: 'Inventory', level: 1 })).toBeVisible();
  const before = (await (await first).json()) as InventoryValueResponse;
  expect(before.total.baleCount).toBeGreaterThan(0);
  // No price yet: nothing is valued, and the price table says how to start.
  await expect(page.getByTestId('inventory-total-value')).toHaveText('—');
  await expect(page.getByRole('table', { name: 'Price history' })).toContainText(
    'No prices yet: set one above',
  );
  await expectNoSeriousA11yViolations(page, 'Inventory');

  // The grade most of the demo's hay has.
  const graded = before.byGrade.filter((g) => g.grade !== null);
  graded.sort((a, b) => b.baleCount - a.baleCount);
  const main = graded[0];
  if (!main?.grade) throw new Error('The demo farm has graded hay.');
  const tons = (kg: number) => kg / KG_PER_PRICE_UNIT.shortTon;

  // 180 a ton since 2024; today it goes up to 200.
  const today = new Date().toISOString().slice(0, 10);
  await setPrice(page, main.grade, '180', '2024-01-01');
  const now = await setPrice(page, main.grade, '200', today);
  const row = now.byGrade.find((g) => g.grade === main.grade);
  if (!row) throw new Error('The priced grade is still on hand.');
  const expected = Math.round(tons(row.weightKg) * 200 * 100) / 100;
  await expect(page.getByTestId('inventory-total-value')).toHaveText(money(expected));
  await expect(page.getByRole('table', { name: 'Price history' }).getByRole('row')).toHaveCount(3);

  // As it stood yesterday: the bales made by then, at 180.
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const then = valueResponse(page);
  await page.getByLabel('Value as it stood on').fill(yesterday);
  const stood = (await (await then).json()) as InventoryValueResponse;
  const rowThen = stood.byGrade.find((g) => g.grade === main.grade);
  const expectedThen = Math.round(tons(rowThen?.weightKg ?? 0) * 180 * 100) / 100;
  await expect(page.getByTestId('inventory-total-value')).toHaveText(money(expectedThen));
});
