import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import {
  baleDetail,
  baleMap,
  idToken,
  mapCount,
  openFirstBaleInView,
  openMenuItem,
  signInAsDemoOwner,
} from './support/demo-map.ts';

// A grower narrows the map to the heavy bales of one baler with a filter typed in their own
// units (US: pounds), then switches the organization to metric and reads the same bale in
// kilograms.

const FILTER_NAME = 'Heavy bales';
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

test('the demo owner filters bales of at least 1,000 lb, then reads one in kg after switching to metric', async ({
  page,
}) => {
  await signInAsDemoOwner(page);
  const before = await mapCount(page);
  expect(before).toBeGreaterThan(15_000);

  await openMenuItem(page, 'Filters');
  const panel = page.getByRole('dialog', { name: 'Filters' });
  await panel.getByRole('button', { name: 'New filter' }).click();
  const form = page.getByRole('dialog', { name: 'New filter' });
  // Save and Cancel stay at the dialog's foot, in sight before the form is scrolled.
  await expect(form.getByRole('button', { name: 'Save filter' })).toBeInViewport({ ratio: 1 });
  await form.getByLabel('Name').fill(FILTER_NAME);
  await form.getByLabel('Weight minimum (lb)').fill('1,000');
  // The baler picker lists the organization's balers (GET /user-api/machines).
  await form.getByRole('combobox', { name: 'Balers' }).click();
  await page.getByRole('option', { name: 'Round 5ft' }).click();
  await form.getByRole('combobox', { name: 'Balers' }).press('Escape');
  await form.getByRole('button', { name: 'Save filter' }).click();
  const saved = panel.getByRole('listitem', { name: FILTER_NAME });
  await expect(saved).toContainText('Weight ≥ 1,000 lb · 1 baler');
  await saved.getByRole('button', { name: 'Apply' }).click();
  await expect(panel).toBeHidden();

  // The top bar names the filter; the map counts only the heavy bales.
  await expect(page.getByRole('button', { name: `Applied filter: ${FILTER_NAME}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the map with a filter applied');
  await expect(page).toHaveURL(/[?&]filter=/);
  await expect.poll(() => mapCount(page), { timeout: 20_000 }).toBeLessThan(before);
  await expect(baleMap(page)).toHaveAttribute('data-state', 'ready');
  const heavy = await mapCount(page);
  expect(heavy).toBeGreaterThan(0);

  // Down to a single bale through the list of what is in view.
  await openFirstBaleInView(page);
  const weightCell = baleDetail(page, 'Weight');
  await expect(weightCell).toHaveText(/^\d[\d,]* lb$/);
  const pounds = Number((await weightCell.innerText()).replace(/[^\d]/g, ''));
  expect(pounds).toBeGreaterThanOrEqual(1000);

  // Settings: metric. The open panel follows at once, without a reload.
  await openMenuItem(page, 'Farm settings');
  const settings = page.getByRole('dialog', { name: 'Farm settings' });
  await settings.getByRole('radio', { name: /Metric \(SI\)/ }).check();
  await settings.getByRole('button', { name: 'Apply' }).click();
  await expect(settings).toBeHidden();
  await expect(weightCell).toHaveText(/^\d[\d,]* kg$/);
  const kilograms = Number((await weightCell.innerText()).replace(/[^\d]/g, ''));
  expect(Math.abs(kilograms - pounds * 0.453_592_37)).toBeLessThanOrEqual(1);

  // Clearing the filter leaves the map unfiltered.
  await page.getByRole('button', { name: 'Clear filter' }).click();
  await expect(page.getByRole('button', { name: `Applied filter: ${FILTER_NAME}` })).toBeHidden();
  await expect(page).not.toHaveURL(/[?&]filter=/);
});
