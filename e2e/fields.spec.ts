import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { baleMap, idToken, mapCount, openMenuItem, signInAsDemoOwner } from './support/demo-map.ts';

// A grower draws a field on the map, names and renames it, imports boundaries from a file (one
// of them refused for crossing itself), exports a field as a shapefile and reads it back, puts
// the field in a cutting with a crop (which then cannot be deleted while the cutting uses it),
// and filters the map to that cutting.

const PREFIX = 'Journey';
const run = Date.now().toString(36);
const names = {
  drawn: `${PREFIX} drawn ${run}`,
  renamed: `${PREFIX} renamed ${run}`,
  imported: `${PREFIX} imported ${run}`,
  crossing: `${PREFIX} crossing ${run}`,
  crop: `${PREFIX} crop ${run}`,
  cutting: `${PREFIX} cutting ${run}`,
  filter: `${PREFIX} filter ${run}`,
};

// Near the demo farm (46.548, -120.313), south of its fields.
const square = (lon: number, lat: number, size: number) => [
  [lon, lat],
  [lon + size, lat],
  [lon + size, lat + size],
  [lon, lat + size],
  [lon, lat],
];
const importFile = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { NAME: names.imported },
      geometry: { type: 'Polygon', coordinates: [square(-120.33, 46.5, 0.004)] },
    },
    {
      type: 'Feature',
      properties: { NAME: names.crossing },
      // A bow tie: its sides cross in the middle.
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-120.32, 46.5],
            [-120.316, 46.504],
            [-120.316, 46.5],
            [-120.32, 46.504],
            [-120.32, 46.5],
          ],
        ],
      },
    },
  ],
};

// Other journeys expect the demo farm as seeded: what this one made is removed again.
test.afterEach(async ({ page }) => {
  const authorization = await idToken(page).catch(() => '');
  if (!authorization) return;
  const headers = { authorization };
  const ours = (item: { name: string }) => item.name.startsWith(PREFIX);
  const filters = await (await page.request.get('/data-api/filters/get', { headers })).json();
  for (const filter of (filters.filters ?? []).filter(ours)) {
    await page.request.delete(`/data-api/filters/${filter.id}`, { headers });
  }
  const cuttings = await (await page.request.get('/data-api/cuttings/all', { headers })).json();
  for (const cutting of (cuttings.cuttings ?? []).filter(ours)) {
    await page.request.delete(`/data-api/cuttings/${cutting.id}`, { headers });
  }
  const crops = await (await page.request.get('/data-api/crops', { headers })).json();
  for (const crop of (crops.crops ?? []).filter(ours)) {
    await page.request.delete(`/data-api/crops/${crop.id}`, { headers });
  }
  const fields = await (await page.request.get('/data-api/fields', { headers })).json();
  for (const field of (fields.fields ?? []).filter(ours)) {
    await page.request.delete(`/data-api/fields/${field.id}`, { headers });
  }
});

/** Clicks the corners of a square around the map's middle, then the first corner again. */
async function drawSquare(page: Page, half: number): Promise<void> {
  const canvas = page.getByTestId('fields-map').locator('canvas');
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the map has no size');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const corners = [
    [x - half, y - half],
    [x + half, y - half],
    [x + half, y + half],
    [x - half, y + half],
    [x - half, y - half],
  ];
  for (const [cx = 0, cy = 0] of corners) {
    await page.mouse.move(cx, cy, { steps: 4 });
    await page.mouse.click(cx, cy);
  }
}

test('the demo owner draws, renames, imports and exports fields, then makes a cutting with a crop', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // terra-draw runs inside the map: any error it throws would only show in the console.
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await signInAsDemoOwner(page);
  await openMenuItem(page, 'Fields');
  await expect(page).toHaveURL(/\/fields$/);
  await expect(page.getByTestId('fields-map')).toHaveAttribute('data-state', 'ready');
  const fieldList = page.getByRole('list', { name: 'Fields' });
  await expect(fieldList.getByRole('listitem').first()).toBeVisible();
  // The map opens on the fields with their names on it, as on the map home.
  await expect
    .poll(async () => Number(await page.getByTestId('fields-map').getAttribute('data-field-names')))
    .toBeGreaterThanOrEqual(10);
  await expectNoSeriousA11yViolations(page, 'Fields');

  // Draw: the area is measured live, in the demo farm's US units.
  await page.getByRole('button', { name: 'Draw a field' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Draw a field' }).click();
  await drawSquare(page, 80);
  await expect(page.getByTestId('field-area')).toHaveText(/^[\d,.]+ ac$/);
  await expect(page.getByTestId('field-perimeter')).toHaveText(/^[\d,]+ ft$/);
  const drawnArea = await page.getByTestId('field-area').innerText();
  await page.getByLabel('Name').fill(names.drawn);
  await page.getByRole('button', { name: 'Save field' }).click();
  // The list shows the very area the drawing showed: one measure, rounded once.
  await expect(fieldList.getByRole('listitem', { name: names.drawn })).toContainText(drawnArea);

  // Rename: a taken name is refused in the server's words; the boundary is kept as it was.
  const taken = (await fieldList.getByRole('listitem').first().getAttribute('aria-label')) ?? '';
  await fieldList.getByRole('button', { name: new RegExp(names.drawn) }).click();
  await page.getByLabel('Name').fill(taken.toUpperCase());
  await page.getByRole('button', { name: 'Save field' }).click();
  await expect(
    page.getByRole('region', { name: `Edit ${names.drawn}` }).getByRole('alert'),
  ).toHaveText('A field with this name already exists.');
  await page.getByLabel('Name').fill(names.renamed);
  await page.getByRole('button', { name: 'Save field' }).click();
  await expect(fieldList.getByRole('listitem', { name: names.renamed })).toBeVisible();
  await expect(fieldList.getByRole('listitem', { name: names.drawn })).toHaveCount(0);

  // The map home outlines the fields it loads: the renamed field is among them.
  const homeFields = page.waitForResponse(
    (response) => response.url().endsWith('/data-api/fields') && response.ok(),
  );
  await page.goto('/');
  const loaded = await (await homeFields).json();
  expect(loaded.fields.map((field: { name: string }) => field.name)).toContain(names.renamed);

  // Import: one field read, the crossing one refused with the reason.
  await page.goto('/fields');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await page.locator('input[type="file"]').setInputFiles({
    name: 'boundaries.geojson',
    mimeType: 'application/geo+json',
    buffer: Buffer.from(JSON.stringify(importFile)),
  });
  await page.getByRole('button', { name: 'Read file' }).click();
  const refused = page.getByRole('alert', { name: 'Not imported' });
  await expect(refused).toContainText(names.crossing);
  await expect(refused).toContainText(/cross/i);
  const toImport = page.getByRole('list', { name: 'Fields to import' });
  await expect(toImport.getByRole('listitem')).toHaveCount(1);
  await expect(toImport.getByLabel('Name of field 1')).toHaveValue(names.imported);
  await page.getByRole('button', { name: 'Save 1 field' }).click();
  await expect(toImport.getByText('Saved')).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(fieldList.getByRole('listitem', { name: names.imported })).toBeVisible();

  // Export the drawn field as a shapefile.
  await page.getByRole('checkbox', { name: `Select ${names.renamed} for export` }).check();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Export fields' });
  await exportDialog.getByLabel('Format').click();
  await page.getByRole('option', { name: 'Shapefile' }).click();
  const download = page.waitForEvent('download');
  await exportDialog.getByRole('button', { name: 'Download' }).click();
  const shapefile = await download;
  expect(shapefile.suggestedFilename()).toMatch(/\.zip$/);

  // The exported shapefile reads back: its field, named from the file, is renamed to stay unique.
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await page.locator('input[type="file"]').setInputFiles({
    name: shapefile.suggestedFilename(),
    mimeType: 'application/zip',
    buffer: await readFile(await shapefile.path()),
  });
  await page.getByRole('button', { name: 'Read file' }).click();
  await expect(page.getByText('Read as Shapefile: 1 field to import.')).toBeVisible();
  await expect(toImport.getByLabel('Name of field 1')).toHaveValue(`${names.renamed} (2)`);
  await page.getByRole('button', { name: 'Cancel' }).click();

  // A crop, and a cutting of it over the drawn field.
  await page.getByRole('link', { name: 'Back to the map' }).click();
  await openMenuItem(page, 'Cuttings and Crops');
  await expect(page).toHaveURL(/\/cuttings$/);
  await page.getByLabel('New crop name').fill(names.crop);
  await page.getByRole('button', { name: 'Add crop' }).click();
  const cropList = page.getByRole('list', { name: 'Crop list' });
  await expect(cropList.getByRole('listitem', { name: names.crop })).toBeVisible();

  await page.getByRole('button', { name: 'New cutting' }).click();
  const form = page.getByRole('form', { name: 'New cutting' });
  const year = await form.getByLabel('Crop year').inputValue();
  await form.getByLabel('Name').fill(names.cutting);
  await form.getByLabel('Start').fill(`${year}-06-01`);
  await form.getByLabel('End').fill(`${year}-05-01`);
  await form.getByRole('button', { name: 'Save cutting' }).click();
  await expect(form.getByText('The end date must be on or after the start date.')).toBeVisible();
  // The whole year: the demo bales made inside the drawn field are all in the cutting.
  await form.getByLabel('Start').fill(`${year}-01-01`);
  await form.getByLabel('End').fill(`${year}-12-31`);
  await form.getByRole('combobox', { name: 'Crop (optional)' }).click();
  await page.getByRole('option', { name: names.crop }).click();
  await form.getByRole('button', { name: 'Save cutting' }).click();
  await expect(
    form.getByText('A cutting associated with a crop requires at least 1 field.'),
  ).toBeVisible();
  await form.getByRole('combobox', { name: 'Fields' }).click();
  await page.getByRole('option', { name: names.renamed }).click();
  // The multi-select stays open for more choices.
  await page.keyboard.press('Escape');
  await form.getByRole('button', { name: 'Save cutting' }).click();
  const row = page.getByRole('row', { name: new RegExp(names.cutting) });
  await expect(row).toContainText(names.renamed);
  await expect(row).toContainText(names.crop);

  // The crop is in use: deleting it is refused with the cutting named.
  await cropList
    .getByRole('listitem', { name: names.crop })
    .getByRole('button', { name: 'Delete', exact: true })
    .click();
  await page.getByRole('button', { name: `Delete ${names.crop}` }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This crop is used by' })).toContainText(
    names.cutting,
  );
  await expect(cropList.getByRole('listitem', { name: names.crop })).toBeVisible();

  // The map, filtered to the cutting, shows only the bales made in the drawn field.
  await page.getByRole('link', { name: 'Back to the map' }).click();
  await expect(baleMap(page)).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
  const before = await mapCount(page);
  await openMenuItem(page, 'Filters');
  const filters = page.getByRole('dialog', { name: 'Filters' });
  await filters.getByRole('button', { name: 'New filter' }).click();
  const filterForm = page.getByRole('dialog', { name: 'New filter' });
  await filterForm.getByLabel('Name').fill(names.filter);
  await filterForm.getByRole('combobox', { name: 'Cuttings' }).click();
  await page.getByRole('option', { name: names.cutting }).click();
  await filterForm.getByRole('combobox', { name: 'Cuttings' }).press('Escape');
  await filterForm.getByRole('button', { name: 'Save filter' }).click();
  await filters
    .getByRole('listitem', { name: names.filter })
    .getByRole('button', { name: 'Apply' })
    .click();
  await expect.poll(() => mapCount(page), { timeout: 20_000 }).toBeLessThan(before);
  await expect(baleMap(page)).toHaveAttribute('data-state', 'ready');
  expect(await mapCount(page)).toBeGreaterThan(0);
  expect(pageErrors).toEqual([]);
});
