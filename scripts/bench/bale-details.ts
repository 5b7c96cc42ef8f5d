// Time from a click on a bale until its details are drawn, in Debian's Chromium as the browser
// journeys drive it: clicks on bales on the map, and on bales in the list of what is in view,
// each a bale whose details the page has not asked for before; beside the call behind them.
import http from 'node:http';
import type { Browser, Page } from '@playwright/test';
import { filledSignIn, mapReady } from './page-load.ts';
import { median } from './stats.ts';

export const DETAIL_CLICKS = 5;
export const BALE_DETAILS_TARGET_MS = 300;
/** The zoom a bale opened by its link is shown at (the web app's FOCUS_ZOOM). */
const FOCUS_ZOOM = 17;
const VIEWPORT = { width: 1280, height: 720 };

export interface BaleDetailsRun {
  /** Milliseconds from the click to the details drawn, per click. */
  mapMs: number[];
  listMs: number[];
  /** `GET /bale-info/get` of the same bales, called alone. */
  apiMs: number[];
}

// In the page (a string: the benchmark's scripts are typed without the DOM): from the next
// pointerdown until the details' rows are in the document and the frame that paints them ran.
const ARM_TIMER = `window.__baleDetailsMs = undefined;
addEventListener('pointerdown', () => {
  const start = performance.now();
  const drawn = () => {
    const panel = document.querySelector('section[aria-label="Bale details"]');
    return panel && panel.querySelector('tr') && !panel.querySelector('[aria-label="Loading bale details"]');
  };
  const observer = new MutationObserver(() => {
    if (!drawn()) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => { window.__baleDetailsMs = performance.now() - start; }));
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
}, { once: true, capture: true })`;

/**
 * Milliseconds from the click until the details are drawn; -1 when the click opened a stack
 * (lying over the bale aimed at), undefined when it opened nothing within a minute.
 */
async function timeClick(page: Page, click: () => Promise<void>): Promise<number | undefined> {
  await page.evaluate(ARM_TIMER);
  await click();
  const done = await page
    .waitForFunction(
      () => {
        const inPage = globalThis as unknown as {
          __baleDetailsMs?: number;
          document: { querySelector(selector: string): unknown };
        };
        const stack = inPage.document.querySelector('section[aria-label="Stack details"]');
        return inPage.__baleDetailsMs ?? (stack ? -1 : undefined);
      },
      null,
      { timeout: 60_000 },
    )
    .catch(() => undefined);
  return done && Number(await done.jsonValue());
}

/** The bale the page opened: the address follows a choice as a navigation, a moment later. */
async function openedBale(page: Page): Promise<string> {
  await page.waitForURL((url) => url.searchParams.has('bale'));
  return new URL(page.url()).searchParams.get('bale') ?? '';
}

async function closeDetails(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Close bale details' }).click();
  await page.waitForURL((url) => !url.searchParams.has('bale'));
  await mapReady(page, true);
  // The map settles (a list choice brings its bale to the middle) before the next click.
  await page.waitForTimeout(1_500);
}

/** Clicks bales in the list of what is in view, zoomed in through its clusters. */
async function clickInList(page: Page, opened: string[]): Promise<number[]> {
  await page.goto('/');
  await mapReady(page, true);
  await page.getByRole('button', { name: 'List', exact: true }).click();
  const bales = page.getByRole('list', { name: 'Bales in view' }).getByRole('button');
  const clusters = page.getByRole('list', { name: 'Clusters in view' }).getByRole('button');
  for (let step = 0; step < 12 && (await bales.count()) === 0; step += 1) {
    await bales.or(clusters).first().waitFor();
    if ((await bales.count()) > 0) break;
    const zoom = await page.getByTestId('bale-map').getAttribute('data-zoom');
    await clusters.first().click();
    await page
      .locator(`[data-testid="bale-map"]:not([data-zoom="${zoom}"])`)
      .waitFor({ state: 'attached' });
    await mapReady(page, true);
  }
  const clicked = new Set<string>();
  const samples: number[] = [];
  while (samples.length < DETAIL_CLICKS) {
    await bales.first().waitFor();
    const names = await bales.allInnerTexts();
    const index = names.findIndex((name) => !clicked.has(name));
    if (index < 0) throw new Error('bale details: too few bales in the list');
    clicked.add(names[index] as string);
    const ms = await timeClick(page, () => bales.nth(index).click());
    if (ms === undefined || ms < 0) throw new Error('bale details: a bale of the list not drawn');
    samples.push(ms);
    opened.push(await openedBale(page));
    await closeDetails(page);
  }
  return samples;
}

// Web Mercator in pixels of a 512-pixel tile at `zoom`, as MapLibre draws.
const worldPixels = (zoom: number) => 512 * 2 ** zoom;
const mercatorX = (lon: number, zoom: number) => ((lon + 180) / 360) * worldPixels(zoom);
const mercatorY = (lat: number, zoom: number) =>
  ((1 - Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) / Math.PI) / 2) * worldPixels(zoom);

interface LooseBale {
  uid: string;
  lon: number;
  lat: number;
}

async function getJson<T>(url: string, idToken: string): Promise<T> {
  const response = await fetch(url, { headers: { authorization: idToken } });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return (await response.json()) as T;
}

/**
 * Bales drawn on their own near a first one, 40–200 px from it at the zoom its link opens: the
 * map is opened on the first (`/?bale=`, which centres it at that zoom) and a neighbour clicked.
 */
async function pairsToClick(url: string, idToken: string): Promise<[LooseBale, LooseBale][]> {
  const all = await getJson<{
    bales: { uid: string; currentLocation: { lon: number; lat: number } }[];
  }>(`${url}/data-api/bales/all`, idToken);
  const bales = all.bales.map(({ uid, currentLocation }) => ({ uid, ...currentLocation }));
  const pairs: [LooseBale, LooseBale][] = [];
  for (let i = 0; i < bales.length && pairs.length < 3 * DETAIL_CLICKS; i += 97) {
    const first = bales[i] as LooseBale;
    const box = `west=${first.lon - 0.002}&south=${first.lat - 0.002}&east=${first.lon + 0.002}&north=${first.lat + 0.002}`;
    const view = await getJson<{ bales: LooseBale[] }>(
      `${url}/data-api/clusters/get?${box}&zoom=${FOCUS_ZOOM}`,
      idToken,
    );
    if (!view.bales.some((bale) => bale.uid === first.uid)) continue;
    const near = view.bales.find((bale) => {
      const dx = mercatorX(bale.lon, FOCUS_ZOOM) - mercatorX(first.lon, FOCUS_ZOOM);
      const dy = mercatorY(bale.lat, FOCUS_ZOOM) - mercatorY(first.lat, FOCUS_ZOOM);
      return Math.hypot(dx, dy) >= 40 && Math.abs(dx) <= 200 && Math.abs(dy) <= 200;
    });
    if (near) pairs.push([first, near]);
  }
  if (pairs.length < DETAIL_CLICKS) throw new Error('bale details: too few bales to click');
  return pairs;
}

/** Clicks bales on the map, each on a page opened on a neighbour (its details not asked yet). */
async function clickOnMap(page: Page, url: string, idToken: string, opened: string[]) {
  const samples: number[] = [];
  for (const [first, next] of await pairsToClick(url, idToken)) {
    await page.goto(`/?bale=${first.uid}`);
    await page.locator('[data-testid="bale-map"][data-focused="true"]').waitFor();
    await mapReady(page, true);
    await page.getByRole('region', { name: 'Bale details' }).locator('tr').first().waitFor();
    await closeDetails(page);
    const canvas = await page.locator('canvas.maplibregl-canvas').boundingBox();
    if (!canvas) throw new Error('bale details: no map canvas');
    const x =
      canvas.x +
      canvas.width / 2 +
      mercatorX(next.lon, FOCUS_ZOOM) -
      mercatorX(first.lon, FOCUS_ZOOM);
    const y =
      canvas.y +
      canvas.height / 2 +
      mercatorY(next.lat, FOCUS_ZOOM) -
      mercatorY(first.lat, FOCUS_ZOOM);
    const ms = await timeClick(page, () => page.mouse.click(x, y));
    // A stack or the first bale itself (its details known) may lie over the neighbour, or the
    // click find nothing: such a click is not counted, and the next pair tried.
    if (ms === -1) {
      await page.getByRole('button', { name: 'Close stack details' }).click();
      continue;
    }
    if (ms === undefined) {
      if (await page.getByRole('region', { name: 'Bale details' }).count()) {
        throw new Error('bale details: a bale clicked on the map not drawn within a minute');
      }
      continue;
    }
    const bale = await openedBale(page);
    if (bale === first.uid) continue;
    samples.push(ms);
    opened.push(bale);
    if (samples.length === DETAIL_CLICKS) break;
  }
  if (samples.length < DETAIL_CLICKS) throw new Error('bale details: too few bales hit on the map');
  return samples;
}

/** `GET /bale-info/get` of each bale, four rounds on one kept-alive connection, the last kept. */
async function timeApi(url: string, idToken: string, uids: string[]): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const call = (uid: string) =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now();
      http
        .get(
          `${url}/data-api/bale-info/get?uid=${uid}`,
          { agent, headers: { authorization: idToken } },
          (response) => {
            response.resume();
            response.on('end', () =>
              response.statusCode === 200
                ? resolve(performance.now() - started)
                : reject(new Error(`bale-info ${uid}: ${response.statusCode}`)),
            );
          },
        )
        .on('error', reject);
    });
  let samples: number[] = [];
  for (let round = 0; round < 4; round += 1) {
    samples = [];
    for (const uid of uids) samples.push(await call(uid));
  }
  agent.destroy();
  return samples;
}

export async function measureBaleDetails(
  browser: Browser,
  url: string,
  account: { email: string; password: string },
  idToken: string,
): Promise<BaleDetailsRun> {
  const context = await browser.newContext({
    baseURL: url,
    viewport: VIEWPORT,
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    await (await filledSignIn(page, account)).click();
    await mapReady(page, true);
    const opened: string[] = [];
    const mapMs = await clickOnMap(page, url, idToken, opened);
    const listMs = await clickInList(page, opened);
    return { mapMs, listMs, apiMs: await timeApi(url, idToken, opened) };
  } finally {
    await context.close();
  }
}

const ms = (n: number) => `${Math.round(n)} ms`;
const spread = (samples: number[]) =>
  `p50 ${ms(median(samples))} (${ms(Math.min(...samples))}–${ms(Math.max(...samples))})`;

/** The report's row: both kinds of click meet the target at their median. */
export function baleDetailsRow(run: BaleDetailsRun) {
  return {
    measure: `bale details after a click, Chromium, ${VIEWPORT.width}×${VIEWPORT.height}, ${run.mapMs.length} clicks on the map and ${run.listMs.length} in the list of what is in view`,
    ours: `on the map ${spread(run.mapMs)}; in the list ${spread(run.listMs)}`,
    baseline: `\`/bale-info/get\` of the same bales alone: p50 ${median(run.apiMs).toFixed(1)} ms`,
    target: `≤ ${BALE_DETAILS_TARGET_MS} ms p50 each`,
    pass:
      median(run.mapMs) <= BALE_DETAILS_TARGET_MS && median(run.listMs) <= BALE_DETAILS_TARGET_MS,
  };
}
