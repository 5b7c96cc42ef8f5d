import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { signInTo } from './support/accounts.ts';
import { baleMap, openMenuItem, signInAsDemoOwner } from './support/demo-map.ts';
import { superAdmin } from './support/superadmin.ts';

// One app shell on every signed-in screen (docs/product.md#the-app-shell): the header with the
// product, the organization and the menu, the page in `main`; on a desktop and on a phone, each
// screen usable, nothing drawn over anything else, and axe-core without serious findings.

const demoFarm = 'Yakima Valley Hay (demo)';

const screens = [
  { path: '/fields', heading: 'Fields' },
  { path: '/cuttings', heading: 'Cuttings and Crops' },
  { path: '/balers', heading: 'Baler Settings' },
  { path: '/users', heading: 'Sub-Accounts and Balers' },
  { path: '/subscription', heading: 'Subscription plans and pricing' },
  { path: '/reports', heading: 'Bale Reporting' },
  { path: '/inventory', heading: 'Inventory' },
  { path: '/yield', heading: 'Yield per Field' },
  { path: '/loads', heading: 'Loads' },
  { path: '/audit', heading: 'Stack audit' },
  { path: '/heat-risk', heading: 'Heat risk' },
  { path: '/automated-reports', heading: 'Automated Reports' },
  { path: '/account', heading: 'Account management' },
  { path: '/help', heading: 'Helpful Information' },
  { path: '/feedback', heading: 'Feedback' },
] as const;

const viewports = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Fails when any two of the boxes overlap, or one reaches past the window's edges. */
async function expectSideBySide(page: Page, controls: Locator[]): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const boxes = [];
  for (const control of controls) {
    const box = await control.boundingBox();
    expect(box, 'a control without a box').not.toBeNull();
    if (!box) return;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width + 0.5);
    boxes.push(box);
  }
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      const apart =
        a.x + a.width <= b.x + 0.5 ||
        b.x + b.width <= a.x + 0.5 ||
        a.y + a.height <= b.y + 0.5 ||
        b.y + b.height <= a.y + 0.5;
      expect(apart, `overlapping controls at ${JSON.stringify([a, b])}`).toBe(true);
    }
  }
}

/** The shell on the screen shown: header, menu, the page in `main`, no sideways scrolling. */
async function expectShell(page: Page, screen: string): Promise<void> {
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Baletrack' })).toBeVisible();
  await expect(header.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expectSideBySide(page, [
    header.getByRole('link', { name: 'Baletrack' }),
    header.getByRole('button', { name: 'Menu' }),
  ]);
  await expect(page.getByRole('main')).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${screen} scrolls sideways`).toBeLessThanOrEqual(0);
}

for (const viewport of viewports) {
  test.describe(`on a ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('every screen has the header and the menu, and passes axe-core', async ({ page }) => {
      test.setTimeout(180_000);
      await signInAsDemoOwner(page);
      await expectShell(page, 'the map');
      if (viewport.name === 'desktop') {
        await expect(page.getByRole('banner').getByText(demoFarm)).toBeVisible();
      }
      await expectNoSeriousA11yViolations(page, `the map (${viewport.name})`);

      // The menu: open, its entries readable, and leading to the other screens.
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByRole('menuitem', { name: 'Fields', exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `the map's menu (${viewport.name})`);
      await page.keyboard.press('Escape');

      // The map's panels and dialogs, each on its own.
      for (const [item, dialog] of [
        ['Summary', 'Summary'],
        ['Farm settings', 'Farm settings'],
        ['User Settings', 'Change password'],
        ['Filters', 'Filters'],
      ] as const) {
        await openMenuItem(page, item);
        await expect(page.getByRole('dialog', { name: dialog })).toBeVisible();
        await expectNoSeriousA11yViolations(page, `${dialog} (${viewport.name})`);
        if (item !== 'Filters') {
          await page.keyboard.press('Escape');
          await expect(page.getByRole('dialog', { name: dialog })).toBeHidden();
        }
      }
      await page
        .getByRole('dialog', { name: 'Filters' })
        .getByRole('button', { name: 'New filter' })
        .click();
      await expect(page.getByRole('dialog', { name: 'New filter' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `New filter (${viewport.name})`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'New filter' })).toBeHidden();

      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('menuitem', { name: 'Cuttings and Crops' }).click();
      await expect(
        page.getByRole('heading', { name: 'Cuttings and Crops', level: 1 }),
      ).toBeVisible();

      for (const screen of screens) {
        await page.goto(screen.path);
        await expect(page.getByRole('heading', { name: screen.heading, level: 1 })).toBeVisible();
        await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
          screen.heading,
        );
        await expectShell(page, screen.path);
        await expectNoSeriousA11yViolations(page, `${screen.path} (${viewport.name})`);
        if (screen.path === '/fields') {
          await page.getByRole('button', { name: 'Import', exact: true }).click();
          await expect(page.getByRole('region', { name: 'Import fields' })).toBeVisible();
          await expectNoSeriousA11yViolations(page, `importing fields (${viewport.name})`);
        }
      }

      // From any screen the menu leads back to the map.
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('menuitem', { name: 'Map', exact: true }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(baleMap(page)).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
    });

    test('a SuperAdmin sees Admin and the acting banner in the shell, Stop acting in reach', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await signInTo(page, '/admin', superAdmin.email, superAdmin.password);
      await expect(page.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();
      await expectShell(page, '/admin');
      await expectNoSeriousA11yViolations(page, `/admin (${viewport.name})`);

      await page.getByLabel('Search organizations').fill('yakima');
      await page
        .getByRole('row', { name: /Yakima Valley Hay/ })
        .getByRole('button', { name: 'Act for this organization' })
        .click();
      await expect(page).toHaveURL(/\/$/);
      const banner = page.getByRole('region', { name: 'Acting for an organization' });
      await expect(banner).toContainText(demoFarm);
      await page.goto('/balers');
      await expect(banner).toContainText(demoFarm);
      await expectShell(page, '/balers while acting');
      const stop = banner.getByRole('button', { name: 'Stop acting' });
      await expect(stop).toBeInViewport({ ratio: 1 });
      await expectSideBySide(page, [stop]);
      await expectNoSeriousA11yViolations(page, `acting on /balers (${viewport.name})`);
      await stop.click();
      await expect(banner).toHaveCount(0);
    });
  });
}
