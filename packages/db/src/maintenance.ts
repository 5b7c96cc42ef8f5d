import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle } from './connect.ts';
import type { Database } from './database.ts';

/** How often the embedded database's table sizes are compared with what the planner knows. */
export const ANALYZE_CHECK_MS = 30_000;

/**
 * Keeps the planner's statistics fresh on the embedded database. PGlite runs no autovacuum, so
 * without this every table looks as it did at start to the planner: a report of 50,000 bales
 * ingested since took 4× as long (docs/benchmarks.md). Analyzes everything at start, then every
 * `ANALYZE_CHECK_MS` the tables that grew. PostgreSQL's autovacuum does this by itself, so there
 * it does nothing.
 * @example const stop = await startMaintenance(database); … stop();
 */
export async function startMaintenance(database: DatabaseHandle): Promise<() => void> {
  if (database.kind !== 'pglite') return () => {};
  await sql`ANALYZE`.execute(database.db);
  const timer = setInterval(
    () => void analyzeGrownTables(database.db).catch(() => {}),
    ANALYZE_CHECK_MS,
  );
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Analyzes each table whose size moved by more than a fifth (and 8 pages) from the size the
 * planner last recorded — autovacuum's rule of thumb, measured in pages because PGlite keeps no
 * count of changed rows. Returns the tables analyzed.
 */
export async function analyzeGrownTables(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name
    from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
      and abs(pg_relation_size(c.oid) / current_setting('block_size')::int - c.relpages)
        > 8 + c.relpages / 5
    order by c.relname`.execute(db);
  for (const { name } of rows) await sql`ANALYZE ${sql.id(name)}`.execute(db);
  return rows.map((row) => row.name);
}
