// The benchmark's own connection for baselines: plain SQL, no Kysely, no product code. Opened
// after the product process has stopped (PGlite's directory has one owner at a time).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface RawDatabase {
  /** Rows as arrays of values. */
  rows(sql: string, params?: unknown[]): Promise<unknown[][]>;
  /** Loads the organization's stored bales again, with COPY, into a scratch copy of `bales`. */
  copyBales(orgId: string): Promise<{ rows: number; ms: number }>;
  /** How `copyBales` copies, for the report. */
  copyMethod: string;
  version(): Promise<string>;
  close(): Promise<void>;
}

// Same columns, defaults, checks and indexes as the real table (LIKE … INCLUDING ALL), so
// COPY maintains the same six indexes and primary key that ingest does (no foreign key).
const SCRATCH = 'bench_bales_copy';
const createScratch = `CREATE TABLE ${SCRATCH} (LIKE bales INCLUDING ALL)`;
const selectBales = (orgId: string) =>
  `SELECT * FROM bales WHERE org_id = '${orgId.replaceAll("'", '')}'`;

export async function openPglite(dataDir: string): Promise<RawDatabase> {
  const db = await PGlite.create(dataDir);
  return {
    copyMethod: "COPY … FROM '/dev/blob' (PGlite's blob option), in process",
    rows: async (sql, params) =>
      (await db.query(sql, params, { rowMode: 'array' })).rows as unknown[][],
    copyBales: async (orgId) => {
      const out = await db.query(`COPY (${selectBales(orgId)}) TO '/dev/blob'`);
      if (!out.blob) throw new Error('PGlite returned no blob for COPY TO.');
      await db.exec(createScratch);
      try {
        const started = performance.now();
        await db.query(`COPY ${SCRATCH} FROM '/dev/blob'`, [], { blob: out.blob });
        const ms = performance.now() - started;
        const counted = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${SCRATCH}`);
        return { rows: counted.rows[0]?.n ?? 0, ms };
      } finally {
        await db.exec(`DROP TABLE ${SCRATCH}`);
      }
    },
    version: async () => {
      const row = await db.query<{ v: string }>('SELECT version() AS v');
      return row.rows[0]?.v ?? '';
    },
    close: () => db.close(),
  };
}

/**
 * A client of the benchmark's own PostgreSQL cluster. COPY runs server-side from a file the
 * server itself wrote (the cluster is local): no client in between, the fastest COPY there is
 * and so the floor for ingest, which streams its COPY from the product (ADR 19).
 */
export async function openPostgres(url: string): Promise<RawDatabase> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    copyMethod: 'server-side COPY … FROM a file on the same machine',
    rows: async (sql, params) =>
      (await client.query({ text: sql, values: params, rowMode: 'array' })).rows as unknown[][],
    copyBales: async (orgId) => {
      // The cluster runs as the postgres system user: a folder anyone may write to.
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'baletrack-bench-copy-'));
      fs.chmodSync(dir, 0o777);
      const file = path.join(dir, 'bales.copy');
      try {
        await client.query(`COPY (${selectBales(orgId)}) TO '${file}'`);
        await client.query(createScratch);
        const started = performance.now();
        const result = await client.query(`COPY ${SCRATCH} FROM '${file}'`);
        const ms = performance.now() - started;
        return { rows: result.rowCount ?? 0, ms };
      } finally {
        await client.query(`DROP TABLE IF EXISTS ${SCRATCH}`);
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    version: async () => {
      const result = await client.query<{ v: string }>('SELECT version() AS v');
      return result.rows[0]?.v ?? '';
    },
    close: () => client.end(),
  };
}
