import { sql } from 'kysely';
import { to as copyTo } from 'pg-copy-streams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, transactionWithClient } from './connect.ts';
import { RepeatedText, readCopyRows, readCopyStream } from './copy-reader.ts';
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

  it('reads the same rows however the bytes are cut, rows longer than a chunk included', async () => {
    // A text longer than the part of a chunk that finishes a cut row in place, and a repeated
    // column whose values alternate (found again by their bytes, not only as the last value).
    const bytes = await transactionWithClient(database.db, async (_trx, client) => {
      const stream = client.query(
        copyTo(`COPY (SELECT i, repeat('x', CASE WHEN i % 97 = 0 THEN 20000 ELSE i % 40 END),
          'field-' || (i % 3) FROM generate_series(1, 3000) AS i) TO STDOUT (FORMAT binary)`),
      );
      const chunks: Buffer[] = [];
      for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
      return Buffer.concat(chunks);
    });
    const expected = Array.from({ length: 3000 }, (_, index) => {
      const i = index + 1;
      return [i % 97 === 0 ? 20_000 : i % 40, `field-${i % 3}`];
    });
    const all = bytes?.value ?? Buffer.alloc(0);
    for (const size of [1, 7, 13, 401, 4096, 65_536]) {
      async function* cut() {
        for (let at = 0; at < all.length; at += size) {
          yield Buffer.from(all.subarray(at, at + size));
        }
      }
      const read: [number, string | null][] = [];
      const fields = new RepeatedText();
      const rows = await readCopyStream(cut(), (row) => {
        row.text();
        read.push([row.text()?.length ?? -1, row.repeated(fields)]);
      });
      expect(rows, `chunks of ${size} bytes`).toBe(3000);
      expect(read, `chunks of ${size} bytes`).toEqual(expected);
      // One string per distinct value.
      expect(read[0]?.[1]).toBe(read[3]?.[1]);
    }
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
