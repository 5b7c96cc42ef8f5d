import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './connect.ts';
import { analyzeGrownTables, startMaintenance } from './maintenance.ts';
import { createTestDatabase } from './testing/test-database.ts';

// PGlite has no autovacuum: without maintenance the planner believes every table is empty.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('embedded database maintenance', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const plannerRows = async () => {
    const { rows } = await sql<{ reltuples: number }>`
      select reltuples from pg_class where relname = 'organizations'`.execute(database.db);
    return Number(rows[0]?.reltuples);
  };

  it('gives the planner real row counts at start', async () => {
    const organizations = Array.from({ length: 300 }, (_, i) => ({
      id: randomUUID(),
      name: `Farm ${i}`,
    }));
    await database.db.insertInto('organizations').values(organizations).execute();
    expect(await plannerRows()).toBeLessThanOrEqual(0);

    const stop = await startMaintenance(database);
    stop();
    expect(await plannerRows()).toBe(300);
  });

  it('analyzes a table again once it has grown, and leaves the others', async () => {
    await sql`ANALYZE`.execute(database.db);
    expect(await analyzeGrownTables(database.db)).toEqual([]);
    const organizations = Array.from({ length: 3_000 }, (_, i) => ({
      id: randomUUID(),
      name: `Grown farm ${i}`,
    }));
    await database.db.insertInto('organizations').values(organizations).execute();

    expect(await analyzeGrownTables(database.db)).toEqual(['organizations']);
    expect(await plannerRows()).toBe(3_300);
    expect(await analyzeGrownTables(database.db)).toEqual([]);
  });
});
