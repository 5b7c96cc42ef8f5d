import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { baleMap, openMenuItem, signInAsDemoOwner } from './support/demo-map.ts';
import { expectApart, expectOnTop } from './support/layout.ts';

// A grower on a phone (390×844): the map, its panels, a bale's details, the menu and the Fields
// screen, with no control drawn over another (docs/product.md#phones).

test.use({ viewport: { width: 390, height: 844 } });

const mapControls = (page: Page) => ({
  menu: page.getByRole('banner').getByRole('button', { name: 'Menu' }),
  legend: page.getByRole('region', { name: 'Legend' }),
  'in-view panel': page.getByRole('region', { name: 'In view' }),
  'zoom in': baleMap(page).getByRole('button', { name: 'Zoom in' }),
  'zoom out': baleMap(page).getByRole('button', { name: 'Zoom out' }),
  'support chat': page.getByRole('button', { name: 'Support chat' }),
});

test('on a phone the map, its panels, a bale and the menu leave every control reachable', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsDemoOwner(page);
  const notice = page.getByRole('status').filter({ hasText: /need a subscription/ });
  await expect(notice).toBeVisible();
  await expectApart(page, { ...mapControls(page), 'subscription notice': notice });
  await expectNoSeriousA11yViolations(page, 'the map on a phone');

  // The legend's key and the in-view list unfolded still leave the others in place.
  await page.getByRole('button', { name: 'Key' }).click();
  await expect(page.getByRole('region', { name: 'Legend' }).getByText('Round bale')).toBeVisible();
  await page.getByRole('button', { name: 'List', exact: true }).click();
  await expectApart(page, { ...mapControls(page), 'subscription notice': notice });
  await page.getByRole('button', { name: 'Key' }).click();

  // Down to one stack or bale through the list, then its details.
  const bales = page.getByRole('list', { name: 'Bales in view' }).getByRole('button');
  const stacks = page.getByRole('list', { name: 'Stacks in view' }).getByRole('button');
  const clusters = page.getByRole('list', { name: 'Clusters in view' }).getByRole('button');
  for (let step = 0; step < 12; step++) {
    await expect(bales.or(stacks).or(clusters).first()).toBeVisible();
    if ((await bales.count()) + (await stacks.count()) > 0) break;
    const zoom = (await baleMap(page).getAttribute('data-zoom')) ?? '';
    await clusters.first().click();
    await expect(baleMap(page)).not.toHaveAttribute('data-zoom', zoom);
    await expect(baleMap(page)).toHaveAttribute('data-state', 'ready');
  }
  if ((await bales.count()) > 0) {
    await bales.first().click();
  } else {
    await stacks.first().click();
    const stack = page.getByRole('region', { name: 'Stack details' });
    await expectOnTop(stack.getByRole('heading', { level: 2 }), "the stack panel's title");
    await stack
      .getByRole('list', { name: 'Bales in this stack' })
      .getByRole('button')
      .first()
      .click();
  }
  const details = page.getByRole('region', { name: 'Bale details' });
  await expect(details.getByRole('heading', { level: 2 })).toBeVisible();
  // The panel covers the map: the legend (Weight / Moisture / RFV) steps aside, the title reads.
  await expect(page.getByRole('region', { name: 'Legend' })).toBeHidden();
  await expectOnTop(details.getByRole('heading', { level: 2 }), "the bale panel's title");
  await expectApart(page, {
    menu: page.getByRole('banner').getByRole('button', { name: 'Menu' }),
    'bale details': details,
    'zoom in': baleMap(page).getByRole('button', { name: 'Zoom in' }),
    'support chat': page.getByRole('button', { name: 'Support chat' }),
  });
  await expect(details.getByRole('row').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, "a bale's details on a phone");
  await details.getByRole('button', { name: 'Close bale details' }).click();
  await expect(page.getByRole('region', { name: 'Legend' })).toBeVisible();

  // The menu opens over the page, every entry inside the window.
  await page.getByRole('button', { name: 'Menu' }).click();
  const fields = page.getByRole('menuitem', { name: 'Fields', exact: true });
  await expect(fields).toBeInViewport({ ratio: 1 });
  await page.keyboard.press('Escape');

  // Fields: the list above, the map below at full width (neither squeezed), chat clear of both.
  await openMenuItem(page, 'Fields');
  await expect(page.getByRole('heading', { name: 'Fields', level: 1 })).toBeVisible();
  const fieldsMap = page.getByTestId('fields-map');
  await expect(fieldsMap).toHaveAttribute('data-state', 'ready');
  const mapBox = await fieldsMap.boundingBox();
  expect(mapBox?.width).toBeGreaterThanOrEqual(380);
  expect(mapBox?.height).toBeGreaterThanOrEqual(250);
  await expectApart(page, {
    menu: page.getByRole('banner').getByRole('button', { name: 'Menu' }),
    'draw a field': page.getByRole('button', { name: 'Draw a field' }),
    'first field': page.getByRole('list', { name: 'Fields' }).getByRole('button').first(),
    'zoom in': fieldsMap.getByRole('button', { name: 'Zoom in' }),
    'support chat': page.getByRole('button', { name: 'Support chat' }),
  });
  await expectNoSeriousA11yViolations(page, 'Fields on a phone');
});
