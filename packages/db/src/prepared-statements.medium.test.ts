import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './connect.ts';
import { createTestDatabase } from './testing/test-database.ts';

// Repeated statements are sent by name, so each connection plans them once; everything a
// caller sees stays as it was.
describe('prepared statements', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const prepared = sql<{ statement: string }>`select statement from pg_prepared_statements`;

  it('prepares a statement sent again on a connection, never a one-off, with the same answers', async () => {
    await database.db.connection().execute(async (db) => {
      const once = await sql<{ n: number }>`select ${'once'}::text as t, 41 as n`.execute(db);
      const answers = [];
      for (const n of [1, 2, 3]) {
        const { rows } = await sql<{ n: number }>`select ${n}::int + 1 as n`.execute(db);
        answers.push(rows[0]?.n);
      }
      expect(once.rows).toEqual([{ t: 'once', n: 41 }]);
      expect(answers).toEqual([2, 3, 4]);
      const statements = (await prepared.execute(db)).rows.map((row) => row.statement);
      expect(statements).toContain('select $1::int + 1 as n');
      expect(statements).not.toContain('select $1::text as t, 41 as n');
    });
  });

  it('answers again when a table changes shape under a prepared statement', async () => {
    await database.db.connection().execute(async (db) => {
      await sql`create table reshaped (a int)`.execute(db);
      await sql`insert into reshaped values (1)`.execute(db);
      const read = () => sql`select * from reshaped`.execute(db);
      await read();
      await read();
      // Another process's migration adds a column: PostgreSQL refuses the prepared plan once,
      // then the connection sends the text unnamed.
      await sql`alter table reshaped add column b int default 7`.execute(db);
      const afterChange = await read().then(
        (result) => result.rows,
        (error: Error) => error.message,
      );
      expect(afterChange).toBe('cached plan must not change result type');
      expect((await read()).rows).toEqual([{ a: 1, b: 7 }]);
    });
  });
});
