// Time from opening the home page, signed in, until the map shows the farm's bales, in
// Debian's Chromium (never a downloaded browser) as the browser journeys drive it.
import { type Browser, chromium, type Page } from '@playwright/test';
import { median, seconds as s } from './stats.ts';

export const LOADS = 5;
export const PAGE_LOAD_TARGET_MS = 2_000;
/** From the sign-in click to the farm's clusters in a browser with nothing cached. */
export const COLD_SIGN_IN_TARGET_MS = 2_500;

/** Who signs in. */
export interface SignInAccount {
  email: string;
  password: string;
}

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
  account: SignInAccount,
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
  account: SignInAccount,
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

/** Warm loads and cold sign-ins of a farm, each beside an organization without bales. */
export interface PageLoadRuns {
  farm: PageLoads;
  empty: PageLoads;
  coldFarm: PageLoads;
  coldEmpty: PageLoads;
}

/** Measures the page-load rows' four runs, in the order the report lists them. */
export async function measurePageLoadRuns(
  browser: Browser,
  url: string,
  accounts: { farm: SignInAccount; empty: SignInAccount },
): Promise<PageLoadRuns> {
  return {
    farm: await measurePageLoads(browser, url, accounts.farm, true),
    empty: await measurePageLoads(browser, url, accounts.empty, false),
    coldFarm: await measureColdSignIns(browser, url, accounts.farm, true),
    coldEmpty: await measureColdSignIns(browser, url, accounts.empty, false),
  };
}

const spread = ({ samples, bales }: PageLoads) =>
  `${s(median(samples))} (${s(Math.min(...samples))}–${s(Math.max(...samples))}; ${bales.toLocaleString('en-US')} bales in view)`;

/** The report's two rows: a signed-in page load and a cold sign-in, each at its median. */
export function pageLoadRows(runs: PageLoadRuns) {
  return [
    {
      measure: `signed-in page load to bales drawn, Chromium, median of ${LOADS}`,
      ours: spread(runs.farm),
      baseline: `organization without bales, same fields: ${s(median(runs.empty.samples))}`,
      target: `≤ ${s(PAGE_LOAD_TARGET_MS)}`,
      pass: median(runs.farm.samples) <= PAGE_LOAD_TARGET_MS,
    },
    {
      measure: `sign-in click to bales drawn, cold browser (empty cache), Chromium, median of ${LOADS}`,
      ours: spread(runs.coldFarm),
      baseline: `organization without bales, same fields: ${s(median(runs.coldEmpty.samples))}`,
      target: `≤ ${s(COLD_SIGN_IN_TARGET_MS)}`,
      pass: median(runs.coldFarm.samples) <= COLD_SIGN_IN_TARGET_MS,
    },
  ];
}

/** The sign-in form filled in at /login; returns its button, for the caller to click. */
export async function filledSignIn(page: Page, account: SignInAccount) {
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
