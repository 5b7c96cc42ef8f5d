import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from './test-database.ts';

// Every test file relies on a database of its own: no row, table or setting another file left
// (on PGlite the worker hands the next file the instance the last one closed, emptied).
describe('createTestDatabase', () => {
  it('gives the next file no rows, tables or settings the last one left', async () => {
    const first = await createTestDatabase();
    await first.db
      .insertInto('organizations')
      .values({ id: crypto.randomUUID(), name: 'Left Behind' })
      .execute();
    await sql`SET TIME ZONE 'Pacific/Auckland'`.execute(first.db);
    await first.close();

    const second = await createTestDatabase();
    try {
      expect(await second.db.selectFrom('organizations').select('name').execute()).toEqual([]);
      const zone = await sql<{ TimeZone: string }>`SHOW TIME ZONE`.execute(second.db);
      expect(zone.rows[0]?.TimeZone).not.toBe('Pacific/Auckland');
      // A table one file made is gone for the next: its schema is the template's again.
      await sql`CREATE TABLE left_behind (id int)`.execute(second.db);
    } finally {
      await second.close();
    }
    const third = await createTestDatabase();
    try {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'left_behind'`.execute(third.db);
      expect(rows[0]?.n).toBe(0);
    } finally {
      await third.close();
    }
  });
});
