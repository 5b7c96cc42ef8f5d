import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { fillSignIn, mailedCode, signOut } from './support/accounts.ts';
import { answerPoolOverHttps } from './support/https.ts';

// The first journey every grower takes: register, confirm by mail, sign in, stay signed in
// across a reload, sign out, and come back to where they were going.

const password = 'Firstcut2026';

test('a grower registers, confirms, signs in, reloads, signs out and is sent back after signing in', async ({
  page,
}) => {
  const email = `grower-${Date.now()}@example.com`;
  await page.goto('/');
  await expect(page).toHaveURL(/\/login\?redirect=home$/);

  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByLabel('Organization name').fill('Clover Ridge Hay');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill('Different2026');
  await page.getByRole('button', { name: 'Create account' }).click();
  // The spec's rules, word for word, before anything is sent.
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page.getByText('You must agree to the EULA')).toBeVisible();
  await expect(page.getByText('You must agree to the Privacy Statement')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the registration form with its messages');

  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('checkbox', { name: 'I agree to the EULA' }).check();
  await page.getByRole('checkbox', { name: 'I agree to the Privacy Statement' }).check();
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByLabel('Confirmation code')).toBeVisible();
  // A lost first mail: a new code replaces it, and the newest mail holds the one that works.
  await page.getByRole('button', { name: 'Resend code' }).click();
  await expect(page.getByText(`A new code was sent to ${email}.`)).toBeVisible();
  await page.getByLabel('Confirmation code').fill(await mailedCode(page.request, email));
  await page.getByRole('button', { name: 'Confirm' }).click();

  // Confirming signs the new owner in and lands on the home page of their organization.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Clover Ridge Hay')).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Clover Ridge Hay')).toBeVisible();

  await signOut(page);

  await page.goto('/');
  await expect(page).toHaveURL(/\/login\?redirect=home$/);
  await fillSignIn(page, email, password);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Clover Ridge Hay')).toBeVisible();
});

test('the demo owner signs in with the credentials the README shows', async ({ page }) => {
  await page.goto('/login');
  await fillSignIn(page, 'demo@baletrack.local', 'Baletrack-demo1');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Yakima Valley Hay (demo)')).toBeVisible();
});

test('a wrong password is refused with a clear message and no session', async ({ page }) => {
  await page.goto('/login');
  await fillSignIn(page, 'demo@baletrack.local', 'Wrong-password1');
  await expect(page.getByText('Incorrect username or password.')).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(/\/login\?redirect=home$/);
});

test('signing out clears the session even when the server cannot revoke the token', async ({
  page,
}) => {
  await page.goto('/login');
  await fillSignIn(page, 'demo@baletrack.local', 'Baletrack-demo1');
  await expect(page).toHaveURL(/\/$/);

  // docs/product.md#sign-out: token removal proceeds even if revocation fails.
  let revocations = 0;
  await page.route('**/cognito/', async (route) => {
    if (route.request().headers()['x-amz-target']?.endsWith('.RevokeToken')) {
      revocations++;
      await route.fulfill({
        status: 400,
        headers: { 'x-amzn-errortype': 'InternalErrorException' },
        contentType: 'application/x-amz-json-1.1',
        body: JSON.stringify({ __type: 'InternalErrorException', message: 'unavailable' }),
      });
      return;
    }
    await route.continue();
  });
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(revocations).toBe(1);

  await page.goto('/');
  await expect(page).toHaveURL(/\/login\?redirect=home$/);
  const tokensLeft = await page.evaluate(
    () =>
      Object.keys(localStorage).filter((k) => k.startsWith('CognitoIdentityServiceProvider'))
        .length,
  );
  expect(tokensLeft).toBe(0);
});

test('a grower signs in with the equipment maker’s account, comes back to the page they wanted, and signs out of it', async ({
  page,
  context,
  baseURL,
}) => {
  // The journeys' server federates a real OpenID provider ("Acme ID", scripts/e2e-server.mjs).
  await answerPoolOverHttps(context, baseURL ?? '');
  const who = `grower-${Date.now()}`;
  await page.goto('/fields');
  await expect(page).toHaveURL(/\/login\?redirect=fields$/);
  await page.getByRole('button', { name: 'Sign in with Acme ID' }).click();

  // The provider's own sign-in page; then back through the hosted sign-in to the app.
  await page.locator('input[name="login"]').fill(who);
  await page.locator('input[name="password"]').fill('anything');
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/fields$/);
  // A new person: an organization of their own, named after them.
  await expect(page.getByText(`${who}'s farm`)).toBeVisible();

  // Signing out goes through the hosted sign-out, back to the registered login page.
  const hostedSignOut = page.waitForRequest(/^https:\/\/[^/]+\/cognito\/logout\?/);
  await signOut(page);
  expect(new URL((await hostedSignOut).url()).searchParams.get('logout_uri')).toBe(
    `${baseURL}/login`,
  );
  await page.goto('/');
  await expect(page).toHaveURL(/\/login\?redirect=home$/);
});

test('a provider that has not verified the address sends the grower back with the reason', async ({
  page,
  context,
  baseURL,
}) => {
  await answerPoolOverHttps(context, baseURL ?? '');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Acme ID' }).click();
  await page.locator('input[name="login"]').fill(`unverified-${Date.now()}`);
  await page.locator('input[name="password"]').fill('anything');
  await page.locator('button[type="submit"]').click();
  await expect(
    page.getByText('Acme ID has not verified your email address, so it cannot sign you in here.', {
      exact: false,
    }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
});
