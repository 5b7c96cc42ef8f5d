import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, transactionWithClient } from './connect.ts';
import { RepeatedText, readCopyRows } from './copy-reader.ts';
import { createTestDatabase } from './testing/test-database.ts';

// Binary COPY exists on PostgreSQL only (PGlite is read another way by its callers).
describe.skipIf(!process.env.TEST_DATABASE_URL)('reading rows through binary COPY', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('reads every row and field as sent, rows cut across chunks included', async () => {
    // Enough rows that the stream arrives in many chunks, texts of every length, NULLs, quotes.
    const query = sql<unknown>`
      SELECT i::float8 / 4, CASE WHEN i % 7 = 0 THEN NULL ELSE -i * 1.5e10::float8 END,
             repeat('é', i % 50) || ${"it's"}, 'baler-' || (i / 1000), NULLIF(i % 3, 0)::text
      FROM generate_series(1, 30000) AS i`.compile(database.db);
    const read: unknown[][] = [];
    const balers = new RepeatedText();
    const result = await transactionWithClient(database.db, (_trx, client) =>
      readCopyRows(client, query, (row) => {
        read.push([row.float8(), row.float8(), row.text(), row.repeated(balers), row.text()]);
      }),
    );
    expect(result?.value).toBe(30_000);
    expect(read).toHaveLength(30_000);
    read.forEach((values, index) => {
      const i = index + 1;
      expect(values).toEqual([
        i / 4,
        i % 7 === 0 ? Number.NaN : -i * 1.5e10,
        `${'é'.repeat(i % 50)}it's`,
        `baler-${Math.floor(i / 1000)}`,
        i % 3 === 0 ? null : String(i % 3),
      ]);
    });
    // One string per distinct value of a repeated column.
    expect(read[0]?.[3]).toBe(read[500]?.[3]);
  });

  it('reads no row of an empty result', async () => {
    const query = sql<unknown>`SELECT 1::float8 WHERE false`.compile(database.db);
    const result = await transactionWithClient(database.db, (_trx, client) =>
      readCopyRows(client, query, () => {
        throw new Error('no row expected');
      }),
    );
    expect(result?.value).toBe(0);
  });
});
