import fs from 'node:fs';
import path from 'node:path';
import { auditsResponseSchema } from '@baletrack/contracts/audits/audits';
import { expect, test } from '@playwright/test';
import { FARM_ORIGIN } from '../apps/server/src/features/demo/farm/farm-layout.ts';
import { e2eDataDir } from '../playwright.config.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { idToken, signInAsDemoOwner } from './support/demo-map.ts';
import { ingestBales, newIngestBale } from './support/ingest.ts';

// A worker audits a stack with a phone in a yard without signal
// (docs/product.md#beyond-the-spec-stack-audits): the stack is chosen online, the network goes
// mid-audit, the page is reloaded offline (the service worker keeps the app, the phone keeps the
// audit), the audit is finished offline and waits, and is sent once when the network returns.
// A stack of its own, made with the demo baler's key: four bales moved together south of the
// farm's origin, and one loose bale that turns up in it.

test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } });

const metresSouth = (m: number) => FARM_ORIGIN.lat - m / 111_320;
const metresEast = (m: number) =>
  FARM_ORIGIN.lon + m / (111_320 * Math.cos((46.5 * Math.PI) / 180));

test('a worker audits a stack offline and the audit is sent once the signal returns', async ({
  page,
  context,
  request,
}) => {
  const apiKey = fs.readFileSync(path.join(e2eDataDir, 'demo-baler.key'), 'utf8').trim();
  const run = Date.now();
  const yard = { lat: metresSouth(80), lon: metresEast(40) };
  const now = new Date().toISOString();
  const stacked = [1, 2, 3, 4].map((i) =>
    newIngestBale(
      `AUD-${run}-${i}`,
      { lat: metresSouth(200), lon: metresEast(40 + 30 * i) },
      {
        currentLocation: { lat: yard.lat, lon: yard.lon + (1.5 / 76_600) * i },
        updateTime: now,
      },
    ),
  );
  const stray = newIngestBale(`AUD-${run}-X`, { lat: metresSouth(300), lon: metresEast(10) });
  await ingestBales(request, apiKey, [...stacked, stray]);
  const tags = stacked.map((b) => b.tagSerialNumber as string);

  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: yard.lat, longitude: yard.lon });
  await signInAsDemoOwner(page);
  await page.goto('/audit');
  await expect(page.getByRole('heading', { name: 'Stack audit', level: 1 })).toBeVisible();
  // The service worker keeps the app once it is running.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.getByRole('button', { name: 'Nearest first' }).click();
  // The demo is in US units.
  await expect(page.getByText(/\d+ ft away/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Start audit' }).first().click();
  const scan = page.getByLabel('Scan or type a tag');
  await expect(page.getByText('Found 0 of 4')).toBeVisible();
  // A reader types the tag and Enter.
  await scan.fill(tags[0] as string);
  await scan.press('Enter');
  await expect(page.getByText('Found 1 of 4')).toBeVisible();
  await expect(scan).toBeFocused();
  await expectNoSeriousA11yViolations(page, 'Stack audit');

  // Out of signal: scanning goes on, and a reload opens the same audit.
  await context.setOffline(true);
  for (const tag of [tags[1], tags[2], stray.tagSerialNumber]) {
    await scan.fill(tag as string);
    await scan.press('Enter');
  }
  await expect(page.getByText('Found 3 of 4')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Found 3 of 4')).toBeVisible();
  const notExpected = page.getByRole('list', { name: 'Not expected here' });
  await expect(notExpected).toContainText(stray.tagSerialNumber as string);
  await page.getByRole('button', { name: 'Finish audit' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Finish audit' }).click();
  await expect(
    page.getByText(
      'Offline: 1 audit waits on this phone and will be sent when the connection returns.',
    ),
  ).toBeVisible();

  // The signal returns: the audit goes out by itself within seconds, and its result shows.
  await context.setOffline(false);
  await expect(page.getByRole('list', { name: 'Missing tags' })).toContainText(tags[3] as string);
  await expect(page.getByRole('list', { name: 'Tags not expected' })).toContainText(
    stray.tagSerialNumber as string,
  );

  // Recorded once, with the stray placed on the stack.
  const token = await idToken(page);
  const stacks = await request.get('/data-api/audits/stacks', {
    headers: { authorization: token },
    params: { lat: yard.lat, lon: yard.lon },
  });
  const nearest = (await stacks.json()).stacks[0];
  expect(nearest.baleCount).toBe(5);
  const history = auditsResponseSchema.parse(
    await (
      await request.get('/data-api/audits', {
        headers: { authorization: token },
        params: { stackId: nearest.id },
      })
    ).json(),
  );
  expect(history.audits).toHaveLength(1);
  expect(history.audits[0]).toMatchObject({
    found: tags.slice(0, 3),
    missing: [tags[3]],
    moved: 1,
  });
});
