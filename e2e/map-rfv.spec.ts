import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { idToken, openMenuItem, signInAsDemoOwner } from './support/demo-map.ts';
import { heatmapPanel, openHeatmapOn } from './support/heatmap.ts';

// A grower who reads nutrition values, not RFV, turns "Show RFV" off: the map's legend, the
// heatmap's measures and a stack's averages stop offering RFV and show the nutrition values.

// Other journeys expect the demo farm as seeded: RFV shown, US units.
test.afterEach(async ({ page }) => {
  const authorization = await idToken(page).catch(() => '');
  if (!authorization) return;
  await page.request.put('/user-api/user/organization/settings', {
    headers: { authorization },
    data: { rfvEnabled: true, measurementSystem: 'ImperialUS', cropYearStartMonth: 1 },
  });
});

test.setTimeout(120_000);

test('with Show RFV off, neither the map, the heatmap nor a stack offers RFV', async ({ page }) => {
  await signInAsDemoOwner(page);
  const legend = page.getByRole('region', { name: 'Legend' });
  await expect(legend.getByRole('radio', { name: 'RFV' })).toHaveCount(1);
  // Chosen before: the map then colours by crude protein, the feed value shown instead.
  await legend.getByText('RFV', { exact: true }).click();

  await openMenuItem(page, 'Farm settings');
  const settings = page.getByRole('dialog', { name: 'Farm settings' });
  await settings.getByRole('switch', { name: 'Show RFV' }).uncheck({ force: true });
  await settings.getByRole('button', { name: 'Apply' }).click();
  await expect(settings).toBeHidden();

  await expect(legend.getByRole('radio', { name: 'RFV' })).toHaveCount(0);
  await expect(legend.getByRole('radio', { name: 'Protein' })).toBeChecked();
  await expect(page.getByTestId('bale-map')).toHaveAttribute('data-colour', 'Protein');
  await expect(legend.getByText('Crude protein (dry matter)')).toBeVisible();
  await expect(legend).not.toContainText('RFV');
  await expectNoSeriousA11yViolations(page, 'the map with Show RFV off');
  // Coloured by grade: legume grades rest on RFV, so the key has one class for legume hay.
  await legend.getByText('Grade', { exact: true }).click();
  await expect(page.getByTestId('bale-map')).toHaveAttribute('data-colour', 'Grade');
  await expect(legend.getByText('Legume hay (grade not shown)')).toBeVisible();
  await expect(legend.getByText('Good (grass)')).toBeVisible();
  await expect(legend.getByText('Premium (legume)')).toHaveCount(0);
  await expect(legend).not.toContainText('RFV');

  // A stack's averages: nutrition values instead of RFV.
  await page.getByRole('button', { name: 'List', exact: true }).click();
  const clusters = page.getByRole('list', { name: 'Clusters in view' }).getByRole('button');
  const stacks = page.getByRole('list', { name: 'Stacks in view' }).getByRole('button');
  // Into the clusters until stacks are in view. Each round waits for the list to change: a
  // click on a cluster button the list is just replacing would wait for one that never comes.
  await expect(async () => {
    if ((await stacks.count()) > 0) return;
    await clusters.first().click({ timeout: 2_000 });
    await expect(page.getByTestId('bale-map')).toHaveAttribute('data-state', 'ready');
    await expect(stacks.first()).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  await stacks.first().click();
  const stack = page.getByRole('region', { name: 'Stack details' });
  await expect(stack.getByRole('row', { name: /^Average protein / })).toBeVisible();
  await expect(stack).not.toContainText('RFV');
  await stack.getByRole('button', { name: 'Close stack details' }).click();

  // The heatmap offers weight and moisture only.
  await openHeatmapOn(page, 'Schoolhouse East');
  await expect(heatmapPanel(page).getByRole('radio', { name: 'Moisture' })).toBeChecked();
  await expect(heatmapPanel(page).getByRole('radio', { name: 'RFV' })).toHaveCount(0);
  await expect(heatmapPanel(page)).not.toContainText('RFV');
});
