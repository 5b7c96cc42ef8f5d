// The bytes of a first visit, as Chromium received them (encoded bodies; headers apart) with an
// empty cache: the sign-in page, and the signed-in map until it shows the farm's bales.
import type { Browser, BrowserContext, Page, Request } from '@playwright/test';
import { mapReady } from './page-load.ts';

/** Bytes by Chromium's resource type (document, script, stylesheet, fetch, image, font…). */
export type BytesByType = Record<string, number>;

/** What crossed the wire, and the same bodies decoded (what they would weigh uncompressed). */
export interface Transfer {
  /** Encoded bodies. */
  sent: BytesByType;
  /** Response headers, apart: HTTP/2 at a reverse proxy compresses them, HTTP/1.1 does not. */
  headers: number;
  decoded: number;
  /**
   * Requests that ended without an answer (cancelled by the page, as MapLibre cancels tiles it no
   * longer needs, or unreachable, as the imagery probe offline): not in the sums above.
   */
  unanswered: number;
}

export interface PageBytes {
  login: Transfer;
  map: Transfer;
  /** The Accept-Encoding Chromium sent for the page (br only on secure origins and localhost). */
  acceptEncoding: string;
}

export const LOGIN_SCRIPT_TARGET = 150_000;
export const MAP_TOTAL_TARGET = 700_000;

export async function measurePageBytes(
  browser: Browser,
  url: string,
  account: { email: string; password: string },
): Promise<PageBytes> {
  // No service worker: it would fetch the whole app for offline use in the background, which is
  // not what the first screen needs (docs/adr/0039-stack-audits-offline.md).
  const options = {
    baseURL: url,
    viewport: { width: 1280, height: 720 },
    serviceWorkers: 'block' as const,
  };
  // Signed in once to carry the stored tokens into a context whose cache is empty.
  const signIn = await browser.newContext(options);
  let storageState: Awaited<ReturnType<BrowserContext['storageState']>>;
  let login: Transfer;
  let acceptEncoding = '';
  try {
    const page = await signIn.newPage();
    page.on('requestfinished', async (request) => {
      if (request.resourceType() === 'document') {
        acceptEncoding = (await request.allHeaders())['accept-encoding'] ?? '';
      }
    });
    login = await recordBytes(page, async () => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
    });
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await mapReady(page, true);
    storageState = await signIn.storageState();
  } finally {
    await signIn.close();
  }
  const visit = await browser.newContext({ ...options, storageState });
  try {
    const page = await visit.newPage();
    const map = await recordBytes(page, async () => {
      await page.goto('/');
      await mapReady(page, true);
    });
    return { login, map, acceptEncoding };
  } finally {
    await visit.close();
  }
}

/** Sums what `load` transfers, until the network has been idle for half a second. */
async function recordBytes(page: Page, load: () => Promise<void>): Promise<Transfer> {
  const pending: Promise<void>[] = [];
  const sent: BytesByType = {};
  let headers = 0;
  let decoded = 0;
  let unanswered = 0;
  const onFailed = () => {
    unanswered++;
  };
  const onFinished = (request: Request) => {
    pending.push(
      (async () => {
        const sizes = await request.sizes();
        const type = request.resourceType();
        sent[type] = (sent[type] ?? 0) + sizes.responseBodySize;
        headers += sizes.responseHeadersSize;
        const body = await (await request.response())?.body().catch(() => undefined);
        decoded += body?.length ?? sizes.responseBodySize;
      })(),
    );
  };
  page.on('requestfinished', onFinished);
  page.on('requestfailed', onFailed);
  try {
    await load();
    await page.waitForLoadState('networkidle');
  } finally {
    page.off('requestfinished', onFinished);
    page.off('requestfailed', onFailed);
  }
  await Promise.all(pending);
  return { sent, headers, decoded, unanswered };
}

export const totalBytes = (bytes: BytesByType) =>
  Object.values(bytes).reduce((sum, n) => sum + n, 0);

const kb = (n: number) => `${Math.round(n / 1000).toLocaleString('en-US')} KB`;

/** The report's rows: the sign-in page's scripts and the map's total, each by type. */
export function pageBytesRows(run: PageBytes) {
  const byType = (bytes: BytesByType) =>
    Object.entries(bytes)
      .sort(([, a], [, b]) => b - a)
      .map(([type, n]) => `${type} ${kb(n)}`)
      .join(', ');
  const loginScripts = run.login.sent.script ?? 0;
  const mapTotal = totalBytes(run.map.sent);
  const encoding = `Chromium sent Accept-Encoding: ${run.acceptEncoding || 'none'}`;
  const unanswered = (t: Transfer) =>
    t.unanswered > 0
      ? `; ${t.unanswered} request${t.unanswered === 1 ? '' : 's'} without an answer, not counted`
      : '';
  return [
    {
      measure: 'first visit to `/login`, empty cache: JavaScript transferred (encoded bodies)',
      ours:
        `${kb(loginScripts)} (in all ${kb(totalBytes(run.login.sent))}: ${byType(run.login.sent)}; ` +
        `headers ${kb(run.login.headers)} more${unanswered(run.login)})`,
      baseline: `the same bodies decoded: ${kb(run.login.decoded)} in all; ${encoding}`,
      target: `≤ ${kb(LOGIN_SCRIPT_TARGET)}`,
      pass: loginScripts <= LOGIN_SCRIPT_TARGET,
    },
    {
      measure: 'first visit to the signed-in map, empty cache: every body transferred',
      ours: `${kb(mapTotal)} (${byType(run.map.sent)}; headers ${kb(run.map.headers)} more${unanswered(run.map)})`,
      baseline: `the same bodies decoded: ${kb(run.map.decoded)}`,
      target: `≤ ${kb(MAP_TOTAL_TARGET)}`,
      pass: mapTotal <= MAP_TOTAL_TARGET,
    },
  ];
}
