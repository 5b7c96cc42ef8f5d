// /bales/summary and /bales/summarygroupby as the web app calls them (the top bar's crop year
// and a saved filter), over HTTP with a real id token; and, with the product stopped, the same
// aggregate as the SQL the product ran before it kept bale columns (`summaryQuery`), on the
// benchmark's own connection.

import { cropSchema } from '@baletrack/contracts/crops/crop';
import { fieldsResponseSchema } from '@baletrack/contracts/fields/field';
import { type FilterDefinition, filterSchema } from '@baletrack/contracts/filters/filter';
import {
  baleSummaryGroupByResponseSchema,
  baleSummaryResponseSchema,
} from '@baletrack/contracts/summaries/summary';
import type { Database } from '@baletrack/db/database';
import {
  CamelCasePlugin,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import { filterPredicate } from '../../apps/server/src/features/bales/filter-predicate.ts';
import { timeRange } from '../../apps/server/src/features/bales/time-range.ts';
import { summaryQuery } from '../../apps/server/src/features/summaries/summary-sql.ts';
import { DUCKDB_THREADS, type DuckDbBaseline, measureDuckDb } from './duckdb-baseline.ts';
import type { RawDatabase } from './raw-database.ts';
import { median, percentile } from './stats.ts';

export const SUMMARY_CALLS = 30;
const SQL_RUNS = 5;

/** A filter a grower keeps: dry enough to store, heavy enough to sell by the bale. */
export const TYPICAL_FILTER: FilterDefinition = {
  ranges: { avgMoisture: { min: null, max: 16 }, weightKg: { min: 300, max: null } },
  dateRange: null,
  includeCuttingless: true,
  fieldIds: [],
  cuttingIds: [],
  cropIds: [],
  balerIds: [],
  baleSizes: [],
};

export interface SummariesApiRun {
  year: number;
  /** The first call: answered in SQL while the server loads its bale columns. */
  firstMs: number;
  summary: number[];
  groupBy: number[];
  /** Bales the summary counted and their weight, to check against the SQL. */
  count: number;
  totalWeightKg: number;
}

export interface SummaryBaselines {
  summaryMs: number[];
  groupByMs: number[];
  count: number;
  totalWeightKg: number;
  duckdb: DuckDbBaseline;
}

/**
 * Gives the measured year cuttings (so bales are graded, as on a real farm), saves the filter,
 * then times the calls.
 */
export async function measureSummariesApi(
  url: string,
  idToken: string,
  year: number,
): Promise<SummariesApiRun> {
  const call = async (method: string, path: string, body?: unknown) => {
    const started = performance.now();
    const response = await fetch(`${url}/data-api${path}`, {
      method,
      headers: {
        authorization: idToken,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const ms = performance.now() - started;
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return { ms, json: JSON.parse(text) as unknown };
  };
  const fieldIds = fieldsResponseSchema
    .parse((await call('GET', '/fields')).json)
    .fields.map((f) => f.id);
  const crop = async (name: string) =>
    cropSchema.parse((await call('POST', `/crops?name=${encodeURIComponent(name)}`)).json).id;
  const [alfalfa, grass] = [await crop('Alfalfa'), await crop('Orchardgrass')];
  const cuttings = [
    ['1st cutting', '05-10', '06-15', alfalfa],
    ['2nd cutting', '06-16', '07-25', alfalfa],
    ['3rd cutting', '07-26', '09-30', grass],
  ] as const;
  for (const [name, start, end, cropId] of cuttings) {
    await call('POST', '/cuttings', {
      name,
      year,
      startDate: `${year}-${start}`,
      endDate: `${year}-${end}`,
      cropId,
      fieldIds,
    });
  }
  const filter = filterSchema.parse(
    (await call('POST', '/filters/create', { name: 'Dry and heavy', ...TYPICAL_FILTER })).json,
  );
  const query = `year=${year}&filterId=${filter.id}`;
  const first = await call('GET', `/bales/summary?${query}`);
  const { summary } = baleSummaryResponseSchema.parse(first.json);
  const timed = async (path: string, check: (json: unknown) => unknown) => {
    const samples: number[] = [];
    for (let i = 0; i < SUMMARY_CALLS; i += 1) {
      const answer = await call('GET', path);
      check(answer.json);
      samples.push(answer.ms);
    }
    return samples;
  };
  return {
    year,
    firstMs: first.ms,
    summary: await timed(`/bales/summary?${query}`, (j) => baleSummaryResponseSchema.parse(j)),
    groupBy: await timed(`/bales/summarygroupby?by=field&${query}`, (j) =>
      baleSummaryGroupByResponseSchema.parse(j),
    ),
    count: summary.count,
    totalWeightKg: summary.totalWeightKg,
  };
}

// Compiles the product's query to SQL text without a connection.
const compiler = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
  plugins: [new CamelCasePlugin()],
});

/**
 * The same selection as one SQL aggregate, run SQL_RUNS times each (tables analyzed); and in
 * DuckDB on the same rows, as many times as the API is called.
 */
export async function measureSummaryBaselines(
  raw: RawDatabase,
  orgId: string,
  year: number,
): Promise<SummaryBaselines> {
  const selection = { range: timeRange({ year }), where: filterPredicate(TYPICAL_FILTER) };
  const run = async (by?: 'field') => {
    const compiled = summaryQuery(compiler, orgId, selection, by).compile(compiler);
    const samples: number[] = [];
    let rows: unknown[][] = [];
    for (let i = 0; i < SQL_RUNS; i += 1) {
      const started = performance.now();
      rows = await raw.rows(compiled.sql, [...compiled.parameters]);
      samples.push(performance.now() - started);
    }
    return { samples, rows };
  };
  const summary = await run();
  const groupBy = await run('field');
  // Columns: group_key, group_name, count, total_weight_kg, …
  const [row] = summary.rows;
  return {
    summaryMs: summary.samples,
    groupByMs: groupBy.samples,
    count: Number(row?.[2] ?? 0),
    totalWeightKg: Number(row?.[3] ?? 0),
    duckdb: await measureDuckDb(raw, compiler, orgId, year, SUMMARY_CALLS),
  };
}

export const SUMMARY_P50_TARGET_MS = 50;
export const SUMMARY_SQL_RATIO_TARGET = 1.3;
export const GROUP_BY_P50_TARGET_MS = 80;
/** Target: the API's p50 at most this many times DuckDB's on the same rows (2 threads). */
export const DUCKDB_RATIO_TARGET = 2;

/** The report's rows: targets on PGlite, figures only on PostgreSQL (`pass` undefined). */
export function summaryRows(
  kind: 'pglite' | 'postgres',
  run: SummariesApiRun,
  sql: SummaryBaselines,
) {
  const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
  const p = (samples: number[]) => `p50 ${ms(median(samples))}, p95 ${ms(percentile(samples, 95))}`;
  const targets = kind === 'pglite';
  const summaryP50 = median(run.summary);
  const ratio = summaryP50 / median(sql.summaryMs);
  const groupByP50 = median(run.groupBy);
  const duck = sql.duckdb;
  const duckRatio = summaryP50 / median(duck.summaryMs);
  const duckGroupByRatio = groupByP50 / median(duck.groupByMs);
  const duckSame =
    duck.count === run.count &&
    Math.abs(run.totalWeightKg - duck.totalWeightKg) < 1e-6 * (1 + duck.totalWeightKg)
      ? ''
      : ` — DIFFERENT FIGURES: API ${run.count} bales, DuckDB ${duck.count}`;
  const duckWhat = `DuckDB ${duck.version}, ${DUCKDB_THREADS} threads, in memory, on the ${duck.rows.toLocaleString('en-US')} visible bales exported from the product's database (the summary's columns, grade and moisture verdict)`;
  // The same numbers or the comparison is void: say so in the row.
  const same =
    run.count === sql.count &&
    Math.abs(run.totalWeightKg - sql.totalWeightKg) < 1e-6 * (1 + sql.totalWeightKg)
      ? ''
      : ` — DIFFERENT FIGURES: API ${run.count} bales, SQL ${sql.count}`;
  const what = `crop year ${run.year} and a saved filter (moisture ≤ 16 %, ≥ 300 kg; ${run.count.toLocaleString('en-US')} bales)`;
  return [
    {
      measure: `\`/bales/summary\`, ${what}, ${run.summary.length} calls`,
      ours: `${p(run.summary)}; first call ${ms(run.firstMs)} (in SQL, the columns loading)`,
      baseline: `the same aggregate as one SQL query (\`summaryQuery\`, analyzed tables): p50 ${ms(median(sql.summaryMs))}; ratio ${ratio.toFixed(2)}×${same}`,
      target: targets
        ? `p50 ≤ ${SUMMARY_P50_TARGET_MS} ms and ≤ ${SUMMARY_SQL_RATIO_TARGET}× SQL`
        : '— (figure only)',
      pass: targets
        ? summaryP50 <= SUMMARY_P50_TARGET_MS && ratio <= SUMMARY_SQL_RATIO_TARGET && same === ''
        : undefined,
    },
    {
      measure: `\`/bales/summarygroupby\` by field, the same selection, ${run.groupBy.length} calls`,
      ours: p(run.groupBy),
      baseline: `the same as one SQL query: p50 ${ms(median(sql.groupByMs))}`,
      target: targets ? `p50 ≤ ${GROUP_BY_P50_TARGET_MS} ms` : '— (figure only)',
      pass: targets ? groupByP50 <= GROUP_BY_P50_TARGET_MS : undefined,
    },
    {
      measure: `\`/bales/summary\` beside DuckDB, the same selection`,
      ours: `p50 ${ms(summaryP50)}; ${duckRatio.toFixed(2)}× DuckDB`,
      baseline: `${duckWhat}: p50 ${ms(median(duck.summaryMs))}, p95 ${ms(percentile(duck.summaryMs, 95))}${duckSame}`,
      target: `p50 ≤ ${DUCKDB_RATIO_TARGET}× DuckDB`,
      pass: duckRatio <= DUCKDB_RATIO_TARGET && duckSame === '',
    },
    {
      measure: `\`/bales/summarygroupby\` by field beside DuckDB`,
      ours: `p50 ${ms(groupByP50)}; ${duckGroupByRatio.toFixed(2)}× DuckDB`,
      baseline: `the same group-by in DuckDB: p50 ${ms(median(duck.groupByMs))}, p95 ${ms(percentile(duck.groupByMs, 95))}`,
      target: `p50 ≤ ${DUCKDB_RATIO_TARGET}× DuckDB`,
      pass: duckGroupByRatio <= DUCKDB_RATIO_TARGET,
    },
  ];
}
