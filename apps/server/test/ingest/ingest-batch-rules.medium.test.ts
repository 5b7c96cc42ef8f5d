import { ingestResponseSchema } from '@baletrack/contracts/ingest/ingest';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingest, newBale, newBaler, postIngest } from '../helpers/farm.ts';
import { newConfirmedUser } from '../helpers/identity.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

// The rules of a batch when it is large and mixed, as PostgreSQL's COPY path writes it (ADR 19:
// new bales streamed straight into the table, stored ones through a temporary table and one
// update) and as PGlite writes it in one statement: the same answers on both.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function stored(orgId: string) {
  const rows = await t.ctx.db
    .selectFrom('bales')
    .select(['uid', 'weightKg', 'version'])
    .where('orgId', '=', orgId)
    .orderBy('uid')
    .execute();
  return new Map(rows.map((row) => [row.uid, row]));
}

async function newOrganization() {
  const owner = await newConfirmedUser(t.ctx);
  const baler = await newBaler(t.ctx, owner.orgId);
  return { orgId: owner.orgId, baler };
}

describe('a large batch mixing new, newer, older and unchanged records', () => {
  it('inserts the new, updates only the newer and different, and counts each kind', async () => {
    const { orgId, baler } = await newOrganization();
    const first = Array.from({ length: 1_200 }, (_, i) =>
      newBale({ uid: `MIX-${String(i).padStart(4, '0')}`, weightKg: 500 }),
    );
    expect(await ingest(t, baler.apiKey, first)).toEqual({
      created: 1_200,
      updated: 0,
      unchanged: 0,
      rejected: [],
    });
    const before = await stored(orgId);

    // 0–299 re-weighed later, 300–599 an older record of the bale, 600–1,199 sent again as
    // they were, and 1,000 new bales after them.
    const second = [
      ...first.map((bale, i) =>
        i < 300
          ? { ...bale, weightKg: 610, updateTime: '2025-06-20T00:00:00Z' }
          : i < 600
            ? { ...bale, weightKg: 400, creationTime: '2025-06-01T00:00:00Z' }
            : bale,
      ),
      ...Array.from({ length: 1_000 }, (_, i) => newBale({ uid: `NEW-${i}`, weightKg: 450 })),
    ];
    expect(await ingest(t, baler.apiKey, second)).toEqual({
      created: 1_000,
      updated: 300,
      unchanged: 900,
      rejected: [],
    });
    const after = await stored(orgId);
    expect(after.size).toBe(2_200);
    expect(after.get('MIX-0000')?.weightKg).toBe(610);
    expect(after.get('MIX-0299')?.weightKg).toBe(610);
    expect(after.get('MIX-0300')).toEqual(before.get('MIX-0300'));
    expect(after.get('MIX-1199')).toEqual(before.get('MIX-1199'));
    expect(after.get('NEW-999')?.weightKg).toBe(450);
    // The updated and the new share the batch's one version.
    expect(after.get('NEW-0')?.version).toBe(after.get('MIX-0000')?.version);

    // The same batch again changes nothing, its stored bales and new ones alike.
    expect(await ingest(t, baler.apiKey, second)).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 2_200,
    });
    expect(await stored(orgId)).toEqual(after);
  });

  it('keeps a bale of another organization with the same uid apart', async () => {
    const a = await newOrganization();
    const b = await newOrganization();
    const bale = newBale({ uid: 'SHARED-UID', weightKg: 300 });
    await ingest(t, a.baler.apiKey, [bale]);
    expect(await ingest(t, b.baler.apiKey, [{ ...bale, weightKg: 900 }])).toMatchObject({
      created: 1,
      updated: 0,
    });
    expect((await stored(a.orgId)).get('SHARED-UID')?.weightKg).toBe(300);
    expect((await stored(b.orgId)).get('SHARED-UID')?.weightKg).toBe(900);
  });
});

describe('a large batch checked and written as its COPY streams', () => {
  it('reports bad records anywhere in it with their index and stores all the others', async () => {
    const { orgId, baler } = await newOrganization();
    const batch: unknown[] = Array.from({ length: 1_000 }, (_, i) =>
      newBale({ uid: `STREAM-${i}` }),
    );
    batch[0] = { ...newBale({ uid: 'BAD-FIRST' }), baleSize: 'Huge' };
    batch[500] = 'not a bale';
    batch[999] = { ...newBale(), uid: 'BAD\u0007LAST' };
    const response = await postIngest(t, baler.apiKey, { bales: batch });
    expect(response.status).toBe(200);
    const result = ingestResponseSchema.parse(await response.json());
    expect(result).toMatchObject({ created: 997, updated: 0, unchanged: 0 });
    expect(result.rejected.map((r) => [r.index, r.uid])).toEqual([
      [0, 'BAD-FIRST'],
      [500, undefined],
      [999, undefined],
    ]);
    expect(result.rejected[0]?.reason).toMatch(/^baleSize: /);
    expect((await stored(orgId)).size).toBe(997);
  });

  it('keeps the last record of a uid sent twice far into it, among stored bales', async () => {
    const { orgId, baler } = await newOrganization();
    const known = Array.from({ length: 50 }, (_, i) => newBale({ uid: `KNOWN-${i}` }));
    await ingest(t, baler.apiKey, known);
    const fresh = Array.from({ length: 600 }, (_, i) =>
      newBale({ uid: `TWICE-${i}`, weightKg: 500 }),
    );
    const batch = [
      ...fresh,
      { ...newBale({ uid: 'BAD-WEIGHT' }), weightKg: -1 },
      // The duplicate comes after 600 new bales have streamed: the COPY is undone and the
      // batch goes the long way in the same transaction.
      { ...fresh[10], weightKg: 777, updateTime: '2025-06-20T00:00:00Z' },
      { ...known[3], weightKg: 655, updateTime: '2025-06-20T00:00:00Z' },
      known[4],
    ];
    const response = await postIngest(t, baler.apiKey, { bales: batch });
    expect(response.status).toBe(200);
    const result = ingestResponseSchema.parse(await response.json());
    expect(result).toMatchObject({ created: 600, updated: 1, unchanged: 2 });
    expect(result.rejected.map((r) => [r.index, r.uid])).toEqual([[600, 'BAD-WEIGHT']]);
    const after = await stored(orgId);
    expect(after.size).toBe(650);
    expect(after.get('TWICE-10')?.weightKg).toBe(777);
    expect(after.get('TWICE-11')?.weightKg).toBe(500);
    expect(after.get('KNOWN-3')?.weightKg).toBe(655);
    expect(after.get('TWICE-0')?.version).toBe(after.get('KNOWN-3')?.version);
  });
});

describe('a record the database refuses in a large batch', () => {
  it('is reported with its index, among new and stored bales, and the others are kept', async () => {
    const { orgId, baler } = await newOrganization();
    const known = Array.from({ length: 100 }, (_, i) => newBale({ uid: `KNOWN-${i}` }));
    await ingest(t, baler.apiKey, known);
    await sql`alter table bales add constraint test_not_too_heavy check (weight_kg < 5000)`.execute(
      t.ctx.db,
    );
    try {
      const batch = [
        ...Array.from({ length: 200 }, (_, i) => newBale({ uid: `FRESH-${i}` })),
        // A stored bale re-weighed beyond the rule: refused in the update.
        { ...known[5], weightKg: 6_000, updateTime: '2025-06-20T00:00:00Z' },
        // A new bale beyond it: refused in the insert.
        newBale({ uid: 'FRESH-HEAVY', weightKg: 7_000 }),
        { ...known[6], weightKg: 640, updateTime: '2025-06-20T00:00:00Z' },
      ];
      const response = await postIngest(t, baler.apiKey, { bales: batch });
      expect(response.status).toBe(200);
      const result = ingestResponseSchema.parse(await response.json());
      expect(result).toMatchObject({ created: 200, updated: 1, unchanged: 0 });
      expect(result.rejected.map((r) => [r.index, r.uid])).toEqual([
        [200, 'KNOWN-5'],
        [201, 'FRESH-HEAVY'],
      ]);
      const after = await stored(orgId);
      expect(after.size).toBe(300);
      expect(after.has('FRESH-HEAVY')).toBe(false);
      expect(after.get('KNOWN-5')?.weightKg).toBe(known[5]?.weightKg);
      expect(after.get('KNOWN-6')?.weightKg).toBe(640);
    } finally {
      await sql`alter table bales drop constraint test_not_too_heavy`.execute(t.ctx.db);
    }
  });
});

describe('a batch is one transaction', () => {
  it('stores nothing of it, nor moves the version, when the database fails mid-batch', async () => {
    const { orgId, baler } = await newOrganization();
    const known = newBale({ uid: 'BEFORE' });
    await ingest(t, baler.apiKey, [known]);
    const versionBefore = (await stored(orgId)).get('BEFORE')?.version;
    // A failure that is no record's fault (not SQLSTATE 22 or 23), after some rows were written.
    await sql`create function test_fail_on_boom() returns trigger language plpgsql as $$
      begin
        if new.uid = 'BOOM' then raise exception 'the disk is full' using errcode = '53100'; end if;
        return new;
      end $$`.execute(t.ctx.db);
    await sql`create trigger test_fail_on_boom before insert or update on bales
      for each row execute function test_fail_on_boom()`.execute(t.ctx.db);
    try {
      const batch = [
        ...Array.from({ length: 800 }, (_, i) => newBale({ uid: `LOST-${i}` })),
        { ...known, weightKg: 999, updateTime: '2025-06-20T00:00:00Z' },
        newBale({ uid: 'BOOM' }),
      ];
      const response = await postIngest(t, baler.apiKey, { bales: batch });
      expect(response.status).toBe(500);
      const after = await stored(orgId);
      expect([...after.keys()]).toEqual(['BEFORE']);
      expect(after.get('BEFORE')).toMatchObject({
        weightKg: known.weightKg,
        version: versionBefore,
      });
      const versionRow = await t.ctx.db
        .selectFrom('baleVersions')
        .select('version')
        .where('orgId', '=', orgId)
        .executeTakeFirstOrThrow();
      expect(versionRow.version).toBe(versionBefore);
    } finally {
      await sql`drop trigger test_fail_on_boom on bales`.execute(t.ctx.db);
      await sql`drop function test_fail_on_boom()`.execute(t.ctx.db);
    }
    // The connection that failed is not left broken: the next batch goes through.
    expect(await ingest(t, baler.apiKey, [newBale({ uid: 'AFTER' })])).toMatchObject({
      created: 1,
    });
  });
});
