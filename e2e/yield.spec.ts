import { readFile } from 'node:fs/promises';
import type { FieldYieldResponse } from '@baletrack/contracts/yield/yield';
import { HA_PER_AC, KG_PER_SHORT_TON } from '@baletrack/domain/units';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { baleMap, openMenuItem, signInAsDemoOwner } from './support/demo-map.ts';
import { expectApart } from './support/layout.ts';
import { colourSpot } from './support/map-canvas.ts';

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

// The yield map (docs/product.md#beyond-the-spec-yield-per-field): the same figures on the map,
// each field filled by its class. The legend is read back and checked against the API's answer;
// a field is found on the canvas by its colour (the map is WebGL) and clicked.

const tons = (kgPerHectare: number) => (kgPerHectare * HA_PER_AC) / KG_PER_SHORT_TON;
const yieldPanel = (page: Page) => page.getByTestId('yield-map-panel');

interface LegendEntry {
  label: string;
  fields: number;
  /** The swatch's colour, 'rgb(r, g, b)'. */
  colour: string;
  /** The class's limits in tons/ac, open-ended where absent. */
  min: number;
  max: number;
}

/** The legend's entries as shown: range, fields counted, swatch colour. */
async function readLegend(panel: Locator): Promise<LegendEntry[]> {
  const rows = await panel
    .getByRole('list', { name: 'Yield legend' })
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.map((item) => {
        const [label = '', count = ''] = Array.from(
          item.querySelectorAll('p'),
          (p) => p.textContent ?? '',
        );
        const swatch = item.querySelector('[data-swatch]');
        return { label, count, colour: swatch ? getComputedStyle(swatch).backgroundColor : '' };
      }),
    );
  return rows.map(({ label, count, colour }) => {
    const figures = (label.match(/[\d.]+/g) ?? []).map(Number);
    const [min, max] = label.startsWith('under')
      ? [-Infinity, figures[0] ?? 0]
      : label.endsWith('and over')
        ? [figures[0] ?? 0, Infinity]
        : [figures[0] ?? Number.NaN, figures[1] ?? Number.NaN];
    return { label, fields: Number.parseInt(count, 10), colour, min, max };
  });
}

/** Where the map shows a field filled in a legend colour (at 85 % over the imagery). */
const spotOf = (page: Page, colour: string) =>
  colourSpot(page, (colour.match(/\d+/g) ?? []).map(Number), { opacity: 0.85, tolerance: 12 });

test('the owner colours the map by yield, reads the legend and clicks a field for its cuttings', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The map fits the fields without a flight, so a colour found is where it stays.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInAsDemoOwner(page);
  const first = yieldResponse(page);
  await openMenuItem(page, 'Yield map');
  const answer = (await (await first).json()) as FieldYieldResponse;
  // The top bar shows all years: the newest crop year with bales, as Yield per Field opens.
  await expect(page).toHaveURL(new RegExp(`[?&]yieldMap=${answer.year}(&|$)`));
  const panel = yieldPanel(page);
  await expect(panel).toHaveAttribute('data-state', 'ready');
  // Clusters and bale icons give way to the fields' colours.
  await expect(baleMap(page)).toHaveAttribute('data-bale-layers', 'hidden');
  await expect(panel).toContainText(`Dry matter per acre, ${answer.year}`);

  // Every field in the legend once: in the class its dry matter per acre falls in, or no hay.
  const legend = await readLegend(panel);
  const classes = legend.filter((entry) => entry.label !== 'No hay');
  expect(classes).toHaveLength(5);
  const withHay = answer.fields.filter((field) => field.year.bales > 0);
  expect(withHay.length).toBeGreaterThan(1);
  for (const entry of classes) {
    const inside = withHay.filter((field) => {
      const figure = tons(field.year.dryMatterKgPerHectare ?? 0);
      return figure >= entry.min && figure < entry.max;
    });
    expect(entry.fields, entry.label).toBe(inside.length);
  }
  const noHay = legend.find((entry) => entry.label === 'No hay')?.fields ?? 0;
  expect(noHay).toBe(answer.fields.length - withHay.length);
  await expectNoSeriousA11yViolations(page, 'the yield map');

  // A field of the best class filled, found on the map and clicked: the panel names it and
  // lists its cuttings as the API gave them.
  const best = classes.filter((entry) => entry.fields > 0).at(-1);
  if (!best) throw new Error('The demo farm has hay this year.');
  await expect.poll(() => spotOf(page, best.colour), { timeout: 15_000 }).not.toBeNull();
  const spot = await spotOf(page, best.colour);
  const box = await baleMap(page).locator('canvas').boundingBox();
  if (!spot || !box) throw new Error('the map has no canvas');
  const { x, y } = spot;
  await page.mouse.click(box.x + x, box.y + y);
  const details = panel.getByRole('region', { name: /^Yield of / });
  await expect(details).toBeVisible();
  const name = ((await details.getAttribute('aria-label')) ?? '').replace('Yield of ', '');
  const field = answer.fields.find((f) => f.name === name);
  if (!field) throw new Error(`${name} is not in the API's answer`);
  await expect(page).toHaveURL(new RegExp(`[?&]yieldField=${field.fieldId}`));
  const figure = tons(field.year.dryMatterKgPerHectare ?? 0);
  expect(figure).toBeGreaterThanOrEqual(best.min);
  expect(figure).toBeLessThan(best.max);
  await expect(details).toContainText(
    `${tonsPerAcre(field.year.dryMatterKgPerHectare ?? 0)} dry matter`,
  );
  const rows = details.getByRole('table', { name: `Cuttings on ${name}` }).getByRole('row');
  await expect(rows).toHaveCount(field.cuttings.length + 1);
  for (const [i, cutting] of field.cuttings.entries()) {
    const cells = rows.nth(i + 1).getByRole('cell');
    await expect(cells.first()).toHaveText(cutting.name ?? 'Outside cuttings');
    await expect(cells.nth(1)).toHaveText(
      tonsPerAcre(cutting.dryMatterKgPerHectare ?? 0).replace(' tons/ac', ''),
    );
  }

  // One cutting: the legend counts that cutting's fields; a reload keeps the view.
  const cutting = field.cuttings.find((c) => c.cuttingId !== null && c.bales > 0);
  if (!cutting?.name) throw new Error('The field had a cutting this year.');
  await panel.getByRole('combobox', { name: 'Cutting' }).click();
  await page.getByRole('option', { name: cutting.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]yieldCutting=${cutting.cuttingId}`));
  await expect(panel).toContainText(`Dry matter per acre, ${cutting.name}`);
  const inCutting = answer.fields.filter((f) =>
    f.cuttings.some((c) => c.cuttingId === cutting.cuttingId && c.bales > 0),
  );
  const counted = (await readLegend(panel))
    .filter((entry) => entry.label !== 'No hay')
    .reduce((sum, entry) => sum + entry.fields, 0);
  expect(counted).toBe(inCutting.length);
  await page.reload();
  await expect(yieldPanel(page)).toHaveAttribute('data-state', 'ready');
  await expect(yieldPanel(page)).toContainText(`Dry matter per acre, ${cutting.name}`);
  await expect(yieldPanel(page).getByRole('region', { name: `Yield of ${name}` })).toBeVisible();

  // The heatmap and the yield map never share the map: each turns the other off.
  await openMenuItem(page, 'Heatmap');
  await expect(page.getByTestId('heatmap-panel')).toBeVisible();
  await expect(yieldPanel(page)).toBeHidden();
  await expect(page).not.toHaveURL(/[?&]yield(Map|Cutting|Field)=/);
  await openMenuItem(page, 'Yield map');
  await expect(yieldPanel(page)).toBeVisible();
  await expect(page.getByTestId('heatmap-panel')).toBeHidden();
  await expect(page).not.toHaveURL(/[?&]heatmap=/);
  await yieldPanel(page).getByRole('button', { name: 'Close yield map' }).click();
  await expect(yieldPanel(page)).toBeHidden();
  await expect(baleMap(page)).toHaveAttribute('data-bale-layers', 'shown');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the yield map leaves the fields and every control of the map in reach', async ({
    page,
  }) => {
    await signInAsDemoOwner(page);
    await openMenuItem(page, 'Yield map');
    const panel = yieldPanel(page);
    await expect(panel).toHaveAttribute('data-state', 'ready');
    await expectApart(page, {
      menu: page.getByRole('banner').getByRole('button', { name: 'Menu' }),
      'yield map panel': panel,
      'zoom in': baleMap(page).getByRole('button', { name: 'Zoom in' }),
      'zoom out': baleMap(page).getByRole('button', { name: 'Zoom out' }),
      'support chat': page.getByRole('button', { name: 'Support chat' }),
    });
    // The bales are hidden, and so is their list: it would count bales nobody sees.
    await expect(page.getByRole('region', { name: 'In view' })).toBeHidden();
    // At most about half the map under the panel, and less once hidden down to its title.
    const map = await baleMap(page).boundingBox();
    const shown = await panel.boundingBox();
    if (!map || !shown) throw new Error('the map or the panel has no box');
    expect(shown.height).toBeLessThanOrEqual(map.height * 0.45);
    await panel.getByRole('button', { name: 'Hide' }).click();
    await expect(panel.getByRole('list', { name: 'Yield legend' })).toBeHidden();
    expect((await panel.boundingBox())?.height ?? Infinity).toBeLessThan(80);
    await panel.getByRole('button', { name: 'Show' }).click();
    await expect(panel.getByRole('list', { name: 'Yield legend' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the yield map on a phone');
  });
});
