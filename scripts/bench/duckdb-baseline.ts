// DuckDB's figure for the summaries (the target: `/bales/summary` p50 ≤ 2× DuckDB on the same
// rows): the organization's visible bales exported from the product's database, one row each
// with the columns a summary reads (its grade and moisture verdict computed by the summaries'
// SQL specification, as the server's bale columns hold them), loaded into an in-memory DuckDB
// with 2 threads; then the same selection and aggregate as the API's, and the group-by field.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { alfalfaGrades, grassGrades } from '@baletrack/contracts/summaries/summary';
import type { Database } from '@baletrack/db/database';
import { DuckDBInstance } from '@duckdb/node-api';
import { type Kysely, sql } from 'kysely';
import { legumeCrop } from '../../apps/server/src/features/bales/bale-grade-sql.ts';
import { visibleBales } from '../../apps/server/src/features/bales/bales.repository.ts';
import { timeRange } from '../../apps/server/src/features/bales/time-range.ts';
import {
  pickedGradeSql,
  summaryBaleColumns,
} from '../../apps/server/src/features/summaries/summary-sql.ts';
import type { RawDatabase } from './raw-database.ts';

export const DUCKDB_THREADS = 2;

export interface DuckDbBaseline {
  version: string;
  /** Visible bales exported and loaded. */
  rows: number;
  exportMs: number;
  summaryMs: number[];
  groupByMs: number[];
  count: number;
  totalWeightKg: number;
}

const gradeKeys = [
  ...alfalfaGrades.map((g) => `legume.${g}`),
  ...grassGrades.map((g) => `grass.${g}`),
];

// Column order of the export, the CSV and the DuckDB table.
const columns = [
  ['creation_ms', 'DOUBLE'],
  ['field_ids', 'VARCHAR'],
  ['weight_kg', 'DOUBLE'],
  ['dry_mass_kg', 'DOUBLE'],
  ['avg_moisture', 'DOUBLE'],
  ['peak_moisture', 'DOUBLE'],
  ['rfv', 'DOUBLE'],
  ['adf', 'DOUBLE'],
  ['ndf', 'DOUBLE'],
  ['protein', 'DOUBLE'],
  ['ash', 'DOUBLE'],
  ['sugar', 'DOUBLE'],
  ['above_safe', 'BOOLEAN'],
  ['grade', 'VARCHAR'],
] as const;

function exportQuery(compiler: Kysely<Database>, orgId: string) {
  const perBale = visibleBales(compiler, orgId).select((eb) => [
    sql<number>`extract(epoch from bales.creation_time) * 1000`.as('creationMs'),
    sql<string>`array_to_string(bales.field_uids, ';')`.as('fieldIds'),
    ...summaryBaleColumns,
    legumeCrop(eb).as('legume'),
  ]);
  const names = columns.slice(0, -1).map(([name]) => sql.ref(`b.${name}`));
  return sql`select ${sql.join(names)}, ${pickedGradeSql} as grade from (${perBale}) as b`.compile(
    compiler,
  );
}

const csvValue = (value: unknown) =>
  value === null || value === undefined
    ? ''
    : value instanceof Date
      ? value.toISOString()
      : String(value);

// The API's selection: the crop year and the saved filter (moisture ≤ 16 %, weight ≥ 300 kg).
const selection =
  'creation_ms >= $from AND creation_ms < $to AND avg_moisture <= 16 AND weight_kg >= 300';
const aggregates = `count(*)::int AS count,
  coalesce(sum(weight_kg), 0) AS total_weight_kg, coalesce(sum(dry_mass_kg), 0) AS total_dry_mass_kg,
  avg(weight_kg), avg(avg_moisture), avg(peak_moisture), max(peak_moisture),
  avg(rfv), avg(adf), avg(ndf), avg(protein), avg(ash), avg(sugar),
  count(*) FILTER (WHERE above_safe)::int AS above_safe,
  ${gradeKeys.map((key, i) => `count(*) FILTER (WHERE grade = '${key}')::int AS g${i}`).join(', ')}`;
const summarySql = `SELECT ${aggregates} FROM bales WHERE ${selection}`;
// A bale in two fields counts in both; one in none in the group without a field (as the API).
const groupBySql = `SELECT f.id, f.name, ${aggregates}
  FROM (SELECT * FROM bales WHERE ${selection}) AS b
  LEFT JOIN fields f ON list_contains(b.field_ids, f.id)
  GROUP BY f.id, f.name`;

/** Exports the visible bales, loads them into DuckDB and times the two aggregates. */
export async function measureDuckDb(
  raw: RawDatabase,
  compiler: Kysely<Database>,
  orgId: string,
  year: number,
  runs: number,
): Promise<DuckDbBaseline> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'baletrack-bench-duckdb-'));
  const instance = await DuckDBInstance.create(':memory:', { threads: String(DUCKDB_THREADS) });
  const connection = await instance.connect();
  try {
    const started = performance.now();
    const compiled = exportQuery(compiler, orgId);
    const bales = await raw.rows(compiled.sql, [...compiled.parameters]);
    const fields = await raw.rows('SELECT id::text, name FROM fields WHERE org_id = $1', [orgId]);
    const exportMs = performance.now() - started;
    const balesCsv = path.join(dir, 'bales.csv');
    fs.writeFileSync(balesCsv, bales.map((row) => row.map(csvValue).join(',')).join('\n'));
    const fieldsCsv = path.join(dir, 'fields.csv');
    fs.writeFileSync(
      fieldsCsv,
      fields.map(([id, name]) => `${id},"${String(name).replaceAll('"', '""')}"`).join('\n'),
    );
    const spec = columns.map(([name, type]) => `'${name}': '${type}'`).join(', ');
    await connection.run(`CREATE TABLE bales AS
      SELECT * REPLACE (coalesce(string_split(field_ids, ';'), []::VARCHAR[]) AS field_ids)
      FROM read_csv('${balesCsv}', header = false, nullstr = '', columns = {${spec}})`);
    await connection.run(`CREATE TABLE fields AS
      SELECT * FROM read_csv('${fieldsCsv}', header = false, columns = {'id': 'VARCHAR', 'name': 'VARCHAR'})`);
    const range = timeRange({ year });
    const params = { from: range.from?.getTime() ?? 0, to: range.to?.getTime() ?? 0 };
    const time = async (text: string) => {
      const statement = await connection.prepare(text);
      statement.bind(params);
      let rows: unknown[][] = (await statement.runAndReadAll()).getRows(); // warm
      const samples: number[] = [];
      for (let i = 0; i < runs; i += 1) {
        const t = performance.now();
        rows = (await statement.runAndReadAll()).getRows();
        samples.push(performance.now() - t);
      }
      return { samples, rows };
    };
    const summary = await time(summarySql);
    const groupBy = await time(groupBySql);
    const version = (await connection.runAndReadAll('SELECT version()')).getRows()[0]?.[0];
    const [row] = summary.rows;
    return {
      version: String(version ?? ''),
      rows: bales.length,
      exportMs,
      summaryMs: summary.samples,
      groupByMs: groupBy.samples,
      count: Number(row?.[0] ?? 0),
      totalWeightKg: Number(row?.[1] ?? 0),
    };
  } finally {
    connection.closeSync();
    instance.closeSync();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
