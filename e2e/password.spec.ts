import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

// Passwords: a grower who forgot theirs resets it with a mailed code; a signed-in grower
// changes theirs from User Settings. Both then sign in with the new password only.

async function mailedCode(request: APIRequestContext, email: string): Promise<string> {
  const page = await (await request.get('/mailbox')).text();
  const mail = page.split('<article>').find((article) => article.includes(email));
  const code = /\b(\d{6})\b/.exec(mail?.split('<pre>')[1] ?? '')?.[1];
  expect(code, `a code in the newest mail to ${email}`).toBeTruthy();
  return code as string;
}

/** A confirmed owner, registered and confirmed the way the app does it. */
async function registeredOwner(request: APIRequestContext, password: string) {
  const email = `pw-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const registered = await request.post('/user-api/public/user/register', {
    data: {
      organizationName: 'Password Farm',
      email,
      password,
      confirmPassword: password,
      eulaAccepted: true,
      privacyAccepted: true,
    },
  });
  expect(registered.status()).toBe(201);
  const config = await (await request.get('/config.json')).json();
  const confirmed = await request.post('/cognito/', {
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.ConfirmSignUp',
    },
    data: JSON.stringify({
      ClientId: config.userPoolClientId,
      Username: email,
      ConfirmationCode: await mailedCode(request, email),
    }),
  });
  expect(confirmed.status()).toBe(200);
  return email;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a grower who forgot their password resets it with the mailed code', async ({
  page,
  request,
}) => {
  const email = await registeredOwner(request, 'Original2026');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();

  await page.getByLabel('Confirmation code').fill(await mailedCode(request, email));
  await page.getByLabel('New password', { exact: true }).fill('Renewed2026');
  await page.getByLabel('Confirm password').fill('Renewed2026');
  await page.getByRole('button', { name: 'Reset password' }).click();

  await signIn(page, email, 'Original2026');
  await expect(page.getByText('Incorrect username or password.')).toBeVisible();
  await signIn(page, email, 'Renewed2026');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Password Farm')).toBeVisible();
});

test('a signed-in grower changes their password from User Settings', async ({ page, request }) => {
  const email = await registeredOwner(request, 'Before2026x');
  await signIn(page, email, 'Before2026x');
  await expect(page.getByText('Password Farm')).toBeVisible();

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'User Settings' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Current password').fill('Wrong-guess1');
  await dialog.getByLabel('New password', { exact: true }).fill('After2026x');
  await dialog.getByLabel('Confirm password').fill('After2026x');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(
    dialog.getByText(
      'Failed to change password. Please check your login status or try again later.',
    ),
  ).toBeVisible();

  await dialog.getByLabel('Current password').fill('Before2026x');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, email, 'After2026x');
  await expect(page).toHaveURL(/\/$/);
});
