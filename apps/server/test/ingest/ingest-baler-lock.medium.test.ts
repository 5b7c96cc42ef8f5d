import { randomUUID } from 'node:crypto';
import { ingestMessages } from '@baletrack/contracts/ingest/ingest';
import type { Database } from '@baletrack/db/database';
import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteOrganization } from '../../src/features/account/close-account.repository.ts';
import { markBalerDeleted } from '../../src/features/balers/balers.repository.ts';
import { lockNextBaleVersion } from '../../src/features/bales/bale-writes.repository.ts';
import { deleteDemoOrganization } from '../../src/features/demo/demo.repository.ts';
import { ingestBales } from '../../src/features/ingest/ingest.service.ts';
import { newBale, newBaler, storedBaleCount } from '../helpers/farm.ts';
import { newConfirmedUser } from '../helpers/identity.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

// Bales have no foreign key to their baler (migration 0018): each batch locks its baler once
// (`lockBalerForBales`) and closing an account locks the balers before deleting the bales
// (`deleteOrganizationWithBales`). What the key guaranteed must still hold: no bale for a
// baler that is not the organization's, and no bale left of a closed account, whatever runs
// beside it.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const storedCount = (orgId: string) => storedBaleCount(t.ctx, orgId);

async function newOrganization() {
  const owner = await newConfirmedUser(t.ctx);
  const baler = await newBaler(t.ctx, owner.orgId);
  return { orgId: owner.orgId, baler };
}

const refusedKey = { statusCode: 401, message: ingestMessages.apiKeyUnknown };

describe('a batch whose baler is not of the organization', () => {
  it("refuses another organization's baler, an unknown one and a deleted one with 401, storing nothing", async () => {
    const mine = await newOrganization();
    const theirs = await newOrganization();
    const records = Array.from({ length: 300 }, () => newBale());

    const foreign = { id: theirs.baler.id, orgId: mine.orgId, vin: theirs.baler.vin };
    await expect(ingestBales(t.ctx, foreign, records)).rejects.toMatchObject(refusedKey);
    const unknown = { id: randomUUID(), orgId: mine.orgId, vin: mine.baler.vin };
    await expect(ingestBales(t.ctx, unknown, records)).rejects.toMatchObject(refusedKey);
    expect(await storedCount(mine.orgId)).toBe(0);
    expect(await storedCount(theirs.orgId)).toBe(0);

    // Deleted after its key was checked: the batch's own lock finds it gone.
    await ingestBales(t.ctx, mine.baler, records.slice(0, 10));
    expect(await markBalerDeleted(t.ctx.db, mine.orgId, mine.baler.id, t.ctx.now())).toBe(true);
    await expect(ingestBales(t.ctx, mine.baler, records)).rejects.toMatchObject(refusedKey);
    expect(await storedCount(mine.orgId)).toBe(10);
  });
});

describe('deleting an organization', () => {
  it("removes its bales, a deleted baler's too, and no other organization's", async () => {
    const leaving = await newOrganization();
    const staying = await newOrganization();
    await ingestBales(t.ctx, leaving.baler, [newBale(), newBale()]);
    await markBalerDeleted(t.ctx.db, leaving.orgId, leaving.baler.id, t.ctx.now());
    const second = await newBaler(t.ctx, leaving.orgId);
    await ingestBales(t.ctx, second, [newBale()]);
    await ingestBales(t.ctx, staying.baler, [newBale()]);

    expect(
      await t.ctx.db.transaction().execute((trx) => deleteOrganization(trx, leaving.orgId)),
    ).toBe(true);
    expect(await storedCount(leaving.orgId)).toBe(0);
    expect(await storedCount(staying.orgId)).toBe(1);
  });

  it("removes a half-seeded demo's bales, and nothing of an organization that is not the demo", async () => {
    const demo = await newOrganization();
    const real = await newOrganization();
    await t.ctx.db
      .updateTable('organizations')
      .set({ isDemo: true })
      .where('id', '=', demo.orgId)
      .execute();
    await ingestBales(t.ctx, demo.baler, [newBale(), newBale()]);
    await ingestBales(t.ctx, real.baler, [newBale()]);

    await deleteDemoOrganization(t.ctx.db, real.orgId);
    expect(await storedCount(real.orgId)).toBe(1);
    await deleteDemoOrganization(t.ctx.db, demo.orgId);
    expect(await storedCount(demo.orgId)).toBe(0);
    expect(await storedCount(real.orgId)).toBe(1);
  });
});

/** A transaction that has done `work` and stays open until released (then rolls back). */
async function held(work: (trx: Transaction<Database>) => Promise<unknown>) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let ready = () => {};
  const started = new Promise<void>((resolve) => {
    ready = resolve;
  });
  const done = t.ctx.db
    .transaction()
    .execute(async (trx) => {
      await work(trx);
      ready();
      await released;
      throw new Error('rolled back');
    })
    .catch(() => {});
  await Promise.race([started, done]);
  return async () => {
    release();
    await done;
  };
}

/** Waits until `count` sessions of this database wait for a lock (a race set up, not timed). */
async function lockWaits(count: number) {
  for (let tries = 0; tries < 500; tries += 1) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(t.ctx.db);
    if ((rows[0]?.n ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`Never saw ${count} sessions waiting for a lock.`);
}

const closing = (orgId: string) =>
  t.ctx.db.transaction().execute((trx) => deleteOrganization(trx, orgId));

// Two transactions at once need two connections: PostgreSQL only (PGlite has one).
describe.skipIf(!process.env.TEST_DATABASE_URL)('a batch racing the account closing', () => {
  it('a batch already writing commits first, then the closing removes its bales too', async () => {
    const { orgId, baler } = await newOrganization();
    await ingestBales(t.ctx, baler, [newBale()]);
    // The batch is made to wait inside its transaction, after its baler's lock, for the
    // organization's version lock held here.
    const releaseVersion = await held((trx) => lockNextBaleVersion(trx, orgId));
    const batch = ingestBales(
      t.ctx,
      baler,
      Array.from({ length: 500 }, () => newBale()),
    );
    await lockWaits(1);
    const closed = closing(orgId);
    await lockWaits(2);
    await releaseVersion();
    expect(await batch).toMatchObject({ created: 500, rejected: [] });
    expect(await closed).toBe(true);
    expect(await storedCount(orgId)).toBe(0);
  });

  it('a batch arriving while the closing deletes is refused once it commits, leaving no bale', async () => {
    const { orgId, baler } = await newOrganization();
    await ingestBales(t.ctx, baler, [newBale()]);
    // The closing is made to wait, after its lock of the balers, on a bale locked here.
    const releaseBale = await held((trx) =>
      trx.selectFrom('bales').select('uid').where('orgId', '=', orgId).forUpdate().execute(),
    );
    const closed = closing(orgId);
    await lockWaits(1);
    const batch = ingestBales(
      t.ctx,
      baler,
      Array.from({ length: 500 }, () => newBale()),
    );
    const refused = expect(batch).rejects.toMatchObject(refusedKey);
    await lockWaits(2);
    await releaseBale();
    expect(await closed).toBe(true);
    await refused;
    expect(await storedCount(orgId)).toBe(0);
  });

  it('a baler registered while the closing deletes leaves no bale of its batch either', async () => {
    const { orgId, baler } = await newOrganization();
    await ingestBales(t.ctx, baler, [newBale()]);
    const releaseBale = await held((trx) =>
      trx.selectFrom('bales').select('uid').where('orgId', '=', orgId).forUpdate().execute(),
    );
    const closed = closing(orgId);
    await lockWaits(1);
    // Registered after the closing locked the balers, so not among them: its batch commits.
    const late = await newBaler(t.ctx, orgId);
    expect(await ingestBales(t.ctx, late, [newBale(), newBale()])).toMatchObject({ created: 2 });
    await releaseBale();
    expect(await closed).toBe(true);
    expect(await storedCount(orgId)).toBe(0);
  });
});
