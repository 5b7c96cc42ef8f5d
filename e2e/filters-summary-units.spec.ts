import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { idToken, mapCount, openMenuItem, signInAsDemoOwner } from './support/demo-map.ts';
import { heatmapPanel, openHeatmapOn } from './support/heatmap.ts';

// Filters, summaries and units: a grower in Imperial US units creates a filter and sees the map
// count and the summary narrow, switches the organization to metric and sees the same bales in
// converted numbers, then opens the moisture heatmap of a demo field.

const FILTER_NAME = 'Heavy for the summary';
const LB = 0.453_592_37;

// Other journeys expect the demo farm as seeded: US units and no filter.
test.afterEach(async ({ page }) => {
  const authorization = await idToken(page).catch(() => '');
  if (!authorization) return;
  await page.request.put('/user-api/user/organization/settings', {
    headers: { authorization },
    data: { rfvEnabled: true, measurementSystem: 'ImperialUS', cropYearStartMonth: 1 },
  });
  const listed = await page.request.get('/data-api/filters/get', { headers: { authorization } });
  for (const filter of (await listed.json()).filters ?? []) {
    if (filter.name === FILTER_NAME) {
      await page.request.delete(`/data-api/filters/${filter.id}`, { headers: { authorization } });
    }
  }
});

/** The Summary panel's figures, read as their text ('Bales' → '12,345'). */
async function readSummary(page: Page): Promise<Record<string, string>> {
  await openMenuItem(page, 'Summary');
  const drawer = page.getByRole('dialog', { name: 'Summary' });
  // The key figures come first, before the grouped table with its own 'Bales' column.
  const figure = (label: string) => drawer.getByText(label, { exact: true }).first().locator('..');
  const bales = figure('Bales');
  await expect(bales).toHaveText(/^Bales\s*\d[\d,]*$/);
  const figures: Record<string, string> = {};
  for (const label of ['Bales', 'Average weight', 'Total weight']) {
    const text = await figure(label).innerText();
    figures[label] = text.replace(label, '').trim();
  }
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  return figures;
}

const number = (text: string | undefined) => Number((text ?? '').replace(/[^\d.]/g, ''));

// Five panels, two units and a heatmap: more than the default minute on a busy machine.
test.setTimeout(120_000);

test('a filter in US units narrows the map and summary, metric shows the same bales converted, then the moisture heatmap', async ({
  page,
}) => {
  await signInAsDemoOwner(page);
  const allOnMap = await mapCount(page);
  const all = await readSummary(page);
  expect(all['Average weight']).toMatch(/ lb$/);

  // A filter typed in pounds, applied.
  await openMenuItem(page, 'Filters');
  const panel = page.getByRole('dialog', { name: 'Filters' });
  await panel.getByRole('button', { name: 'New filter' }).click();
  const form = page.getByRole('dialog', { name: 'New filter' });
  await form.getByLabel('Name').fill(FILTER_NAME);
  await form.getByLabel('Weight minimum (lb)').fill('1,100');
  await form.getByRole('button', { name: 'Save filter' }).click();
  const saved = panel.getByRole('listitem', { name: FILTER_NAME });
  await expect(saved).toContainText('Weight ≥ 1,100 lb');
  await saved.getByRole('button', { name: 'Apply' }).click();
  await expect(panel).toBeHidden();

  // Fewer bales on the map and in the summary; the lightest kept weighs 1,100 lb or more.
  await expect.poll(() => mapCount(page), { timeout: 20_000 }).toBeLessThan(allOnMap);
  const filteredOnMap = await mapCount(page);
  const us = await readSummary(page);
  expect(number(us.Bales)).toBeLessThan(number(all.Bales));
  expect(number(us.Bales)).toBeGreaterThan(0);
  expect(us['Average weight']).toMatch(/ lb$/);
  expect(number(us['Average weight'])).toBeGreaterThanOrEqual(1100);

  // Metric: the same bales, the numbers converted.
  await openMenuItem(page, 'Farm settings');
  const settings = page.getByRole('dialog', { name: 'Farm settings' });
  await settings.getByRole('radio', { name: /Metric \(SI\)/ }).check();
  await settings.getByRole('button', { name: 'Apply' }).click();
  await expect(settings).toBeHidden();
  const metric = await readSummary(page);
  expect(metric.Bales).toBe(us.Bales);
  expect(await mapCount(page)).toBe(filteredOnMap);
  expect(metric['Average weight']).toMatch(/ kg$/);
  expect(
    Math.abs(number(metric['Average weight']) - number(us['Average weight']) * LB),
  ).toBeLessThanOrEqual(1);

  // The moisture heatmap of a demo field, for the same filtered bales.
  await openHeatmapOn(page, 'Schoolhouse East');
  const heatmap = heatmapPanel(page);
  await expect(heatmap.getByRole('radio', { name: 'Moisture' })).toBeChecked();
  await expect(heatmap.getByRole('list', { name: 'Heatmap legend' })).toContainText('12–16 %');
  expect(Number(await heatmap.getAttribute('data-cells'))).toBeGreaterThan(100);
  // Its weight legend speaks metric now.
  await heatmap.getByText('Weight', { exact: true }).click();
  await expect(heatmap).toHaveAttribute('data-state', 'ready');
  await expect(heatmap.getByRole('list', { name: 'Heatmap legend' })).toContainText(' kg');
});

test('the summary groups by each of field, cutting, crop, baler, day and size, one after another', async ({
  page,
}) => {
  await signInAsDemoOwner(page);
  await openMenuItem(page, 'Summary');
  const drawer = page.getByRole('dialog', { name: 'Summary' });
  const groups = drawer.getByRole('table');
  for (const by of ['Cutting', 'Crop', 'Baler', 'Day', 'Size', 'Field', 'Day']) {
    await drawer.getByText(by, { exact: true }).click();
    await expect(groups.getByRole('columnheader').first()).toHaveText(by);
    await expect(groups.getByRole('row').nth(1)).toBeVisible();
  }
  // Days read as dates, and the app around the panel is still there.
  await expect(groups.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(
    /^\d{1,2}\/\d{1,2}\/\d{4}$/,
  );
  await expect(drawer.getByRole('alert')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expectNoSeriousA11yViolations(page, 'the summary grouped by day');
  await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
});
