import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { signInTo } from './support/accounts.ts';
import { baleMap, demoOwner, openMenuItem, signInAsDemoOwner } from './support/demo-map.ts';
import { expectApart, expectOnTop } from './support/layout.ts';

// A grower on a phone (390×844): the map, its panels, a bale's details, the menu and the Fields
// screen, with no control drawn over another; the tables' row actions and the filter form's
// buttons in reach without scrolling sideways (docs/product.md#phones).

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

/** Fails when the page is wider than the window, so that it scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, screen: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `${screen} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** Opens a table row's menu, which with each of its entries must lie wholly inside the window. */
async function openRowMenu(page: Page, name: string, entries: (string | RegExp)[]): Promise<void> {
  const button = page.getByRole('button', { name, exact: true });
  await button.scrollIntoViewIfNeeded();
  await expect(button).toBeInViewport({ ratio: 1 });
  await button.click();
  for (const entry of entries) {
    await expect(page.getByRole('menuitem', { name: entry })).toBeInViewport({ ratio: 1 });
  }
}

test("on a phone each table row's actions are one menu in reach, and the filter form's Save in sight", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInTo(page, '/balers', demoOwner.email, demoOwner.password);

  // Baler Settings: the table scrolls sideways in its box, the row's menu stays in the window.
  const balerRow = page.getByRole('table', { name: 'Balers' }).getByRole('row').nth(1);
  const balerName = (await balerRow.getByRole('cell').first().innerText()).trim();
  await expectNoSidewaysScroll(page, '/balers');
  await openRowMenu(page, `Actions for baler ${balerName}`, [
    'Rename',
    /^(De)?activate$/,
    'New key',
    'Remove',
  ]);
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename baler' });
  await expect(rename.getByLabel('Name')).toHaveValue(balerName);
  await rename.getByRole('button', { name: 'Cancel' }).click();
  await expect(rename).toBeHidden();
  await expectNoSeriousA11yViolations(page, 'Baler Settings on a phone');

  // Sub-Accounts: someone invited, then deleted through their row's menu.
  await page.goto('/users');
  const handEmail = `phone-hand-${Date.now()}@example.com`;
  const invite = page.getByRole('form', { name: 'Invite a user' });
  await invite.getByLabel('Name').fill('Phone Hand');
  await invite.getByLabel('Email').fill(handEmail);
  await invite.getByRole('button', { name: 'Invite' }).click();
  const handRow = page.getByRole('row', { name: new RegExp(handEmail) });
  await expect(handRow).toContainText('Invite sent');
  await expectNoSidewaysScroll(page, '/users');
  await openRowMenu(page, `Actions for ${handEmail}`, ['Re-send invite', 'Disable', 'Delete']);
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const remove = page.getByRole('dialog', { name: 'Delete user' });
  await remove.getByRole('button', { name: 'Delete' }).click();
  await expect(remove).toBeHidden();
  await expect(handRow).toHaveCount(0);

  // Cuttings: Edit opens the cutting's form; Delete asks again in the menu, both answers in sight.
  await page.goto('/cuttings');
  const cuttingRow = page
    .getByRole('table', { name: /^Cuttings of / })
    .getByRole('row')
    .nth(1);
  const cuttingName = (await cuttingRow.getByRole('cell').first().innerText()).trim();
  await expectNoSidewaysScroll(page, '/cuttings');
  await openRowMenu(page, `Actions for cutting ${cuttingName}`, ['Edit', 'Delete']);
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: `Edit ${cuttingName}` });
  await expect(form.getByLabel('Name')).toHaveValue(cuttingName);
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();
  await openRowMenu(page, `Actions for cutting ${cuttingName}`, ['Edit', 'Delete']);
  await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('menuitem', { name: `Delete ${cuttingName}` });
  await expect(confirm).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('menuitem', { name: 'Keep' })).toBeInViewport({ ratio: 1 });
  await page.getByRole('menuitem', { name: 'Keep' }).click();
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(cuttingRow).toContainText(cuttingName);
  await expectNoSeriousA11yViolations(page, 'Cuttings on a phone');

  // The filter form: Save and Cancel at the dialog's foot while the limits scroll under them.
  await page.goto('/');
  await openMenuItem(page, 'Filters');
  await page
    .getByRole('dialog', { name: 'Filters' })
    .getByRole('button', { name: 'New filter' })
    .click();
  const filter = page.getByRole('dialog', { name: 'New filter' });
  await expect(filter.getByRole('button', { name: 'Save filter' })).toBeInViewport({ ratio: 1 });
  await expect(filter.getByRole('button', { name: 'Cancel' })).toBeInViewport({ ratio: 1 });
  await filter.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
});
