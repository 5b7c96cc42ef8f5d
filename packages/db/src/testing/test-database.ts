import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../connect.ts';
import { TEMPLATE_DATABASE } from './global-setup.ts';

/**
 * A fresh, migrated database for one test file: a PGlite copy of the template, or a new
 * PostgreSQL database made from the template when TEST_DATABASE_URL is set. Closing drops it.
 * @example const database = await createTestDatabase(); afterAll(() => database.close());
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const pglite = await freshPglite();
    const handle = await connectDatabase({ pglite });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        // Kept for the worker's next file, which empties it first.
        if (spares.length < MAX_SPARES) spares.push(pglite);
        else await pglite.close();
      },
    };
  }
  const name = `baletrack_test_${randomUUID().replaceAll('-', '')}`;
  await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handle = await connectDatabase({ url: target.href, poolSize: 5 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

// Loading the template into a new PGlite costs 1–2.5 s of CPU, a third of the PGlite tier's
// time; emptying one a closed file used takes under 0.1 s. The files of a worker run one after
// another (vitest.config.ts shares a worker's modules), so one instance kept is enough.
const MAX_SPARES = 1;
const spares: PGlite[] = [];
/** The template's schema as {@link shapeOf} reads it, from the first load. */
let templateShape: string | undefined;

/** A PGlite with the template's schema and no rows: a spare emptied, else a new load. */
async function freshPglite(): Promise<PGlite> {
  for (let spare = spares.pop(); spare; spare = spares.pop()) {
    if (await emptied(spare)) return spare;
    await spare.close();
  }
  const pglite = await PGlite.create({
    loadDataDir: new Blob([fs.readFileSync(inject('pgliteTemplate'))]),
  });
  templateShape ??= await shapeOf(pglite);
  return pglite;
}

/**
 * Empties a used instance back to the template: the session reset (settings, prepared
 * statements, locks, temporary tables), every table but the migrations' truncated with its
 * sequences. False when its schema no longer matches the template's (a file changed it).
 */
async function emptied(pglite: PGlite): Promise<boolean> {
  try {
    await pglite.query('DISCARD ALL');
    const { rows } = await pglite.query<{ tables: string | null }>(
      `SELECT string_agg(format('%I', tablename), ', ') AS tables FROM pg_tables
       WHERE schemaname = 'public' AND tablename NOT LIKE 'kysely_migration%'`,
    );
    if (rows[0]?.tables) {
      await pglite.exec(`TRUNCATE ${rows[0].tables} RESTART IDENTITY CASCADE`);
    }
    return (await shapeOf(pglite)) === templateShape;
  } catch {
    // A transaction left open, say: a new load instead.
    return false;
  }
}

/**
 * A digest of what a file could change besides rows: relations and their columns, constraints,
 * functions, triggers, schemas, roles, databases and the migrations applied.
 */
async function shapeOf(pglite: PGlite): Promise<string> {
  const { rows } = await pglite.query<{ shape: string }>(`SELECT md5(concat_ws('|',
    (SELECT string_agg(n.nspname || '.' || c.relname || ':' || c.relkind::text || '(' || coalesce((
        SELECT string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' '
          || a.attnotnull::text || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), ''), ','
          ORDER BY a.attnum)
        FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
        WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped), '') || ')', ';'
      ORDER BY n.nspname, c.relname)
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')),
    (SELECT string_agg(conname || pg_get_constraintdef(oid), ';' ORDER BY conname, oid)
     FROM pg_constraint WHERE connamespace <> 'pg_catalog'::regnamespace),
    (SELECT string_agg(proname || md5(prosrc), ';' ORDER BY proname, oid)
     FROM pg_proc WHERE pronamespace <> 'pg_catalog'::regnamespace
       AND pronamespace <> 'information_schema'::regnamespace),
    (SELECT string_agg(tgname, ';' ORDER BY tgname) FROM pg_trigger WHERE NOT tgisinternal),
    (SELECT string_agg(nspname, ';' ORDER BY nspname) FROM pg_namespace),
    (SELECT string_agg(rolname, ';' ORDER BY rolname) FROM pg_roles),
    (SELECT string_agg(datname, ';' ORDER BY datname) FROM pg_database),
    (SELECT string_agg(name, ';' ORDER BY name) FROM kysely_migration),
    (SELECT string_agg(id || is_locked::text, ';') FROM kysely_migration_lock))) AS shape`);
  return rows[0]?.shape ?? '';
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
