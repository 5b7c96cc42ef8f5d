// Time from opening the home page, signed in, until the map shows the farm's bales, in
// Debian's Chromium (never a downloaded browser) as the browser journeys drive it.
import { type Browser, chromium, type Page } from '@playwright/test';

export const LOADS = 5;

export interface PageLoads {
  /** Milliseconds per load, in order. */
  samples: number[];
  /** What the map said it shows at the last load. */
  bales: number;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/**
 * Signs in once at /login (then waits for that first map, which is not counted), then loads
 * `/` LOADS times. A load ends when the map is ready on the farm (its fit to the fields done:
 * zoom 10 or closer) and, when `withBales`, counts bales.
 */
export async function measurePageLoads(
  browser: Browser,
  url: string,
  account: { email: string; password: string },
  withBales: boolean,
): Promise<PageLoads> {
  const context = await browser.newContext({
    baseURL: url,
    viewport: { width: 1280, height: 720 },
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    await (await filledSignIn(page, account)).click();
    await mapReady(page, withBales);
    const samples: number[] = [];
    let bales = 0;
    for (let i = 0; i < LOADS; i += 1) {
      const started = performance.now();
      await page.goto('/');
      bales = await mapReady(page, withBales);
      samples.push(performance.now() - started);
    }
    return { samples, bales };
  } finally {
    await context.close();
  }
}

/**
 * A cold sign-in, LOADS times: each in a new browser context (empty cache, nothing stored), from
 * the sign-in click until the map is ready on the farm (and, when `withBales`, shows bales).
 */
export async function measureColdSignIns(
  browser: Browser,
  url: string,
  account: { email: string; password: string },
  withBales: boolean,
): Promise<PageLoads> {
  const samples: number[] = [];
  let bales = 0;
  for (let i = 0; i < LOADS; i += 1) {
    const context = await browser.newContext({
      baseURL: url,
      viewport: { width: 1280, height: 720 },
      // The offline copy a service worker fetches is not part of a page's load.
      serviceWorkers: 'block',
    });
    try {
      const signIn = await filledSignIn(await context.newPage(), account);
      const started = performance.now();
      await signIn.click();
      bales = await mapReady(signIn.page(), withBales);
      samples.push(performance.now() - started);
    } finally {
      await context.close();
    }
  }
  return { samples, bales };
}

/** The sign-in form filled in at /login; returns its button, for the caller to click. */
export async function filledSignIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  return page.getByRole('button', { name: 'Sign in' });
}

// The page's document, as far as the check below reads it (scripts are typed without the DOM).
type PageDocument = {
  querySelector(selector: string): { dataset: Record<string, string | undefined> } | null;
};

/** Waits (checking every frame) until the map is ready on the farm; returns its bale count. */
export async function mapReady(page: Page, withBales: boolean): Promise<number> {
  const handle = await page.waitForFunction(
    (needBales) => {
      const { document } = globalThis as unknown as { document: PageDocument };
      const map = document.querySelector('[data-testid="bale-map"]');
      if (map?.dataset.state !== 'ready' || Number(map.dataset.zoom) < 10) return false;
      const bales = Number(map.dataset.bales);
      return needBales && !(bales > 0) ? false : { bales };
    },
    withBales,
    { polling: 'raf', timeout: 60_000 },
  );
  const { bales } = (await handle.jsonValue()) as { bales: number };
  return bales;
}
