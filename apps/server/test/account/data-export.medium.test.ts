import {
  dataExportSchema,
  latestDataExportResponseSchema,
} from '@baletrack/contracts/account/data-export';
import { DATA_LINK_EXPIRY_DAYS } from '@baletrack/contracts/constants';
import { messages } from '@baletrack/contracts/errors/messages';
import { unzipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXPORT_LEASE_MS,
  EXPORT_RETRY_MS,
} from '../../src/features/account/data-export.service.ts';
import { createDataExportWorker } from '../../src/features/account/data-export-worker.ts';
import { buildExportZip } from '../../src/features/account/data-export-zip.ts';
import { claimNextExport, renewLease } from '../../src/features/account/data-exports.repository.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { apiCall } from '../helpers/user-api.ts';
import { mailedExportLink, richFarm, unzipText } from './account-farm.ts';

// The organization's data as a ZIP (docs/product.md#account): queued, built in the background
// with progress, mailed as a link that works 7 days without signing in, for that file only.

const DAY_MS = 86_400_000;
let t: TestApp;
const worker = () =>
  createDataExportWorker(t.ctx, (error) => {
    throw error;
  });

beforeAll(async () => {
  t = await startTestApp({ startAt: '2026-03-02T08:00:00Z' });
});
afterAll(() => t.close());

async function requestExport(farm: Awaited<ReturnType<typeof richFarm>>) {
  const response = await farm.call('POST', '/data-api/reports/email-user-data');
  expect(response.status).toBe(202);
  return dataExportSchema.parse(await response.json());
}

async function latest(farm: Awaited<ReturnType<typeof richFarm>>) {
  const response = await farm.call('GET', '/data-api/reports/email-user-data');
  expect(response.status).toBe(200);
  return latestDataExportResponseSchema.parse(await response.json()).export;
}

describe('POST /reports/email-user-data', () => {
  it('queues one export at a time, builds it in the background, and mails a working link', async () => {
    const farm = await richFarm(t, 'Export', 12);
    expect(await latest(farm)).toBeNull();
    const queued = await requestExport(farm);
    expect(queued).toMatchObject({
      status: 'pending',
      progress: 0,
      email: farm.email,
      expiresAt: null,
    });
    // Asking again while it waits answers the same export.
    expect((await requestExport(farm)).id).toBe(queued.id);

    expect(await worker().drain()).toMatchObject({ built: 1, failed: 0 });
    const ready = await latest(farm);
    expect(ready).toMatchObject({ id: queued.id, status: 'ready', progress: 100 });
    expect(Date.parse(ready?.expiresAt ?? '')).toBe(
      Date.parse(ready?.finishedAt ?? '') + DATA_LINK_EXPIRY_DAYS * DAY_MS,
    );

    const link = await mailedExportLink(t, farm.email);
    expect(link.startsWith(`${t.url}/data-api/public/data-exports/`)).toBe(true);
    // Without any credentials.
    const download = await fetch(link);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    expect(download.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Export-Farm-data-2026-03-02\.zip"$/,
    );
    const bytes = new Uint8Array(await download.arrayBuffer());
    // The CSV starts with the byte-order mark spreadsheets read as "UTF-8".
    expect([...(unzipSync(bytes)['bales.csv'] ?? []).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const files = unzipText(bytes);
    expect(Object.keys(files).sort()).toEqual(
      [
        'README.txt',
        'authorized-emails.json',
        'automated-reports.json',
        'balers.json',
        'bales.csv',
        'credit-ledger.json',
        'crops.json',
        'cuttings.json',
        'feedback.json',
        'fields.geojson',
        'filters.json',
        'organization.json',
        'payments.json',
        'people.json',
        'storage-areas.geojson',
        'subscription-months.json',
        'support-chat.json',
        'hay-prices.json',
        'loads.json',
        'stack-audits.json',
        'heat-risk-mail.json',
      ].sort(),
    );
    const csvLines = (files['bales.csv'] ?? '').trimEnd().split('\r\n');
    expect(csvLines).toHaveLength(1 + 12);
    // The organization's units (Imperial US by default).
    expect(csvLines[0]).toMatch(/^Bale UID,.*Weight \(lb\)/);
    const fields = JSON.parse(files['fields.geojson'] ?? '');
    expect(fields).toMatchObject({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: { type: 'Polygon' }, properties: { name: 'Export North' } },
      ],
    });
    expect(JSON.parse(files['cuttings.json'] ?? '')).toMatchObject([
      { name: 'Export First', fieldIds: [farm.fieldId] },
    ]);
    // A crop's own removal rates go with it.
    expect(JSON.parse(files['crops.json'] ?? '')).toMatchObject([
      { name: 'Export Alfalfa', p2o5KgPerTonneDm: null, k2oKgPerTonneDm: 27.5 },
    ]);
    expect(JSON.parse(files['people.json'] ?? '')).toHaveLength(2);
    expect(JSON.parse(files['hay-prices.json'] ?? '')).toMatchObject([
      { grade: 'legume.Premium', price: 240, unit: 'shortTon', effectiveFrom: '2025-05-01' },
    ]);
    const loads = JSON.parse(files['loads.json'] ?? '');
    expect(loads).toMatchObject([
      { status: 'open', baleUids: ['EXPORT-LOADED'], links: [{ showFarmName: false }] },
    ]);
    expect(JSON.parse(files['stack-audits.json'] ?? '')).toMatchObject([
      { found: ['EXPORT-TAG-1'], missing: ['EXPORT-TAG-2'], expectedCount: 2 },
    ]);
    // The buyer's link is a secret: the export names the link, never its address.
    expect(files['loads.json']).not.toContain('secret-');
    expect(JSON.parse(files['heat-risk-mail.json'] ?? '')).toMatchObject({
      recipientUserIds: [expect.any(String)],
      mails: [{ day: '2025-06-10', entryCount: 2 }],
    });
    expect(JSON.parse(files['organization.json'] ?? '')).toMatchObject({
      name: 'Export Farm',
      settings: { measurementSystem: 'ImperialUS', rfvEnabled: expect.any(Boolean) },
    });
    expect(JSON.parse(files['credit-ledger.json'] ?? '')).toMatchObject([
      { kind: 'grant', credits: 3 },
    ]);

    // No secrets: password verifiers, salts, key and code hashes.
    const all = Object.values(files).join('\n');
    const secrets = await t.ctx.db
      .selectFrom('users')
      .select(['srpVerifier', 'srpSalt'])
      .where('orgId', '=', farm.orgId)
      .execute();
    const keyHashes = await t.ctx.db
      .selectFrom('balers')
      .select('apiKeyHash')
      .where('orgId', '=', farm.orgId)
      .execute();
    for (const secret of [
      ...secrets.flatMap((s) => [s.srpVerifier, s.srpSalt]),
      ...keyHashes.map((k) => k.apiKeyHash ?? 'none'),
      farm.baler.apiKey,
    ]) {
      expect(all).not.toContain(secret);
    }
    expect(all).not.toMatch(/srpVerifier|apiKeyHash|codeHash|tokenHash/);

    // Only the link's hash is stored.
    const stored = await t.ctx.db
      .selectFrom('dataExports')
      .select('tokenHash')
      .where('id', '=', queued.id)
      .executeTakeFirstOrThrow();
    const token = link.split('/').pop() as string;
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.tokenHash).not.toContain(token);
  });

  it('queues one export when asked several times at once', async () => {
    const farm = await richFarm(t, 'Eager', 1);
    const answers = await Promise.all([1, 2, 3, 4].map(() => requestExport(farm)));
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    const rows = await t.ctx.db
      .selectFrom('dataExports')
      .select('id')
      .where('orgId', '=', farm.orgId)
      .execute();
    expect(rows).toHaveLength(1);
    // Built here, so the other cases' builders find only their own.
    expect(await worker().drain()).toMatchObject({ built: 1 });
  });

  it("is the owner's: a manager is refused", async () => {
    const farm = await richFarm(t, 'Guarded');
    for (const [method, path] of [
      ['POST', '/data-api/reports/email-user-data'],
      ['GET', '/data-api/reports/email-user-data'],
      ['GET', '/data-api/reports/data-governance'],
    ] as const) {
      const response = await apiCall(t, farm.sub.tokens.IdToken, method, path);
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ message: messages.roles.ownerOnlyAccountData });
    }
  });
});

describe('the mailed link', () => {
  it("gives one organization's file only, nothing for a wrong or tampered token, and nothing once expired", async () => {
    const a = await richFarm(t, 'Alpha', 3);
    const b = await richFarm(t, 'Bravo', 4);
    await requestExport(a);
    await requestExport(b);
    expect(await worker().drain()).toMatchObject({ built: 2 });
    const linkA = await mailedExportLink(t, a.email);
    const linkB = await mailedExportLink(t, b.email);
    const org = async (link: string) =>
      JSON.parse(unzipText(await (await fetch(link)).arrayBuffer())['organization.json'] ?? '')
        .name;
    expect(await org(linkA)).toBe('Alpha Farm');
    expect(await org(linkB)).toBe('Bravo Farm');

    const token = linkA.split('/').pop() as string;
    const base = linkA.slice(0, -token.length);
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const wrong of [
      flipped,
      'x',
      'A'.repeat(43),
      `${token}x`,
      encodeURIComponent('../../x'),
    ]) {
      const response = await fetch(`${base}${wrong}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ message: messages.dataExport.linkInvalid });
    }

    t.advance(DATA_LINK_EXPIRY_DAYS * DAY_MS + 60_000);
    expect((await fetch(linkA)).status).toBe(404);
    // The builder purges expired files and their rows.
    const round = await worker().drain();
    expect(round.purged).toBeGreaterThanOrEqual(2);
    const left = await t.ctx.db
      .selectFrom('dataExports')
      .select('id')
      .where('orgId', 'in', [a.orgId, b.orgId])
      .execute();
    expect(left).toEqual([]);
  });
});

describe('the builder', () => {
  it('takes over an export whose builder died (its lease ran out), and the dead claim cannot finish', async () => {
    const farm = await richFarm(t, 'Lease', 2);
    await requestExport(farm);
    const now = t.ctx.now();
    const dead = await claimNextExport(t.ctx.db, {
      now,
      leaseUntil: new Date(now.getTime() + EXPORT_LEASE_MS),
    });
    expect(dead?.status).toBe('building');
    // Still leased: nobody else takes it.
    expect(await worker().drain()).toMatchObject({ built: 0 });
    t.advance(EXPORT_LEASE_MS + 1000);
    expect(await worker().drain()).toMatchObject({ built: 1 });
    expect((await latest(farm))?.status).toBe('ready');
    if (!dead) throw new Error('no claim');
    expect(await renewLease(t.ctx.db, dead, 50, new Date(t.ctx.now().getTime() + 1000))).toBe(
      false,
    );
  });

  it('stops a build told to stop while its bales are compressed, and builds whole next time', async () => {
    const farm = await richFarm(t, 'Stopped', 40);
    const told: number[] = [];
    const stopped = buildExportZip(t.ctx, farm.orgId, async (fraction) => {
      told.push(fraction);
      // Past the small files: the bales' CSV is being compressed on its worker thread.
      if (fraction > 0.05) throw new Error('the builder is stopping');
    });
    await expect(stopped).rejects.toThrow('the builder is stopping');
    expect(told).toHaveLength(2);
    const whole = unzipSync(await buildExportZip(t.ctx, farm.orgId, async () => {}));
    const rows = new TextDecoder().decode(whole['bales.csv']).trim().split('\r\n');
    // The header and every bale.
    expect(rows).toHaveLength(41);
  });

  it('tries a failed export again after 1, then 2 minutes, and marks it failed after the third attempt', async () => {
    const farm = await richFarm(t, 'Flaky', 1);
    const queued = await requestExport(farm);
    const errors: unknown[] = [];
    const patient = createDataExportWorker(t.ctx, (error) => errors.push(error));
    // Nothing can become ready while this holds.
    await sql`alter table data_exports add constraint test_never_ready check (status <> 'ready') not valid`.execute(
      t.ctx.db,
    );
    try {
      expect(await patient.drain()).toMatchObject({ built: 0, failed: 1 });
      expect(await latest(farm)).toMatchObject({ id: queued.id, status: 'pending' });
      // Not before its backoff.
      expect(await patient.drain()).toMatchObject({ failed: 0 });
      t.advance(EXPORT_RETRY_MS + 1000);
      expect(await patient.drain()).toMatchObject({ failed: 1 });
      t.advance(EXPORT_RETRY_MS + 1000);
      expect(await patient.drain()).toMatchObject({ failed: 0 });
      t.advance(EXPORT_RETRY_MS + 1000);
      expect(await patient.drain()).toMatchObject({ failed: 1 });
    } finally {
      await sql`alter table data_exports drop constraint test_never_ready`.execute(t.ctx.db);
    }
    expect(errors).toHaveLength(3);
    expect(await latest(farm)).toMatchObject({ id: queued.id, status: 'failed', expiresAt: null });
    // The screen offers to ask again: a new export.
    const again = await requestExport(farm);
    expect(again.id).not.toBe(queued.id);
    expect(await worker().drain()).toMatchObject({ built: 1 });
  });

  it('builds each export once when two processes race for them', async () => {
    const second = await startTestApp({ sameDatabaseAs: t });
    second.advance(t.ctx.now().getTime() - Date.now());
    try {
      const farms = await Promise.all(
        ['One', 'Two', 'Three'].map((n) => richFarm(t, `Race ${n}`, 2)),
      );
      for (const farm of farms) await requestExport(farm);
      const workers = [
        createDataExportWorker(t.ctx, (e) => {
          throw e;
        }),
        createDataExportWorker(second.ctx, (e) => {
          throw e;
        }),
      ];
      const rounds = await Promise.all(workers.map((w) => w.drain()));
      expect(rounds.reduce((n, r) => n + r.built, 0)).toBe(3);
      for (const farm of farms) {
        const mails = await t.ctx.db
          .selectFrom('outbox')
          .select('id')
          .where('recipient', '=', farm.email)
          .where('subject', 'like', '%data export%')
          .execute();
        expect(mails).toHaveLength(1);
      }
    } finally {
      await second.close();
    }
  });
});
