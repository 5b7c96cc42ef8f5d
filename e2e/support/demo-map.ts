import { expect, type Locator, type Page } from '@playwright/test';

// Steps the map journeys share: the demo owner's sign-in, the map's own report of what it drew,
// and drilling down from clusters to one bale through the keyboard-reachable list of what is in
// view (the map itself is a WebGL canvas).

export const demoOwner = { email: 'demo@baletrack.local', password: 'Baletrack-demo1' };

export const baleMap = (page: Page): Locator => page.getByTestId('bale-map');

/** A number the map reports about what it drew, e.g. `data-bales` or `data-clusters`. */
export async function mapCount(page: Page, attribute = 'data-bales'): Promise<number> {
  return Number((await baleMap(page).getAttribute(attribute)) ?? 'NaN');
}

export async function signInAsDemoOwner(page: Page): Promise<void> {
  if (!(await restoreSession(page))) {
    await page.goto('/login');
    await page.getByLabel('Email').fill(demoOwner.email);
    await page.getByLabel('Password', { exact: true }).fill(demoOwner.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    storedSession = await page.evaluate(() => ({ ...localStorage }));
  }
  await expect(baleMap(page)).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
  // The map moves onto the farm once after loading: journeys start from there.
  await waitForMapOpened(page);
}

// The demo owner's first sign-in of the run is walked on the sign-in page; later journeys open the
// map with what it stored (the web app's localStorage), as a grower coming back does, while the
// server still takes its id token. Signing in itself is the identity journeys' subject.
let storedSession: Record<string, string> | undefined;

async function restoreSession(page: Page): Promise<boolean> {
  const session = storedSession;
  const key = session && Object.keys(session).find((k) => k.endsWith('.idToken'));
  if (!session || !key) return false;
  const check = await page.request.get('/user-api/user', {
    headers: { authorization: session[key] ?? '' },
  });
  if (!check.ok()) {
    storedSession = undefined;
    return false;
  }
  // Any page of the origin holds its localStorage; the configuration is the lightest.
  await page.goto('/config.json');
  await page.evaluate((stored) => {
    for (const [name, value] of Object.entries(stored)) localStorage.setItem(name, value);
  }, session);
  await page.goto('/');
  return true;
}

/** Waits until the map has moved onto the farm (its bales, fields or region) once. */
export async function waitForMapOpened(page: Page): Promise<void> {
  await expect(baleMap(page)).toHaveAttribute('data-opened', 'true', { timeout: 20_000 });
  await expect(baleMap(page)).toHaveAttribute('data-state', 'ready');
}

/** The signed-in user's id token, as the web app sends it. */
export async function idToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
    return key ? (localStorage.getItem(key) ?? '') : '';
  });
}

export async function openMenuItem(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
}

/**
 * Opens the list of what is in view and zooms into its first cluster until single bales are
 * listed.
 * @returns the list's bale buttons
 */
export async function zoomToBalesInView(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'List', exact: true }).click();
  const bales = page.getByRole('list', { name: 'Bales in view' }).getByRole('button');
  const clusters = page.getByRole('list', { name: 'Clusters in view' }).getByRole('button');
  for (let step = 0; step < 12; step++) {
    await expect(bales.or(clusters).first()).toBeVisible();
    if ((await bales.count()) > 0) break;
    // A cluster zooms the map in: wait for the new zoom's answer, not the list before it.
    const zoom = (await baleMap(page).getAttribute('data-zoom')) ?? '';
    await clusters.first().click();
    await expect(baleMap(page)).not.toHaveAttribute('data-zoom', zoom);
    await expect(baleMap(page)).toHaveAttribute('data-state', 'ready');
  }
  return bales;
}

/**
 * Zooms into the biggest cluster until single bales are in view, then opens the first one.
 * @returns the opened bale's uid
 */
export async function openFirstBaleInView(page: Page): Promise<string> {
  const bales = await zoomToBalesInView(page);
  const first = bales.first();
  // Named for people (tag serial, field, time), never by uid: the uid is in the address bar.
  await expect(first).toHaveText(/^(Bale \S+|Untagged bale)/);
  await first.click();
  await expect(page.getByRole('region', { name: 'Bale details' })).toBeVisible();
  await expect(page).toHaveURL(/[?&]bale=/);
  return new URL(page.url()).searchParams.get('bale') ?? '';
}

/** The value cell of a row of the bale details panel, e.g. 'Weight'. */
export function baleDetail(page: Page, label: string): Locator {
  return page
    .getByRole('region', { name: 'Bale details' })
    .getByRole('row', { name: new RegExp(`^${label} `) })
    .getByRole('cell');
}
