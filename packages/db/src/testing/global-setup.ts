import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../connect.ts';
import { migrateToLatest } from '../migrate.ts';

export const TEMPLATE_DATABASE = 'baletrack_test_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Migrates one template database per test run; every test file then copies it
 * (docs/adr/0008-test-tiers.md).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    await admin.end();
    const template = new URL(url);
    template.pathname = `/${TEMPLATE_DATABASE}`;
    const { db, close } = await connectDatabase({ url: template.href, poolSize: 1 });
    await migrateToLatest(db);
    await close();
    project.provide('pgliteTemplate', '');
    return async () => {};
  }
  const pglite = await PGlite.create();
  const { db, close } = await connectDatabase({ pglite });
  await migrateToLatest(db);
  await close();
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'baletrack-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return async () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
