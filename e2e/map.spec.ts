import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { e2eDataDir } from '../playwright.config.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import {
  baleDetail,
  baleMap,
  idToken,
  mapCount,
  openFirstBaleInView,
  signInAsDemoOwner,
  waitForMapOpened,
  zoomToBalesInView,
} from './support/demo-map.ts';
import { expectApart } from './support/layout.ts';
import { colourSpot } from './support/map-canvas.ts';

// The product's main job: the demo owner opens the map and finds their bales.

test('the demo owner zooms from clusters to a bale and reads its weight and moisture in their units', async ({
  page,
}) => {
  await signInAsDemoOwner(page);
  expect(await mapCount(page, 'data-clusters')).toBeGreaterThan(0);
  // About 20,000 demo bales are drawn as clusters; the few hundred without a subscription are not.
  expect(await mapCount(page)).toBeGreaterThan(15_000);
  await expect(page.getByText(/^\d[\d,]* bales? needs? a subscription$/)).toBeVisible();
  // Coloured by quality grade (docs/product.md#clusters): the legend lists both USDA tables,
  // and the clusters drawn carry their bales' grades (the demo farm's cuttings have crops).
  const legend = page.getByRole('region', { name: 'Legend' });
  await legend.getByText('Grade', { exact: true }).click();
  await expect(baleMap(page)).toHaveAttribute('data-colour', 'Grade');
  await expect(legend.getByText('Quality grade (USDA)')).toBeVisible();
  await expect(legend.getByText('Premium (legume)')).toBeVisible();
  await expect(legend.getByText('Good (grass)')).toBeVisible();
  await expect(legend.getByText('Ungraded (no cutting with a crop)')).toBeVisible();
  const graded = await page.request.get(
    '/data-api/clusters/get?west=-180&south=-85&east=180&north=85&zoom=3',
    { headers: { authorization: await idToken(page) } },
  );
  const { clusters } = await graded.json();
  expect(
    clusters.some((c: { grades: Record<string, number> }) => Object.keys(c.grades).length > 0),
  ).toBe(true);
  await expectNoSeriousA11yViolations(page, 'the map');

  const uid = await openFirstBaleInView(page);
  const weight = await baleDetail(page, 'Weight').innerText();
  const moisture = await baleDetail(page, 'Average moisture').innerText();

  // The same bale through the data API, in SI units: the panel shows it in pounds (US units).
  const response = await page.request.get(
    `/data-api/bale-info/get?uid=${encodeURIComponent(uid)}`,
    {
      headers: { authorization: await idToken(page) },
    },
  );
  expect(response.status()).toBe(200);
  const { bale } = await response.json();
  const pounds = Math.round(bale.weightKg * 2.204_622_6).toLocaleString('en-US');
  expect(weight).toBe(`${pounds} lb`);
  // At most one decimal, none when it is zero ('23 %', '12.4 %'): the demo's bales change daily.
  const percent = bale.avgMoisture.toLocaleString('en-US', { maximumFractionDigits: 1 });
  expect(moisture).toBe(`${percent} %`);
});

/** The in-view list's first bale reads whole: its figures with their units, no line cut short. */
async function expectFirstBaleWhole(page: Page): Promise<void> {
  const panel = page.getByRole('region', { name: 'In view' });
  const first = page.getByRole('list', { name: 'Bales in view' }).getByRole('button').first();
  // Measured again until the list has settled (it follows the map's answer).
  await expect(async () => {
    await first.scrollIntoViewIfNeeded({ timeout: 1_000 });
    // The weight and the moisture with their units ('1,146 lb · 17.4 %'), inside the panel.
    const figures = first.getByText(/^\d[\d,]* lb · \d+(\.\d)? %$/);
    await expect(figures).toBeVisible({ timeout: 1_000 });
    const [row, box] = [await figures.boundingBox(), await panel.boundingBox()];
    expect(row && box && row.x + row.width <= box.x + box.width).toBe(true);
    // A tag id too long for the row wraps instead.
    const cut = await first.evaluate(
      (button) =>
        Array.from(button.querySelectorAll('p')).filter(
          (line) => line.scrollWidth > line.clientWidth + 1,
        ).length,
    );
    expect(cut).toBe(0);
  }).toPass({ timeout: 15_000 });
}

test("the in-view list shows each bale's name and figures whole, at desktop and phone size", async ({
  page,
}) => {
  await signInAsDemoOwner(page);
  const uid = await openFirstBaleInView(page);
  await page.getByRole('button', { name: 'Close bale details' }).click();
  await expectFirstBaleWhole(page);

  // On a phone, around the same bale: its link opens the map on it, close enough to list it.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/?bale=${uid}`);
  await expect(baleMap(page)).toHaveAttribute('data-focused', 'true', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Close bale details' }).click();
  await page.getByRole('button', { name: 'List', exact: true }).click();
  await expectFirstBaleWhole(page);
});

test('bales from a running baler appear on the open map without a reload', async ({ page }) => {
  test.setTimeout(120_000);
  // The browser's clock runs on its own, and the test moves it on where the grower would wait.
  await page.clock.install();
  await signInAsDemoOwner(page);
  const before = await mapCount(page);

  const simulator = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/simulate.ts',
      '--url',
      new URL(page.url()).origin,
      '--rate',
      '240',
      '--duration',
      '15s',
    ],
    { env: { ...process.env, DATA_DIR: e2eDataDir }, cwd: path.resolve(import.meta.dirname, '..') },
  );
  let output = '';
  simulator.stdout.on('data', (c) => (output += c));
  simulator.stderr.on('data', (c) => (output += c));
  try {
    // The map refreshes what is in view every 30 s (CLUSTERS_REFRESH_MS in the web app's map
    // feature): each check lets those 30 s pass in the page.
    await expect
      .poll(
        async () => {
          await page.clock.fastForward(30_000);
          await expect(baleMap(page)).toHaveAttribute('data-state', 'ready');
          return mapCount(page);
        },
        { timeout: 60_000, intervals: [2_000] },
      )
      .toBeGreaterThan(before);
  } finally {
    simulator.kill('SIGINT');
  }
  expect(output).not.toMatch(/Error/);
});

test('the map opens on the farm with every field named, and a cluster click zooms to where it splits', async ({
  page,
}) => {
  await signInAsDemoOwner(page);
  await waitForMapOpened(page);
  // Opened on the bales (not the world), with the names of the demo's 12 fields readable beside
  // the clusters (a name moves off a count); the offline basemap is what the journeys see (no
  // imagery without internet).
  expect(await mapCount(page, 'data-zoom')).toBeGreaterThanOrEqual(12);
  expect(await mapCount(page)).toBeGreaterThan(15_000);
  await expect.poll(() => mapCount(page, 'data-field-names')).toBeGreaterThanOrEqual(10);
  await expect(page.getByRole('radio', { name: 'Satellite' })).toHaveCount(0);

  const zoom = await mapCount(page, 'data-zoom');
  const clustersBefore = await mapCount(page, 'data-clusters');
  await page.getByRole('button', { name: 'List', exact: true }).click();
  const biggest = page.getByRole('list', { name: 'Clusters in view' }).getByRole('button').first();
  const count = Number(
    (await biggest.innerText()).match(/of ([\d,]+) bales/)?.[1]?.replace(/,/g, ''),
  );
  await biggest.click();
  await expect(baleMap(page)).not.toHaveAttribute('data-zoom', String(zoom));
  await expect(baleMap(page)).toHaveAttribute('data-state', 'ready');
  // Zoomed in by at least a whole level, to where the cluster came apart: all of its bales in
  // view (it fits them), now as smaller clusters, stacks or single bales.
  expect(await mapCount(page, 'data-zoom')).toBeGreaterThan(zoom);
  expect(await mapCount(page)).toBeGreaterThanOrEqual(count);
  const pieces =
    (await mapCount(page, 'data-clusters')) +
    (await mapCount(page, 'data-stacks')) +
    (await mapCount(page, 'data-loose-bales'));
  expect(pieces).toBeGreaterThan(1);
  expect(clustersBefore).toBeGreaterThan(1);
});

test("a cluster's tooltip closes when the map moves, and never speaks of what it was before", async ({
  page,
}) => {
  await signInAsDemoOwner(page);
  const canvas = baleMap(page).locator('canvas');
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the map has no canvas');
  // Where a cluster is drawn: a disc of the weight class most demo clusters are in (#f16913).
  const spot = await colourSpot(page, [241, 105, 19]);
  expect(spot, 'no cluster drawn on the map').not.toBeNull();
  if (!spot) return;
  await page.mouse.move(box.x + spot.x, box.y + spot.y);
  const tooltip = page.locator('.maplibregl-popup');
  await expect(tooltip).toContainText(/bales/);

  // The wheel zooms the map under the resting pointer: the tooltip closes with the move.
  await page.mouse.wheel(0, -400);
  await expect(tooltip).toHaveCount(0);
  await expect(baleMap(page)).toHaveAttribute('data-state', 'ready');
  await expectNoSeriousA11yViolations(page, 'the map after a move');
});

for (const size of [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
]) {
  test(`at ${size.width}×${size.height} the map's panels, notices, zoom buttons and chat stay apart`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await signInAsDemoOwner(page);
    await page.getByRole('button', { name: 'List', exact: true }).click();
    await expect(page.getByRole('list', { name: 'Clusters in view' })).toBeVisible();
    const controls = {
      legend: page.getByRole('region', { name: 'Legend' }),
      'subscription notice': page.getByRole('status').filter({ hasText: /need a subscription/ }),
      'in-view panel': page.getByRole('region', { name: 'In view' }),
      'zoom in': baleMap(page).getByRole('button', { name: 'Zoom in' }),
      'support chat': page.getByRole('button', { name: 'Support chat' }),
      menu: page.getByRole('banner').getByRole('button', { name: 'Menu' }),
    };
    await expectApart(page, controls);

    // The tallest legend (the grades') over the longest list (stacks and bales close up): the
    // legend gives way and scrolls, and the list still ends above the chat's button.
    await page.getByRole('button', { name: 'List', exact: true }).click();
    await controls.legend.getByText('Grade', { exact: true }).click();
    await zoomToBalesInView(page);
    await expectApart(page, controls);
  });
}
