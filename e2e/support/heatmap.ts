import { expect, type Locator, type Page } from '@playwright/test';
import { openMenuItem } from './demo-map.ts';

// Steps of the heatmap journeys: heatmap mode reports its state on its panel (`data-state`:
// blocked, loading, empty, ready; `data-cells`: the overlay's cells inside the field).

export const heatmapPanel = (page: Page): Locator => page.getByTestId('heatmap-panel');

/** Turns heatmap mode on from the menu and picks a field from the panel's list. */
export async function openHeatmapOn(page: Page, fieldName: string): Promise<void> {
  await openMenuItem(page, 'Heatmap');
  const panel = heatmapPanel(page);
  await expect(panel.getByRole('status')).toHaveText(
    'Select a field with a boundary to see its heatmap.',
  );
  await panel.getByRole('combobox', { name: 'Field' }).click();
  await page.getByRole('option', { name: fieldName, exact: true }).click();
  await expect(panel).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
}
