import {
  type AutomatedReport,
  automatedReportSchema,
  automatedReportsResponseSchema,
} from '@baletrack/contracts/automated-reports/automated-report';
import { messages } from '@baletrack/contracts/errors/messages';
import { emptyFilter } from '@baletrack/contracts/filters/filter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Farm, newFarm } from '../helpers/farm.ts';
import { signIn } from '../helpers/identity.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { acceptInvite, apiCall } from '../helpers/user-api.ts';

// The owner's automated report settings and the rules around them (docs/product.md#automated-reports).

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

let counter = 0;
async function farmWithFilter(): Promise<Farm & { filterId: string }> {
  const farm = await newFarm(t, `Report Farm ${++counter}`);
  const response = await farm.post('/filters/create', { ...emptyFilter, name: 'Everything' });
  const filter = (await response.json()) as { id: string };
  return { ...farm, filterId: filter.id };
}

const settings = (filterId: string, overrides: Record<string, unknown> = {}) => ({
  filterId,
  frequency: 'weekly',
  timezone: 'America/Chicago',
  units: 'US',
  includeCuttingless: true,
  recipients: ['agronomist@coop.example'],
  ...overrides,
});

async function inviteSubUser(farm: Farm, email: string) {
  const { IdToken } = await signIn(t, farm.owner.email, farm.owner.password);
  const invite = await apiCall(t, IdToken, 'POST', '/user-api/user', {
    body: { name: 'Hired Hand', email },
  });
  expect(invite.status).toBe(201);
  const tokens = await acceptInvite(t, email, 'Own-password9');
  return { ownerToken: IdToken, subUserToken: tokens.IdToken };
}

describe('automated report settings', () => {
  it('creates, lists, changes and deletes a report with its next sending time', async () => {
    t.advance(0);
    const farm = await farmWithFilter();
    const created = await farm.post('/autoreport/settings', settings(farm.filterId));
    expect(created.status).toBe(201);
    const report = automatedReportSchema.parse(await created.json());
    expect(report).toMatchObject({
      filterName: 'Everything',
      frequency: 'weekly',
      recipients: ['agronomist@coop.example'],
      lastRun: null,
    });
    // The next Monday, 06:00 in Chicago.
    const next = new Date(report.nextSendAt ?? '');
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(
      new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/Chicago',
        weekday: 'long',
        hour: 'numeric',
        minute: '2-digit',
      }).format(next),
    ).toBe('Monday 6:00 AM');

    const changed = await farm.put('/autoreport/settings', {
      id: report.id,
      ...settings(farm.filterId, {
        frequency: 'none',
        recipients: ['a@farm.example', 'b@farm.example'],
      }),
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ frequency: 'none', nextSendAt: null });

    const list = automatedReportsResponseSchema.parse(
      await (await farm.get('/autoreport/settings')).json(),
    );
    expect(list.map((r: AutomatedReport) => r.recipients)).toEqual([
      ['a@farm.example', 'b@farm.example'],
    ]);
    expect((await farm.delete(`/autoreport/settings/${report.id}`)).status).toBe(204);
    expect(await (await farm.get('/autoreport/settings')).json()).toEqual([]);
    expect((await farm.delete(`/autoreport/settings/${report.id}`)).status).toBe(404);
  });

  it("says 'Maximum report recipients is 50.' and names each missing field", async () => {
    const farm = await farmWithFilter();
    const many = Array.from({ length: 51 }, (_, i) => `r${i}@farm.example`);
    const tooMany = await farm.post(
      '/autoreport/settings',
      settings(farm.filterId, { recipients: many }),
    );
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({
      issues: [{ path: 'recipients', message: 'Maximum report recipients is 50.' }],
    });
    const empty = await farm.post('/autoreport/settings', {
      timezone: 'UTC',
      units: 'Metric',
      includeCuttingless: false,
      recipients: [],
    });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { issues: unknown }).issues).toEqual([
      { path: 'filterId', message: messages.autoReport.filterRequired },
      { path: 'frequency', message: messages.autoReport.frequencyRequired },
      { path: 'recipients', message: messages.autoReport.recipientRequired },
    ]);
    const badZone = await farm.post(
      '/autoreport/settings',
      settings(farm.filterId, { timezone: 'Mars/Olympus' }),
    );
    expect(((await badZone.json()) as { issues: unknown }).issues).toEqual([
      { path: 'timezone', message: messages.autoReport.timezoneInvalid },
    ]);
  });

  it('keeps whether to attach the yield per field: off unless asked, a boolean or a 400', async () => {
    const farm = await farmWithFilter();
    const plain = automatedReportSchema.parse(
      await (await farm.post('/autoreport/settings', settings(farm.filterId))).json(),
    );
    expect(plain.includeYield).toBe(false);
    const created = await farm.post(
      '/autoreport/settings',
      settings(farm.filterId, { includeYield: true }),
    );
    expect(created.status).toBe(201);
    const withYield = automatedReportSchema.parse(await created.json());
    expect(withYield.includeYield).toBe(true);
    const listed = automatedReportsResponseSchema.parse(
      await (await farm.get('/autoreport/settings')).json(),
    );
    expect(listed.map((r) => [r.id, r.includeYield])).toEqual([
      [plain.id, false],
      [withYield.id, true],
    ]);
    // A PUT replaces every setting: without the flag, the yield is no longer attached.
    const turnedOn = await farm.put('/autoreport/settings', {
      id: plain.id,
      ...settings(farm.filterId, { includeYield: true }),
    });
    expect(await turnedOn.json()).toMatchObject({ includeYield: true });
    const replaced = await farm.put('/autoreport/settings', {
      id: withYield.id,
      ...settings(farm.filterId),
    });
    expect(await replaced.json()).toMatchObject({ includeYield: false });

    for (const wrong of ['yes', 'true', 1, null]) {
      const refused = await farm.post(
        '/autoreport/settings',
        settings(farm.filterId, { includeYield: wrong }),
      );
      expect(refused.status, String(wrong)).toBe(400);
      expect(((await refused.json()) as { issues: unknown }).issues).toEqual([
        { path: 'includeYield', message: 'includeYield must be true or false.' },
      ]);
    }
    const refusedChange = await farm.put('/autoreport/settings', {
      id: plain.id,
      ...settings(farm.filterId, { includeYield: 'on' }),
    });
    expect(refusedChange.status).toBe(400);
    expect(
      automatedReportsResponseSchema
        .parse(await (await farm.get('/autoreport/settings')).json())
        .map((r) => r.includeYield),
    ).toEqual([true, false]);
  });

  it("refuses another organization's filter and report", async () => {
    const mine = await farmWithFilter();
    const theirs = await farmWithFilter();
    const foreign = await mine.post('/autoreport/settings', settings(theirs.filterId));
    expect(foreign.status).toBe(400);
    expect(((await foreign.json()) as { issues: unknown }).issues).toEqual([
      { path: 'filterId', message: messages.autoReport.filterRequired },
    ]);
    const theirReport = automatedReportSchema.parse(
      await (await theirs.post('/autoreport/settings', settings(theirs.filterId))).json(),
    );
    const change = await mine.put('/autoreport/settings', {
      id: theirReport.id,
      ...settings(mine.filterId),
    });
    expect(change.status).toBe(404);
    expect((await mine.delete(`/autoreport/settings/${theirReport.id}`)).status).toBe(404);
    expect(await (await mine.get('/autoreport/settings')).json()).toEqual([]);
    expect(await (await theirs.get('/autoreport/settings')).json()).toHaveLength(1);
  });

  it('tells a viewer that automated reports are for owners and managers', async () => {
    const farm = await farmWithFilter();
    const { subUserToken } = await inviteSubUser(farm, `hand-${Date.now()}@farm.example`);
    // An invite without a role makes a viewer (docs/product.md#roles); a viewer's changes are
    // refused before the route, in the viewer's words.
    for (const [method, path, body, message] of [
      [
        'GET',
        '/data-api/autoreport/settings',
        undefined,
        messages.roles.automatedReportsNotForViewers,
      ],
      [
        'POST',
        '/data-api/autoreport/settings',
        settings(farm.filterId),
        messages.roles.viewerReadOnly,
      ],
    ] as const) {
      const response = await apiCall(t, subUserToken, method, path, { body });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ message });
    }
  });

  it('keeps a filter a report uses until the report is removed', async () => {
    const farm = await farmWithFilter();
    const report = automatedReportSchema.parse(
      await (await farm.post('/autoreport/settings', settings(farm.filterId))).json(),
    );
    const refused = await farm.delete(`/filters/${farm.filterId}`);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      message: 'Filter is being used for automatic reports. Please remove it before deleting.',
    });
    expect(
      ((await (await farm.get('/filters/get')).json()) as { filters: unknown[] }).filters,
    ).toHaveLength(1);
    await farm.delete(`/autoreport/settings/${report.id}`);
    expect((await farm.delete(`/filters/${farm.filterId}`)).status).toBe(204);
  });

  it('keeps a sub-user who receives a report until they are unsubscribed', async () => {
    const farm = await farmWithFilter();
    const email = `receiver-${Date.now()}@farm.example`;
    const { ownerToken } = await inviteSubUser(farm, email);
    const report = automatedReportSchema.parse(
      await (
        await farm.post(
          '/autoreport/settings',
          settings(farm.filterId, { recipients: [email.toUpperCase()] }),
        )
      ).json(),
    );
    const remove = () => apiCall(t, ownerToken, 'DELETE', '/user-api/user', { query: { email } });
    const refused = await remove();
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      message: 'Delete failed - please unsubscribe user from automatic report.',
    });
    await farm.put('/autoreport/settings', {
      id: report.id,
      ...settings(farm.filterId, { recipients: ['someone-else@farm.example'] }),
    });
    expect((await remove()).status).toBe(204);
  });
});
