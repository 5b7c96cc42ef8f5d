import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3199);
const baseURL = `http://localhost:${port}`;
/** The product's data folder during the journeys (emptied at each start). */
export const e2eDataDir = path.resolve(process.env.E2E_DATA_DIR ?? '.tmp/e2e-data');
// A second product as `npm start` configures it (no payments), for a grower's own install.
const plainPort = port + 2;
const plainURL = `http://localhost:${plainPort}`;

// Journeys run against the built product on a fresh embedded database, in Debian's Chromium
// (never a downloaded browser). The flags keep Chromium off the closed network.
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? 'list' : [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // A failed journey keeps its actions (each click's target and retries), network and console;
    // screenshots and DOM snapshots of every step cost a sixth of the journeys' time.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
    // The built app registers a service worker, which would answer requests that journeys route
    // with page.route; a journey about working offline allows it again with test.use.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, testIgnore: /first-hour/ },
    {
      name: 'own-install',
      use: { ...devices['Desktop Chrome'], baseURL: plainURL },
      testMatch: /first-hour\.spec\.ts/,
    },
  ],
  webServer: [
    {
      command: 'node scripts/e2e-server.mjs',
      url: `${baseURL}/config.json`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: { PORT: String(port), PUBLIC_URL: baseURL, E2E_DATA_DIR: e2eDataDir },
    },
    {
      command: 'node scripts/e2e-server.mjs',
      url: `${plainURL}/config.json`,
      timeout: 120_000,
      reuseExistingServer: false,
      // The demo farm is left out: it changes nothing for a new organization, and costs a start.
      env: {
        PORT: String(plainPort),
        PUBLIC_URL: plainURL,
        E2E_DATA_DIR: path.resolve('.tmp/e2e-plain-data'),
        E2E_PLAIN: 'true',
        SEED_DEMO: 'false',
      },
    },
  ],
});
