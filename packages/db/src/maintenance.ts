import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle } from './connect.ts';
import type { Database } from './database.ts';

const HOUR_MS = 3_600_000;

/**
 * Keeps the planner's statistics fresh on the embedded database. PGlite runs no autovacuum, so
 * without this every table looks empty to the planner for ever and map queries over 200,000 bales
 * take seconds instead of a fraction of one (docs/benchmarks.md). PostgreSQL's autovacuum does
 * this by itself, so there it does nothing.
 * @example const stop = await startMaintenance(database); … stop();
 */
export async function startMaintenance(database: DatabaseHandle): Promise<() => void> {
  if (database.kind !== 'pglite') return () => {};
  await analyze(database.db);
  const timer = setInterval(() => void analyze(database.db).catch(() => {}), HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}

async function analyze(db: Kysely<Database>): Promise<void> {
  await sql`ANALYZE`.execute(db);
}
