import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { CamelCasePlugin, Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './database.ts';
import { acquireDirectoryLock } from './directory-lock.ts';
import { preparingQuery } from './prepared-statements.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** One connection of a PostgreSQL pool, as `transactionWithClient` lends it. */
export type PostgresClient = pg.PoolClient;

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

type DialectPool = ConstructorParameters<typeof PostgresDialect>[0]['pool'];

function kyselyOver(pool: DialectPool) {
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  });
}

/** The pool as Kysely sees it: its connections send repeated statements by name. */
function preparing(pool: pg.Pool): DialectPool {
  return {
    connect: async () => {
      const client = await pool.connect();
      return { query: preparingQuery(client), release: () => client.release() };
    },
    end: () => pool.end(),
  };
}

// The node-postgres pool under each Kysely opened on a PostgreSQL URL (never PGlite's).
const postgresPools = new WeakMap<Kysely<Database>, pg.Pool>();
// The PGlite under each Kysely opened on one, with the one-connection pool that takes turns on it.
const embedded = new WeakMap<Kysely<Database>, { pglite: PGlite; pool: pg.Pool }>();

function kyselyOverPglite(pglite: PGlite): Kysely<Database> {
  const pool = new pg.Pool(createPgConfig(pglite));
  const db = kyselyOver(preparing(pool));
  embedded.set(db, { pglite, pool });
  return db;
}

/**
 * Runs `work` on the embedded database's PGlite itself, for what its driver cannot carry (COPY to
 * a blob): the pool's only connection is held meanwhile, so no other query or transaction runs
 * in between. Returns undefined, running nothing, on PostgreSQL.
 * @example const r = await withPglite(db, (pglite) => pglite.query("COPY … TO '/dev/blob'"));
 */
export async function withPglite<T>(
  db: Kysely<Database>,
  work: (pglite: PGlite) => Promise<T>,
): Promise<{ value: T } | undefined> {
  const found = embedded.get(db);
  if (!found) return undefined;
  const client = await found.pool.connect();
  try {
    return { value: await work(found.pglite) };
  } finally {
    client.release();
  }
}

/**
 * Runs `work` in one transaction on one PostgreSQL connection, handing it a Kysely transaction
 * and the raw client of that same connection, for what Kysely cannot send (COPY, see
 * docs/adr/0019-ingest-through-copy.md). Returns undefined, running nothing, on PGlite.
 * @example const n = await transactionWithClient(db, (trx, client) => copyRows(trx, client));
 */
export async function transactionWithClient<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>, client: PostgresClient) => Promise<T>,
): Promise<{ value: T } | undefined> {
  const pool = postgresPools.get(db);
  if (!pool) return undefined;
  const client = await pool.connect();
  // A Kysely over this one connection: its transaction and the client's COPY share the session.
  const single = kyselyOver({
    connect: async () => ({ query: preparingQuery(client), release: () => {} }),
    end: async () => {},
  });
  try {
    const value = await single.transaction().execute((trx) => work(trx, client));
    client.release();
    return { value };
  } catch (error) {
    // The database's own refusal leaves the session usable (rolled back); anything else may not.
    client.release(error instanceof pg.DatabaseError ? undefined : (error as Error));
    throw error;
  }
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
    const db = kyselyOver(preparing(pool));
    postgresPools.set(db, pool);
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  if ('pglite' in options) {
    const db = kyselyOverPglite(options.pglite);
    return { db, kind: 'pglite', close: () => db.destroy() };
  }
  const dir = path.resolve(options.dataDir);
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const lock = acquireDirectoryLock(`${dir}.lock`);
  try {
    const pglite = await PGlite.create(dir);
    const db = kyselyOverPglite(pglite);
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
