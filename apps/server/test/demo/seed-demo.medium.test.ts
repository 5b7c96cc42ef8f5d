import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { balerListSchema } from '@baletrack/contracts/balers/baler';
import { balerSubscriptionSchema } from '@baletrack/contracts/subscriptions/subscription';
import { walletSchema } from '@baletrack/contracts/subscriptions/wallet';
import { addMonths, monthOf } from '@baletrack/domain/subscriptions/month';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOwner, demoUnregisteredVins, seedDemo } from '../../src/features/demo/demo.service.ts';
import { readDemoBalerKey } from '../../src/features/demo/demo-baler-key.ts';
import { insertOrganization } from '../../src/features/users/users.repository.ts';
import { ingest, newBale } from '../helpers/farm.ts';
import { signIn } from '../helpers/identity.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { apiCall } from '../helpers/user-api.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'baletrack-demo-'));
let t: TestApp;
let seconds = 0;
beforeAll(async () => {
  // The registry knows the demo VINs under the demo owner's email (BALER_PROVIDER=registry).
  t = await startTestApp({ env: { DATA_DIR: dataDir, BALER_PROVIDER: 'registry' } });
  const started = performance.now();
  expect(await seedDemo(t.ctx)).toBe('created');
  seconds = (performance.now() - started) / 1000;
}, 120_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const count = async (table: 'fields' | 'crops' | 'cuttings' | 'geofences' | 'balers') => {
  const row = await t.ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

describe('seedDemo', () => {
  it('seeds the whole demo farm into the demo organization in seconds', async () => {
    console.info(`seedDemo took ${seconds.toFixed(1)} s`);
    const org = await t.ctx.db
      .selectFrom('organizations')
      .select(['id', 'name', 'isDemo'])
      .executeTakeFirstOrThrow();
    expect(org).toMatchObject({ name: 'Yakima Valley Hay (demo)', isDemo: true });
    expect(await count('fields')).toBe(12);
    expect(await count('crops')).toBe(2);
    expect(await count('balers')).toBe(2);
    expect(await count('geofences')).toBe(1);
    expect(await count('cuttings')).toBeGreaterThanOrEqual(8);
    expect(seconds).toBeLessThan(60);
  });

  it('stores about 20,000 bales, each in its field, some moved into stacks', async () => {
    const row = await t.ctx.db
      .selectFrom('bales')
      .select((eb) => [
        eb.fn.countAll<number>().as('bales'),
        eb.fn.count<number>('updateTime').as('moved'),
      ])
      .executeTakeFirstOrThrow();
    expect(Number(row.bales)).toBeGreaterThan(18_000);
    expect(Number(row.bales)).toBeLessThan(22_000);
    expect(Number(row.moved) / Number(row.bales)).toBeGreaterThan(0.06);
    expect(Number(row.moved) / Number(row.bales)).toBeLessThan(0.1);
    const withoutField = await t.ctx.db
      .selectFrom('bales')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => eb(eb.fn('cardinality', ['fieldUids']), '!=', 1))
      .executeTakeFirstOrThrow();
    expect(Number(withoutField.n)).toBe(0);
  });

  it('leaves a few hundred bales in an unsubscribed month', async () => {
    const locked = await t.ctx.db
      .selectFrom('bales')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('balerSubscriptionMonths as m')
              .select('m.month')
              .whereRef('m.balerId', '=', 'bales.balerId')
              .whereRef('m.month', '=', 'bales.creationMonth')
              .where('m.status', '=', 'active'),
          ),
        ),
      )
      .executeTakeFirstOrThrow();
    expect(Number(locked.n)).toBeGreaterThanOrEqual(150);
    expect(Number(locked.n)).toBeLessThanOrEqual(800);
  });

  it('never locks by itself: the rest of the year applied, auto-renew on, credits to spare', async () => {
    const { IdToken } = await signIn(t, demoOwner.email, demoOwner.password);
    const wallet = walletSchema.parse(
      await (await apiCall(t, IdToken, 'GET', '/user-api/wallet')).json(),
    );
    expect(wallet.balance).toBe(12);
    const balers = await apiCall(t, IdToken, 'GET', '/user-api/machines');
    const now = t.ctx.now();
    const thisYear = `${now.getUTCFullYear()}-`;
    for (const baler of balerListSchema.parse(await balers.json()).balers) {
      expect(baler.autoRenew).toBe(true);
      const grid = balerSubscriptionSchema.parse(
        await (await apiCall(t, IdToken, 'GET', `/user-api/subscriptions/${baler.id}`)).json(),
      );
      const rest = grid.months.filter(
        (m) => m.month.startsWith(thisYear) && m.month >= monthOf(now),
      );
      expect(rest.length).toBeGreaterThan(0);
      for (const month of rest) expect(['active', 'scheduled']).toContain(month.state);
      // The next three months are scheduled whatever the season (in December, next year's).
      const ahead = [1, 2, 3].map((n) => addMonths(monthOf(now), n));
      const state = (month: string) => grid.months.find((m) => m.month === month)?.state;
      expect(ahead.map(state)).toEqual(['scheduled', 'scheduled', 'scheduled']);
    }
  });

  it('keeps the demo baler key for the simulator, readable by its owner only', async () => {
    const key = readDemoBalerKey(dataDir);
    expect(key).toMatch(/^bt_/);
    expect(fs.statSync(path.join(dataDir, 'demo-baler.key')).mode & 0o777).toBe(0o600);
    const result = await ingest(t, key ?? '', [newBale()]);
    expect(result.created).toBe(1);
  });

  it('lets the demo owner see the demo balers and register one of the spare demo VINs', async () => {
    const { IdToken } = await signIn(t, demoOwner.email, demoOwner.password);
    const response = await apiCall(t, IdToken, 'GET', '/user-api/machines');
    const list = balerListSchema.parse(await response.json());
    expect(list.balers).toHaveLength(2);
    for (const baler of list.balers) expect(baler.acmStatus).toBe('Active');
    for (const vin of demoUnregisteredVins) {
      const validated = await apiCall(t, IdToken, 'GET', '/user-api/machines/validate', {
        query: { vin },
      });
      expect(validated.status, vin).toBe(200);
    }
    const [vin] = demoUnregisteredVins;
    const registered = await apiCall(t, IdToken, 'POST', '/user-api/machines', {
      body: { vin, name: 'Third baler' },
    });
    expect(registered.status).toBe(201);
  });

  it('seeds once, and never into a database with other organizations', async () => {
    expect(await seedDemo(t.ctx)).toBe('exists');
    const other = await startTestApp();
    try {
      await insertOrganization(other.ctx.db, { id: crypto.randomUUID(), name: 'Real Farm' });
      expect(await seedDemo(other.ctx)).toBe('skipped');
    } finally {
      await other.close();
    }
  });
});
