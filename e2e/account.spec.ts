import { messages } from '@baletrack/contracts/errors/messages';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { newestMail, registeredOwner, signIn } from './support/accounts.ts';
import { openMenuItem } from './support/demo-map.ts';
import { answerPoolOverHttps } from './support/https.ts';

// Journeys on the Account management screen: the organization's data exported and
// its mailed link opened without signing in; an account deleted end to end. Each registers its
// own farm: the demo farm the other journeys use is never touched.

const password = 'Account-journey1';

/** The newest data-export link mailed to `email` (local mailbox). */
async function mailedLink(request: APIRequestContext, email: string): Promise<string> {
  const mail = await newestMail(request, email);
  const link = /(https?:\/\/\S+\/data-exports\/\S+)/.exec(mail)?.[1];
  expect(link, `a data-export link in the newest mail to ${email}`).toBeTruthy();
  return link as string;
}

/** Opens the link as a mail reader would: no session, a ZIP attachment. */
async function downloadZip(request: APIRequestContext, link: string) {
  const response = await request.get(link, { headers: { authorization: '' } });
  expect(response.status()).toBe(200);
  expect(response.headers()['content-disposition']).toMatch(/^attachment; filename=".+\.zip"$/);
  return unzipSync(new Uint8Array(await response.body()));
}

async function openAccount(page: Page, email: string) {
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/$/);
  await openMenuItem(page, 'Account management');
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Account management', level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Account management');
}

test("the organization's data: what is kept, then all of it mailed as a link that works without signing in", async ({
  page,
  request,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const email = await registeredOwner(request, {
    organizationName: 'Export Journey Farm',
    password,
    prefix: 'export',
  });
  await openAccount(page, email);
  const table = page.getByRole('table', { name: 'What is stored' });
  await expect(
    table.getByRole('row', { name: /People \(owner and sub-account users\)\s+1/ }),
  ).toBeVisible();
  await expect(table.getByRole('row', { name: /Data exports\s+0/ })).toBeVisible();

  await page.getByRole('button', { name: 'Email me all data' }).click();
  const ready = page.getByRole('alert').filter({ hasText: 'Your data export is ready' });
  await expect(ready).toContainText(`Mailed to ${email}`, { timeout: 30_000 });
  await expect(ready).toContainText('The link works until');
  await page.screenshot({ path: testInfo.outputPath('account-export-1440.png'), fullPage: true });

  const files = await downloadZip(request, await mailedLink(request, email));
  expect(Object.keys(files)).toEqual(
    expect.arrayContaining(['bales.csv', 'fields.geojson', 'people.json']),
  );
  const people = JSON.parse(new TextDecoder().decode(files['people.json']));
  expect(people).toMatchObject([{ email, groups: ['AccountsOwner'] }]);

  // A wrong token finds nothing.
  const link = await mailedLink(request, email);
  const wrong = await request.get(`${link.slice(0, -4)}AAAA`);
  expect(wrong.status()).toBe(404);
});

test('closing an account: type DELETE, the export is mailed, everything is deleted, the person is signed out', async ({
  page,
  request,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = await registeredOwner(request, {
    organizationName: 'Closing Journey Farm',
    password,
    prefix: 'closing',
  });
  await openAccount(page, email);
  const section = page.getByRole('region', { name: 'Delete account' });
  const typed = section.getByLabel('Type DELETE to confirm');

  // Anything but DELETE, exactly, is refused on the screen.
  await typed.fill('delete');
  await section.getByRole('button', { name: 'Delete account', exact: true }).click();
  await expect(section.getByText(messages.accountDeletion.confirmationMismatch)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('account-close-390.png'), fullPage: true });

  await typed.fill('DELETE');
  const closed = page.waitForResponse(
    (r) => r.url().endsWith('/user-api/user/close-account') && r.request().method() === 'DELETE',
  );
  await section.getByRole('button', { name: 'Delete account', exact: true }).click();
  expect((await closed).status()).toBe(200);
  const success = page.getByRole('status').filter({ hasText: 'Your account is closed' });
  await expect(success).toBeVisible();
  await expect(success).toContainText(`mailed to ${email}`);
  // Nothing of the closed account is left on screen: no farm name, no menu.
  await expect(page.getByText('Closing Journey Farm')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Menu' })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('account-closed-390.png'), fullPage: true });

  // The export went out first, and its link outlives the account.
  const files = await downloadZip(request, await mailedLink(request, email));
  expect(JSON.parse(new TextDecoder().decode(files['organization.json']))).toMatchObject({
    name: 'Closing Journey Farm',
  });

  await success.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/login/);
  // The person is gone: signing in again fails.
  await signIn(page, email, password);
  await expect(page.getByText('Incorrect username or password.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('an owner signed in with the outside provider closes the account and still reads what became of it', async ({
  page,
  context,
  baseURL,
}) => {
  // The sign-out leaves for the pool's and comes back to /login (docs/product.md#sign-out).
  await answerPoolOverHttps(context, baseURL ?? '');
  const who = `closing-provider-${Date.now()}`;
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Acme ID' }).click();
  await page.locator('input[name="login"]').fill(who);
  await page.locator('input[name="password"]').fill('anything');
  await page.locator('button[type="submit"]').click();
  await expect(page.getByText(`${who}'s farm`)).toBeVisible();
  await openMenuItem(page, 'Account management');
  const section = page.getByRole('region', { name: 'Delete account' });
  await section.getByLabel('Type DELETE to confirm').fill('DELETE');
  const hostedSignOut = page.waitForRequest(/^https:\/\/[^/]+\/cognito\/logout\?/);
  await section.getByRole('button', { name: 'Delete account', exact: true }).click();
  await hostedSignOut;
  await expect(page).toHaveURL(/\/login$/);
  const success = page.getByRole('status').filter({ hasText: 'Your account is closed' });
  await expect(success).toContainText(`mailed to ${who}@acme.example`);
  await success.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  // Shown once: back at /login later, the sign-in screen.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
});
