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
    const dump = fs.readFileSync(inject('pgliteTemplate'));
    const pglite = await PGlite.create({ loadDataDir: new Blob([dump]) });
    const handle = await connectDatabase({ pglite });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await pglite.close();
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

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
