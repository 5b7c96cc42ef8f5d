import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { idToken, openMenuItem, signInAsDemoOwner } from './support/demo-map.ts';

// Bale Reporting: the demo owner opens Bale Reporting from the map's menu, is told a
// report needs a filter, creates one, sees the summary and every bale in the table, sorts it,
// downloads the CSV and finds in it the header with units and one row per bale of the summary,
// then the printable PDF.

const FILTER_NAME = 'Heavy bales report';

// Other journeys expect the demo farm as seeded: no filter of ours.
test.afterEach(async ({ page }) => {
  const authorization = await idToken(page).catch(() => '');
  if (!authorization) return;
  const listed = await page.request.get('/data-api/filters/get', { headers: { authorization } });
  for (const filter of (await listed.json()).filters ?? []) {
    if (filter.name === FILTER_NAME) {
      await page.request.delete(`/data-api/filters/${filter.id}`, { headers: { authorization } });
    }
  }
});

const number = (text: string) => Number(text.replace(/[^\d.]/g, ''));

/** The summary's bale count, as the report page shows it. */
async function summaryBales(page: Page): Promise<number> {
  const summary = page.getByRole('region', { name: 'Summary' });
  const figure = summary.getByText('Bales', { exact: true }).first().locator('..');
  await expect(figure).toHaveText(/^Bales\s*\d[\d,]*$/);
  return number((await figure.innerText()).replace('Bales', ''));
}

// A table of thousands of bales loads page by page: more than the default minute when busy.
test.setTimeout(120_000);

test('Bale Reporting: a filter is needed, then the summary, the table and the CSV agree', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsDemoOwner(page);
  await openMenuItem(page, 'Bale Reporting');
  await expect(page).toHaveURL(/\/reports/);
  await expect(page.getByRole('heading', { name: 'Bale Reporting', level: 1 })).toBeVisible();

  // No filter yet: the page says a report needs one.
  const needed = page.getByRole('alert').filter({ hasText: 'Select a filter to see a report.' });
  await expect(needed).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Bale Reporting without a filter');
  await page.screenshot({ path: testInfo.outputPath('reports-no-filter-1440.png') });

  // A filter typed in pounds, created and applied from the report page.
  await needed.getByRole('button').click();
  const panel = page.getByRole('dialog', { name: 'Filters' });
  await panel.getByRole('button', { name: 'New filter' }).click();
  const form = page.getByRole('dialog', { name: 'New filter' });
  await form.getByLabel('Name').fill(FILTER_NAME);
  await form.getByLabel('Weight minimum (lb)').fill('1,200');
  await form.getByRole('button', { name: 'Save filter' }).click();
  const saved = panel.getByRole('listitem', { name: FILTER_NAME });
  await saved.getByRole('button', { name: 'Apply' }).click();
  await expect(panel).toBeHidden();
  await expect(page).toHaveURL(/[?&]filter=/);
  await expect(page.getByRole('combobox', { name: 'Filter' })).toHaveValue(FILTER_NAME);
  await expect(needed).toBeHidden();

  // The summary and the table: every bale of the summary, loaded.
  const bales = await summaryBales(page);
  expect(bales).toBeGreaterThan(0);
  const table = page.getByTestId('report-bales');
  await expect(table).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  expect(Number(await table.getAttribute('data-rows'))).toBe(bales);
  const grid = table.getByRole('table', { name: 'Bales' });
  await expect(grid).toHaveAttribute('aria-rowcount', String(bales + 1));
  await expect(table.getByText(`${bales.toLocaleString('en-US')} bales`)).toBeVisible();

  // Heaviest first: the first row's weight is the most, and at least the filter's 1,200 lb.
  await grid.getByRole('button', { name: 'Sort by Weight (lb)' }).click();
  await expect(grid.getByRole('columnheader', { name: /Weight \(lb\)/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  const weights = grid.getByRole('row').nth(1).getByRole('cell').nth(3);
  const heaviest = number(await weights.innerText());
  const nextWeight = number(
    await grid.getByRole('row').nth(2).getByRole('cell').nth(3).innerText(),
  );
  expect(heaviest).toBeGreaterThanOrEqual(nextWeight);
  expect(nextWeight).toBeGreaterThanOrEqual(1200);
  await page.screenshot({ path: testInfo.outputPath('reports-1440.png'), fullPage: true });

  // The CSV: fetched with the id token, saved by the browser, one row per bale of the summary.
  const downloading = page.waitForEvent('download');
  await table.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^yakima-valley-hay-demo-bales-[a-z0-9-]+\.csv$/);
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 byte-order mark
  const lines = bytes.toString('utf8').slice(1).split('\r\n');
  expect(lines.pop()).toBe('');
  const header = (lines[0] ?? '').split(',');
  expect(header.slice(0, 3)).toEqual(['Bale UID', 'Tag serial number', 'Created (UTC)']);
  expect(header).toEqual(expect.arrayContaining(['Weight (lb)', 'Temperature (°F)', 'Fields']));
  expect(lines.length - 1).toBe(bales);
  await expect(page.getByText(`${download.suggestedFilename()} saved.`)).toBeVisible();

  // The printable report: the same base name as the CSV, a PDF file.
  const printing = page.waitForEvent('download');
  await table.getByRole('button', { name: 'Download PDF' }).click();
  const pdf = await printing;
  expect(pdf.suggestedFilename()).toBe(download.suggestedFilename().replace(/\.csv$/, '.pdf'));
  const pdfBytes = await readFile(await pdf.path());
  expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(page.getByText(`${pdf.suggestedFilename()} saved.`)).toBeVisible();

  // Beside the summary: the grade charts and the totals per field and per cutting.
  await expect(page.getByRole('img', { name: /^Legume hay \(USDA, by RFV\)/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Totals per field' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Bale Reporting with a report');
  await expect(page.getByRole('table', { name: 'Totals per cutting' })).toBeVisible();

  // A phone: the same page, the table scrolling within itself.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(grid).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('reports-390.png'), fullPage: true });
});
