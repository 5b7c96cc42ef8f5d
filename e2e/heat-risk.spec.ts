import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { FARM_ORIGIN } from '../apps/server/src/features/demo/farm/farm-layout.ts';
import { e2eDataDir } from '../playwright.config.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { baleMap, openMenuItem, signInAsDemoOwner } from './support/demo-map.ts';
import { ingestBales, newIngestBale } from './support/ingest.ts';

// The demo owner opens the heat-risk watch list from the menu and reads why a bale is on it
// (docs/product.md#beyond-the-spec-heat-risk). The demo's bales are from the season, mostly older
// than the six weeks the list watches, so the journey first bales one too wet with the demo
// baler's key (written to the data directory when the demo is seeded).

test('the owner opens the heat-risk list and finds a wet bale with its reasons', async ({
  page,
  request,
}) => {
  const apiKey = fs.readFileSync(path.join(e2eDataDir, 'demo-baler.key'), 'utf8').trim();
  const uid = `WET-${Date.now()}`;
  // On the demo farm itself: a bale far from it would widen the map's opening view for the
  // journeys that follow.
  const place = FARM_ORIGIN;
  await ingestBales(request, apiKey, [
    newIngestBale(uid, place, {
      weightKg: 520,
      // 23 % in a 3x4 large square: 7 points above the safe 16 %, baled today: high.
      avgMoisture: 23,
      peakMoisture: 26,
      temperature: 31,
    }),
  ]);

  await signInAsDemoOwner(page);
  await openMenuItem(page, 'Heat Risk');
  await expect(page).toHaveURL(/\/heat-risk$/);
  await expect(page.getByRole('heading', { name: 'Heat risk', level: 1 })).toBeVisible();

  const list = page.getByRole('list', { name: 'Bales and stacks at risk' });
  const entry = list.getByRole('listitem', { name: `Bale TAG-${uid}` });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('High risk');
  await expect(entry).toContainText('Moisture 23 %, 7 points above the safe 16 %.');
  await expect(entry).toContainText('3x4 large square: dry large squares are safe up to 16 %.');
  await expect(entry).toContainText('No preservative applied.');
  await expect(entry).toContainText('Baled today: heating peaks in the first week.');
  // Most urgent first: nothing above it scores lower (its score, 7, is high).
  await expect(list.getByRole('listitem').first()).toContainText('High risk');
  await expectNoSeriousA11yViolations(page, 'the heat-risk list');

  // From the list to the map: the bale's details open there, its ring drawn around it.
  await entry.getByRole('link', { name: `Show on the map: Bale TAG-${uid}` }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]bale=${uid}`));
  const details = page.getByRole('region', { name: 'Bale details' });
  await expect(details.getByRole('heading', { level: 2 })).toContainText(`TAG-${uid}`);
  await expect(baleMap(page)).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
  // The map went to the bale, close enough to draw it on its own (not the farm's overview).
  await expect(baleMap(page)).toHaveAttribute('data-focused', 'true');
  await expect(baleMap(page)).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
  expect(Number(await baleMap(page).getAttribute('data-zoom'))).toBeGreaterThanOrEqual(17);
  expect(Number(await baleMap(page).getAttribute('data-loose-bales'))).toBeGreaterThanOrEqual(1);
  await expect(details.getByRole('row').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, "a lone bale's details on the map");
});
