import { type APIRequestContext, expect, type Page } from '@playwright/test';

// Accounts as the journeys need them: mail read from the local mailbox (no SMTP in the journeys),
// owners registered and confirmed through the same public calls the login screen makes, and the
// sign-in and sign-out a person performs.

/** The newest mail to an address, from the local mailbox page. */
export async function newestMail(request: APIRequestContext, email: string): Promise<string> {
  const page = await (await request.get('/mailbox')).text();
  const article = page.split('<article>').find((a) => a.includes(`>${email}<`));
  const text = article?.split('<pre>')[1]?.split('</pre>')[0] ?? '';
  // The mailbox escapes what it shows; undo the few entities mail text can contain.
  return text.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)));
}

/**
 * The 6-digit code in the newest mail to an address, once it is there: mail leaves through the
 * outbox a moment after the request that queued it answered.
 */
export async function mailedCode(request: APIRequestContext, email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        code = /\b(\d{6})\b/.exec(await newestMail(request, email))?.[1];
        return code;
      },
      { message: `a code in the newest mail to ${email}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return code as string;
}

/** A new organization with a confirmed owner. @returns the owner's email */
export async function registeredOwner(
  request: APIRequestContext,
  options: { organizationName: string; password: string; prefix?: string },
): Promise<string> {
  const email = `${options.prefix ?? 'owner'}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const registered = await request.post('/user-api/public/user/register', {
    data: {
      organizationName: options.organizationName,
      email,
      password: options.password,
      confirmPassword: options.password,
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

/** Fills and sends the sign-in form (from /login). */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await fillSignIn(page, email, password);
}

/**
 * Opens a page signed out, is sent to sign in (the login's redirect), and lands on that page: for
 * journeys that have no business on the map, which would load MapLibre for nothing.
 */
export async function signInTo(page: Page, path: string, email: string, password: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await fillSignIn(page, email, password);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** Fills and sends the sign-in form on the page already shown. */
export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login/);
}
