import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './connect.ts';
import { copyQueryOut } from './copy-out.ts';
import { createTestDatabase } from './testing/test-database.ts';

// `copyQueryOut` on either database: PostgreSQL streams from a pooled connection, PGlite writes
// to its blob device while holding the embedded database's only connection.

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const names = (prefix: string) =>
  database.db
    .selectFrom('organizations')
    .select('name')
    .where('name', 'like', `${prefix}%`)
    .orderBy('name')
    .compile();

describe('copyQueryOut', () => {
  it('reads text with quotes, backslashes and control characters as stored', async () => {
    const odd = `Copy "farm" it's \\ a\ttab\u0001 干草`;
    await database.db.insertInto('organizations').values({ id: randomUUID(), name: odd }).execute();
    const rows = await copyQueryOut(database.db, names('Copy "farm"'), ['text']);
    expect(rows.count).toBe(1);
    expect(rows.row(0)).toEqual([odd]);
  });

  it('fails with the database error on a bad query, and the database stays usable', async () => {
    const bad = { sql: 'select no_such_column from organizations', parameters: [] };
    await expect(copyQueryOut(database.db, bad, ['text'])).rejects.toThrow(/no_such_column/);
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
    expect(rows[0]?.one).toBe(1);
  });

  it('takes its turn beside a transaction writing at the same moment, seeing it whole or not', async () => {
    const prefix = `Turn ${randomUUID().slice(0, 8)}`;
    const writing = database.db.transaction().execute(async (trx) => {
      for (const i of [1, 2, 3]) {
        await trx
          .insertInto('organizations')
          .values({ id: randomUUID(), name: `${prefix} ${i}` })
          .execute();
      }
    });
    const reading = copyQueryOut(database.db, names(prefix), ['text']);
    const [, rows] = await Promise.all([writing, reading]);
    expect([0, 3]).toContain(rows.count);
    const after = await copyQueryOut(database.db, names(prefix), ['text']);
    expect(after.count).toBe(3);
  });
});
