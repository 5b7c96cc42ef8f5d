import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database.ts';
import { acquireDirectoryLock } from './directory-lock.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export type ConnectOptions =
  | { url: string; poolSize?: number }
  | { dataDir: string }
  | { pglite: PGlite };

// node-postgres returns bigint (int8) as strings; counts are safe as numbers at our sizes.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
// A `date` (a cutting's day, a subscription month) has no time zone: keep 'YYYY-MM-DD' as is
// rather than turning it into a Date at the process's local midnight.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

function kyselyOver(pool: pg.Pool): Kysely<Database> {
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  });
}

/**
 * Opens the database: PostgreSQL for a URL, embedded PGlite for a directory (locked against a
 * second process) or for a PGlite instance the caller owns.
 * @example const { db, close } = await connectDatabase({ dataDir: './data/pglite' });
 */
export async function connectDatabase(options: ConnectOptions): Promise<DatabaseHandle> {
  if ('url' in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection the server closed (restart, failover, a dropped test database) is
    // dropped from the pool and replaced on next use; without a listener it would crash us.
    pool.on('error', () => {});
    const db = kyselyOver(pool);
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  if ('pglite' in options) {
    const db = kyselyOver(new pg.Pool(createPgConfig(options.pglite)));
    return { db, kind: 'pglite', close: () => db.destroy() };
  }
  const dir = path.resolve(options.dataDir);
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const lock = acquireDirectoryLock(`${dir}.lock`);
  try {
    const pglite = await PGlite.create(dir);
    const db = kyselyOver(new pg.Pool(createPgConfig(pglite)));
    return {
      db,
      kind: 'pglite',
      close: async () => {
        await db.destroy();
        await pglite.close();
        lock.release();
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
