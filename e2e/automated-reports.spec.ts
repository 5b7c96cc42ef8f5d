import { emptyFilter } from '@baletrack/contracts/filters/filter';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { demoOwner, idToken, openMenuItem, signInAsDemoOwner } from './support/demo-map.ts';
import { runReportScheduleAt } from './support/test-clock.ts';

// The automated reports journey: the demo owner sets up a weekly report of a saved filter
// from the menu (the form names what is missing), the test clock passes Monday 06:00 in the
// report's timezone, and the mail with the CSV attached is in the local mailbox; the screen then
// shows when it went out.

const FILTER_NAME = 'Weekly buyer report';
const RECIPIENT = `buyer-${Date.now()}@coop.example`;

// Other journeys expect the demo farm as seeded: no report or filter of ours.
test.afterEach(async ({ page }) => {
  const authorization = await idToken(page).catch(() => '');
  if (!authorization) return;
  const headers = { authorization };
  const reports = await (
    await page.request.get('/data-api/autoreport/settings', { headers })
  ).json();
  for (const report of Array.isArray(reports) ? reports : []) {
    await page.request.delete(`/data-api/autoreport/settings/${report.id}`, { headers });
  }
  const filters = await (await page.request.get('/data-api/filters/get', { headers })).json();
  for (const filter of filters.filters ?? []) {
    if (filter.name === FILTER_NAME) {
      await page.request.delete(`/data-api/filters/${filter.id}`, { headers });
    }
  }
});

test('Automated Reports: a weekly report set up on screen arrives Monday 06:00 with its CSV', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsDemoOwner(page);
  // The saved filter the report is of (saving filters has its own journey).
  const created = await page.request.post('/data-api/filters/create', {
    headers: { authorization: await idToken(page) },
    data: { ...emptyFilter, name: FILTER_NAME },
  });
  expect(created.status()).toBe(201);
  // Made behind the app's back, so the page is loaded afresh to know it.
  await page.reload();

  await openMenuItem(page, 'Automated Reports');
  await expect(page).toHaveURL(/\/automated-reports$/);
  await expect(page.getByRole('heading', { name: 'Automated Reports', level: 1 })).toBeVisible();
  await expect(page.getByText('No automated reports yet.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Automated Reports');

  await page.getByRole('button', { name: 'New automated report' }).click();
  const form = page.getByRole('dialog', { name: 'New automated report' });
  // Nothing chosen: the form names what is missing.
  await form.getByRole('button', { name: 'Set up report' }).click();
  await expect(form.getByText('Select a filter for the report.')).toBeVisible();
  await expect(form.getByText('Add at least one recipient.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the automated report form with its messages');

  await form.getByRole('combobox', { name: 'Filter' }).click();
  await page.getByRole('option', { name: FILTER_NAME }).click();
  await form.getByRole('combobox', { name: 'Timezone' }).fill('America/Chic');
  await page.getByRole('option', { name: 'America/Chicago' }).click();
  const recipients = form.getByRole('combobox', { name: 'Recipients' });
  await recipients.fill(RECIPIENT);
  await recipients.press('Enter');
  await recipients.fill(demoOwner.email);
  await recipients.press('Enter');
  await page.screenshot({ path: testInfo.outputPath('automated-report-form-1440.png') });
  await form.getByRole('button', { name: 'Set up report' }).click();
  await expect(form).toBeHidden();

  const card = page.getByLabel(`${FILTER_NAME} report`);
  await expect(card.getByText('Weekly', { exact: true })).toBeVisible();
  await expect(card.getByText(`To ${RECIPIENT}, ${demoOwner.email}`)).toBeVisible();
  await expect(card.getByText(/^Next report: Mon, .*6:00 AM C[SD]T$/)).toBeVisible();

  // The test clock passes the next Monday 06:00 in Chicago.
  const [report] = await (
    await page.request.get('/data-api/autoreport/settings', {
      headers: { authorization: await idToken(page) },
    })
  ).json();
  const round = await runReportScheduleAt(new Date(Date.parse(report.nextSendAt) + 60_000));
  expect(round.sent).toBeGreaterThanOrEqual(1);

  await page.reload();
  await expect(card.getByText(/^Last sent Mon, .*6:0\d AM C[SD]T: .*bales?\.$/)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('automated-reports-sent-1440.png') });

  // The mail is in the local mailbox, the CSV attached.
  await page.goto('/mailbox');
  const mail = page.locator('article').filter({ hasText: RECIPIENT }).first();
  await expect(mail.getByRole('heading')).toHaveText(
    /^Baletrack weekly report: Weekly buyer report, \w{3} \d+ – \w{3} \d+, \d{4}$/,
  );
  await expect(mail).toContainText('Bales:');
  const attachment = mail.getByRole('link', { name: /\.csv$/ });
  const csv = await (await page.request.get((await attachment.getAttribute('href')) ?? '')).text();
  expect(csv.startsWith('\uFEFF')).toBe(true);
  expect(csv.split('\r\n')[0]).toContain('Weight (lb)');

  // On a phone the report reads the same.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/automated-reports');
  await expect(card.getByRole('button', { name: 'Edit' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('automated-reports-390.png'), fullPage: true });
});
