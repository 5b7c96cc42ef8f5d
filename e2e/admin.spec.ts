import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { newestMail, registeredOwner, signIn, signInTo, signOut } from './support/accounts.ts';
import { baleMap, demoOwner, mapCount, signInAsDemoOwner } from './support/demo-map.ts';
import { superAdmin } from './support/superadmin.ts';

// A platform operator helps a farm without its password: the SuperAdmin (made with
// `npm run superadmin` before the server started) opens Admin, acts for the demo farm, sees its
// bales with a banner naming whose they are on every screen, and stops acting.

const demoFarm = 'Yakima Valley Hay (demo)';
const ownOrganization = `Operations – ${superAdmin.email}`;

test('a SuperAdmin acts for the demo farm, sees its bales under a banner, and stops acting', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, superAdmin.email, superAdmin.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(ownOrganization)).toBeVisible();
  await expect(baleMap(page)).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
  expect(await mapCount(page)).toBe(0);
  await expect(page.getByRole('region', { name: 'Acting for an organization' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Admin', exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Admin');

  const organizations = page.getByRole('table', { name: 'Organizations' });
  await page.getByLabel('Search organizations').fill('yakima');
  const demoRow = organizations.getByRole('row', {
    name: new RegExp(demoFarm.replace(/[()]/g, '\\$&')),
  });
  await expect(demoRow).toContainText(demoOwner.email);
  await expect(organizations.getByRole('row')).toHaveCount(2); // the header and the demo farm

  // From now on every call names the demo farm in X-Organization-Id.
  const actingCall = page.waitForRequest(
    (request) =>
      request.url().includes('/data-api/clusters/get') &&
      Boolean(request.headers()['x-organization-id']),
  );
  await demoRow.getByRole('button', { name: 'Act for this organization' }).click();
  await expect(page).toHaveURL(/\/$/);
  const banner = page.getByRole('region', { name: 'Acting for an organization' });
  await expect(banner).toContainText(`Acting for ${demoFarm}`);
  expect((await actingCall).headers()['x-organization-id']).toMatch(/^[0-9a-f-]{36}$/);
  await expect(baleMap(page)).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
  await expect.poll(() => mapCount(page), { timeout: 20_000 }).toBeGreaterThan(15_000);

  // The banner stays on every screen, and the choice survives a reload.
  await page.goto('/balers');
  await expect(banner).toContainText(demoFarm);
  await page.goto('/admin');
  await expect(banner).toContainText(demoFarm);
  await page.getByLabel('Search organizations').fill('yakima');
  await expect(demoRow.getByText('Acting', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Admin while acting');

  // Credits are granted on the farm's pricing page, acting for it; the ledger names why.
  await demoRow.getByRole('button', { name: `Grant credits to ${demoFarm}` }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  const balance = page.getByLabel('Balance');
  const before = Number((await balance.innerText()).replace(/[^\d]/g, ''));
  await page.getByLabel('Credits to grant').fill('5');
  await page.getByLabel('Note').fill('Journey courtesy');
  await page.getByRole('button', { name: 'Grant', exact: true }).click();
  await expect(balance).toHaveText(`${before + 5} credits`);
  await expect(page.getByRole('table', { name: 'Credit history' })).toContainText(
    'Journey courtesy',
  );
  await page.goto('/admin');
  await page.getByLabel('Search organizations').fill('yakima');

  await banner.getByRole('button', { name: 'Stop acting' }).click();
  await expect(banner).toHaveCount(0);
  await expect(demoRow.getByRole('button', { name: 'Act for this organization' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the map' }).click();
  // The map first: until it has replaced the Admin page, the name is also in its table.
  await expect(baleMap(page)).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
  await expect(page.getByText(ownOrganization)).toBeVisible();
  await expect.poll(() => mapCount(page)).toBe(0);
  await signOut(page);

  // An owner has no Admin: not in the menu, and the page says whose it is.
  await signInAsDemoOwner(page);
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Admin', exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/admin');
  await expect(page.getByText('Only administrators can do this.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Organizations' })).toHaveCount(0);
});

test("an owner authorizes a dealer's email, which its holder confirms from the mailed link", async ({
  page,
  request,
}) => {
  const password = 'Owner-2026x';
  const owner = await registeredOwner(request, { organizationName: 'Dealer Farm', password });
  const dealer = `dealer-${Date.now()}@example.com`;
  await signInTo(page, '/balers', owner, password);
  await expect(page.getByText('Dealer Farm')).toBeVisible();

  const section = page.getByRole('region', { name: 'Authorized emails' });
  const form = section.getByRole('form', { name: 'Add an authorized email' });
  await form.getByLabel('Email holding ACM subscriptions').fill(dealer);
  await form.getByRole('button', { name: 'Add email' }).click();
  const row = section.getByRole('row', { name: new RegExp(dealer) });
  await expect(row).toContainText('Pending');
  await expect(form.getByLabel('Email holding ACM subscriptions')).toHaveValue('');
  await form.getByLabel('Email holding ACM subscriptions').fill(dealer);
  await form.getByRole('button', { name: 'Add email' }).click();
  await expect(section.getByRole('alert')).toHaveText('Email already exists');

  // The holder has no account: the mailed link opens a page of its own.
  const link = /(http\S+\/confirm\?token=\S+)/.exec(await newestMail(request, dealer))?.[1] ?? '';
  expect(link).not.toBe('');
  const holder = await page.context().browser()?.newPage();
  if (!holder) throw new Error('no browser');
  await holder.goto(link);
  await expect(
    holder.getByRole('heading', { name: 'Confirm your authorized email' }),
  ).toBeVisible();
  await holder.getByRole('button', { name: 'Confirm' }).click();
  await expect(holder.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
  await holder.close();

  await page.reload();
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: 'Remove' }).click();
  await page
    .getByRole('dialog', { name: 'Remove authorized email' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(row).toContainText('Deleted');
});
