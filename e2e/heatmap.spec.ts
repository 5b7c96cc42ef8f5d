import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { baleMap, openMenuItem, signInAsDemoOwner } from './support/demo-map.ts';
import { heatmapPanel, openHeatmapOn } from './support/heatmap.ts';

// A grower opens the moisture heatmap of one demo field: first told what it needs
// (docs/product.md#validation-rules), then the field picked from the list, the overlay drawn with
// its legend, the Icon type, and told again once zoomed too far out.

// A field's heatmap in two types: more than the default minute on a busy machine.
test.setTimeout(120_000);

test('the demo owner reads the moisture heatmap of a field, as an overlay and as icons', async ({
  page,
}) => {
  await signInAsDemoOwner(page);
  const zoomBefore = Number(await baleMap(page).getAttribute('data-zoom'));
  await openHeatmapOn(page, 'Schoolhouse East');
  const panel = heatmapPanel(page);
  // The field chosen is zoomed to; clusters, bale icons and the colour legend give way to the
  // overlay and its one legend.
  await expect(baleMap(page)).toHaveAttribute('data-state', 'ready');
  expect(Number(await baleMap(page).getAttribute('data-zoom'))).toBeGreaterThan(zoomBefore);
  await expect(baleMap(page)).toHaveAttribute('data-bale-layers', 'hidden');
  await expect(page.getByRole('region', { name: 'Legend' })).toBeHidden();
  await expect(page.getByRole('list', { name: 'Heatmap legend' })).toHaveCount(1);
  await expect(page).toHaveURL(/[?&]heatmap=Overlay/);
  await expect(panel.getByRole('radio', { name: 'Moisture' })).toBeChecked();
  const legend = panel.getByRole('list', { name: 'Heatmap legend' });
  await expect(legend.getByRole('listitem')).toHaveText([
    'under 12 %',
    '12–16 %',
    '16–20 %',
    '20–25 %',
    '25 % and over',
  ]);
  expect(Number(await panel.getAttribute('data-cells'))).toBeGreaterThan(100);
  await expectNoSeriousA11yViolations(page, 'the heatmap overlay');

  // Icon type: the same classes with the field's bales counted in each.
  await panel.getByText('Icon', { exact: true }).click();
  await expect(page).toHaveURL(/[?&]heatmap=Icon/);
  await expect(panel).toHaveAttribute('data-state', 'ready');
  await expect(legend.getByRole('listitem').first()).toHaveText(/^under 12 %\d[\d,]*$/);

  // Zoomed far out the field no longer fills the map: the panel says why.
  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Zoom out' }).click();
  await expect(panel.getByRole('status')).toHaveText(
    'Zoom in until the field fills the map to see its heatmap.',
  );
  await expect(baleMap(page)).toHaveAttribute('data-state', 'ready');

  // The menu entry turns heatmap mode off again.
  await openMenuItem(page, 'Heatmap');
  await expect(panel).toBeHidden();
  await expect(page).not.toHaveURL(/[?&]heatmap=/);
  await expect(baleMap(page)).toHaveAttribute('data-bale-layers', 'shown');
  await expect(page.getByRole('region', { name: 'Legend' })).toBeVisible();
});
