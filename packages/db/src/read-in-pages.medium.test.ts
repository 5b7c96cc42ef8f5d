import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './connect.ts';
import { readInPages } from './read-in-pages.ts';
import { createTestDatabase } from './testing/test-database.ts';

// A large read a page at a time (a farm's yard of moved bales): every row once, in the query's
// order, with its parameters bound and its columns camel-cased like any read.

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  const names = Array.from({ length: 7 }, (_, i) => ({ id: randomUUID(), name: `Paged ${i}` }));
  await database.db.insertInto('organizations').values(names).execute();
});
afterAll(() => database.close());

const paged = (prefix: string) =>
  database.db
    .selectFrom('organizations')
    .select(['name', 'cropYearStartMonth'])
    .where('name', 'like', `${prefix}%`)
    .orderBy('name');

describe('readInPages', () => {
  it('reads every row once across pages, the last one short or empty', async () => {
    for (const pageRows of [2, 7, 100]) {
      const rows = await readInPages(database.db, paged('Paged'), pageRows);
      expect(rows.map((row) => row.name)).toEqual(
        Array.from({ length: 7 }, (_, i) => `Paged ${i}`),
      );
      expect(rows[0]).toEqual({ name: 'Paged 0', cropYearStartMonth: 1 });
    }
    expect(await readInPages(database.db, paged('Nobody'), 2)).toEqual([]);
  });

  it("reads inside the caller's transaction, twice, seeing its own writes", async () => {
    const seen = await database.db.transaction().execute(async (trx) => {
      await trx.insertInto('organizations').values({ id: randomUUID(), name: 'Paged 7' }).execute();
      const first = await readInPages(trx, paged('Paged'), 3);
      const second = await readInPages(trx, paged('Paged 7'), 3);
      return [first.length, second.length];
    });
    expect(seen).toEqual([8, 1]);
  });
});
