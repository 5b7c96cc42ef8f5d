// The many-farms row: a service of many organizations on one PostgreSQL, two product processes
// on it, and clients opening random farms' maps as the map screen does (the opening view and the
// year's summary asked at once). Bales are written straight into the database with
// generate_series: ingest has its own rows, this one measures reading many farms.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mulberry32 } from '@baletrack/domain/seeded-random';
import pg from 'pg';
import { startSession } from '../../apps/server/src/features/identity/tokens.service.ts';
import { createPoolUser } from '../../apps/server/src/features/identity/user-pool.service.ts';
import { startThrowawayPostgres } from '../lib/postgres.mjs';
import type { Cleanup } from './cleanup.ts';
import { productEnvironment, withBenchContext } from './organizations.ts';
import { freePort, type ProductServer, startProductServer } from './product-server.ts';
import { percentile } from './stats.ts';

const MANY_FARMS_TARGETS = { openingsPerSecond: 150, p95Ms: 200, rssMiB: 500 };
export const MANY_FARMS_CLIENTS = 20;
export const MANY_FARMS_SECONDS = 60;

export interface ManyFarmsOptions {
  farms: number;
  clients: number;
  seconds: number;
}

/** A farm's bales: most 2,000–20,000 (log-uniform), every fiftieth a large farm of 200,000. */
export function farmSize(index: number): number {
  if (index % 50 === 49) return 200_000;
  const spread = (index * 0.618_033_988_75) % 1;
  return Math.round(2_000 * 10 ** spread);
}

/**
 * Where farm `index` lies: farms 0.2° apart on a grid, each within a box of about 3 km holding
 * 12 fields (4 × 3), as windrows fill one field a day.
 */
function farmOrigin(index: number): { lat: number; lon: number } {
  return { lat: 36 + (index % 40) * 0.2, lon: -104 + Math.floor(index / 40) * 0.2 };
}

const FARM_SPAN_DEG = 0.03;
/** Which farms the clients open, and in what order: the same for every design measured. */
const OPENINGS_SEED = 12_345;
/** A farm's season: its bales made day by day over 120 days, each day's in one of 12 fields. */
const DAYS = 120;
const FIELDS = 12;
const YEAR = 2026;

/** The opening view of farm `index`: its whole box at zoom 13, the year's bales. */
function openingQuery(index: number): string {
  const { lat, lon } = farmOrigin(index);
  return new URLSearchParams({
    west: String(lon),
    south: String(lat),
    east: String(lon + FARM_SPAN_DEG),
    north: String(lat + FARM_SPAN_DEG),
    zoom: '13',
    year: String(YEAR),
  }).toString();
}

function orgIdOf(index: number): string {
  const hex = crypto.createHash('md5').update(`many-farms ${index}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Organizations, one baler each subscribed all year, and their bales, in a few statements. */
async function seedFarms(url: string, farms: number): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = Array.from({ length: farms }, (_, i) => {
      const { lat, lon } = farmOrigin(i);
      return `(${i}, '${orgIdOf(i)}'::uuid, ${farmSize(i)}, ${lat}, ${lon})`;
    });
    await client.query(`create table many_farms (i int, org uuid, bales int, lat float8, lon float8);
      insert into many_farms values ${rows.join(',')}`);
    await client.query(`
      insert into organizations (id, name) select org, 'Many farm ' || i from many_farms;
      insert into balers (id, org_id, vin, name)
        select md5('baler' || i)::uuid, org, 'MF' || lpad(i::text, 15, '0'), 'Baler 1' from many_farms;
      insert into baler_subscription_months (org_id, baler_id, month, status)
        select org, md5('baler' || i)::uuid, m::date, 'active'
        from many_farms, generate_series('${YEAR}-01-01'::date, '${YEAR}-12-01'::date, '1 month') m;
      insert into bales (org_id, uid, baler_id, baler_vin, creation_time, creation_month,
          creation_lat, creation_lon, current_lat, current_lon, weight_kg, dry_mass_kg,
          avg_moisture, peak_moisture, protein, rfv, adf, ndf, bale_size, field_uids,
          binding_mode, missing_tags, version)
        select org, 'MF-' || g, md5('baler' || i)::uuid, 'MF' || lpad(i::text, 15, '0'), t,
          date_trunc('month', t at time zone 'UTC')::date, y, x, y, x,
          300 + (g * 37 % 200), (300 + (g * 37 % 200)) * 0.85, 10 + (g * 13 % 100) / 10.0,
          12 + (g * 13 % 100) / 10.0, 14 + (g % 80) / 10.0, 120 + (g * 7 % 80), 30, 45,
          'ThreeXFour', array[md5(org::text || f)::uuid], 'Twine', false, 1
        from many_farms, generate_series(1, bales) g,
          lateral (select (g - 1) * ${DAYS} / bales as d) day,
          lateral (select d % ${FIELDS} as f) field,
          lateral (select
            '${YEAR}-05-01'::timestamptz + (d || ' days')::interval
              + ((g * 7919 % 36000) || ' seconds')::interval as t,
            lat + (f / 4 + (g * 7727 % 1000) / 1100.0) * ${FARM_SPAN_DEG} / 3 as y,
            lon + (f % 4 + (g * 3571 % 1000) / 1100.0) * ${FARM_SPAN_DEG} / 4 as x) p;
      -- Written around the product's writers, as a restore would be: their cells are summed by the
      -- product at its start (its catch-up), which the clients wait for.
      insert into bale_versions (org_id, version) select org, 1 from many_farms;
      drop table many_farms;
      analyze;`);
    const { rows: count } = await client.query<{ n: string }>('select count(*) as n from bales');
    return Number(count[0]?.n);
  } finally {
    await client.end();
  }
}

/** Asks `done` (one query's first row's `done`) every `everyMs` until true; answers the wait, ms. */
async function waitUntil(url: string, done: string, everyMs: number): Promise<number> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (;;) {
      const { rows } = await client.query<{ done: boolean }>(done);
      if (rows[0]?.done) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  } finally {
    await client.end();
  }
}

/** Waits until every organization's bale cells carry the product's rule; answers the wait, ms. */
const waitForCells = (url: string) =>
  waitUntil(
    url,
    "select not exists (select 1 from bale_versions where cells_rule = '') as done",
    500,
  );

/**
 * Waits until PostgreSQL's autovacuum has nothing left to do after the seeding and the catch-up
 * (no worker running, no table past its insert or dead-row trigger), so the clients measure a
 * service at rest rather than one vacuuming millions of new rows; answers the wait, ms.
 */
const waitForAutovacuum = (url: string) =>
  waitUntil(
    url,
    `select not exists (select 1 from pg_stat_activity where backend_type = 'autovacuum worker')
      and not exists (select 1 from pg_stat_user_tables t join pg_class c on c.oid = t.relid
        where t.n_ins_since_vacuum > current_setting('autovacuum_vacuum_insert_threshold')::int
            + current_setting('autovacuum_vacuum_insert_scale_factor')::float8 * greatest(c.reltuples, 0)
          or t.n_dead_tup > current_setting('autovacuum_vacuum_threshold')::int
            + current_setting('autovacuum_vacuum_scale_factor')::float8 * greatest(c.reltuples, 0))
      as done`,
    1_000,
  );

/**
 * Each farm's owner's id token, as a grower signed in to their own farm holds it: an owner in
 * the user pool per farm and a session started for them (no password round trips).
 */
async function ownerTokens(env: Record<string, string>, farms: number): Promise<string[]> {
  return withBenchContext(env, async (ctx) => {
    const tokens: string[] = [];
    for (let i = 0; i < farms; i += 1) {
      const user = {
        orgId: orgIdOf(i),
        email: `owner-${i}@many-farms.example`,
        groups: ['AccountsOwner'],
      };
      const { id } = await createPoolUser(ctx, {
        ...user,
        name: `Owner ${i}`,
        password: 'Many-farms-2026',
        status: 'CONFIRMED',
      });
      tokens.push((await startSession(ctx, { id, ...user })).IdToken);
    }
    return tokens;
  });
}

export interface ManyFarmsRun {
  farms: number;
  bales: number;
  openings: number;
  /** Openings answered with an error, by answer. */
  failures: string[];
  seconds: number;
  latencies: { p50: number; p95: number; p99: number };
  /** Each process's RSS at rest and its highest while the clients ran, MiB. */
  rss: { rest: number; peak: number }[];
  /** Each process's event-loop delay while the clients ran, ms (target p99 ≤ 50). */
  loopDelay: ({ p50: number; p99: number; max: number } | null)[];
  /** The same openings as SQL of candidate designs (see `sqlDesigns`). */
  grid: GridRun[];
}

export interface GridRun {
  design: string;
  openings: number;
  seconds: number;
  p50: number;
  p95: number;
  /** Cells of the opening view, median. */
  cells: number;
  /** What the design had to build first (an index, a table), ms; 0 for nothing. */
  prepareMs: number;
}

const CELL_SCALE = 2 ** 16;
/** A position's cell at zoom 16 (about 600 m here): three levels below the opening's zoom 13. */
const cellX = (lon: string) => `floor((${lon} + 180) / 360 * ${CELL_SCALE})::int`;
const cellY = (lat: string) =>
  `floor((1 - ln(tan(radians(${lat})) + 1 / cos(radians(${lat}))) / pi()) / 2 * ${CELL_SCALE})::int`;
const visible = `exists (select 1 from baler_subscription_months m where m.org_id = b.org_id
  and m.baler_id = b.baler_id and m.month = b.creation_month and m.status = 'active')`;

interface SqlDesign {
  name: string;
  prepare?: string[];
  /** Parameters: org, year start, next year start, west, east, south, north. */
  cells: string;
  /** Parameters: org, year start, next year start. */
  summary: string;
}

/**
 * Candidate designs measured in SQL alone (docs/benchmarks.md, "Many farms"): the opening as
 * PostgreSQL aggregates of the year — per zoom-16 cell of the view (count, sums, mean position)
 * and per field for the summary — both sent at once, on a pool of as many connections as clients.
 * What the product would add, merging cells into clusters, is a few hundred rows of work.
 */
const sqlDesigns: SqlDesign[] = [
  {
    name: 'grid: aggregate the bales per request',
    cells: `select ${cellX('current_lon')} as cx, ${cellY('current_lat')} as cy, count(*) as n,
        sum(weight_kg) as weight, sum(avg_moisture) as moisture, sum(rfv) as rfv,
        count(rfv) as rfv_n, avg(current_lon) as lon, avg(current_lat) as lat
      from bales b where org_id = $1 and creation_time >= $2 and creation_time < $3
        and current_lon between $4 and $5 and current_lat between $6 and $7 and ${visible}
      group by 1, 2`,
    summary: `select field_uids[1] as field, count(*) as n, sum(weight_kg) as weight,
        sum(dry_mass_kg) as dry, avg(avg_moisture) as moisture, avg(rfv) as rfv
      from bales b where org_id = $1 and creation_time >= $2 and creation_time < $3 and ${visible}
      group by 1`,
  },
  {
    name: 'grid with a covering index',
    prepare: [
      `create index bales_org_time_cover on bales (org_id, creation_time)
        include (current_lon, current_lat, weight_kg, dry_mass_kg, avg_moisture, rfv, baler_id,
          creation_month, field_uids)`,
      // Index-only scans need the visibility map set, as autovacuum would have by now.
      'vacuum analyze bales',
    ],
    cells: '',
    summary: '',
  },
  {
    name: 'rollup: cells per day, field and baler, kept at ingest',
    prepare: [
      `create table rollup_cells as
        select org_id, (creation_time at time zone 'UTC')::date as day, field_uids[1] as field,
          baler_id, creation_month, ${cellX('current_lon')} as cx, ${cellY('current_lat')} as cy,
          count(*) as n, sum(weight_kg) as weight, sum(dry_mass_kg) as dry,
          sum(avg_moisture) as moisture, sum(rfv) as rfv, count(rfv) as rfv_n,
          sum(current_lon) as lon, sum(current_lat) as lat
        from bales group by 1, 2, 3, 4, 5, 6, 7`,
      'create index on rollup_cells (org_id, day)',
      'vacuum analyze rollup_cells',
    ],
    cells: `select cx, cy, sum(n) as n, sum(weight) as weight, sum(moisture) as moisture,
        sum(rfv) as rfv, sum(rfv_n) as rfv_n, sum(lon) / sum(n) as lon, sum(lat) / sum(n) as lat
      from rollup_cells b where org_id = $1 and day >= $2 and day < $3
        and cx between ${cellX('$4::float8')} and ${cellX('$5::float8')}
        and cy between ${cellY('$7::float8')} and ${cellY('$6::float8')} and ${visible}
      group by 1, 2`,
    summary: `select field, sum(n) as n, sum(weight) as weight, sum(dry) as dry,
        sum(moisture) / sum(n) as moisture, sum(rfv) / nullif(sum(rfv_n), 0) as rfv
      from rollup_cells b where org_id = $1 and day >= $2 and day < $3 and ${visible}
      group by 1`,
  },
];

async function measureSqlDesign(
  url: string,
  options: ManyFarmsOptions,
  design: SqlDesign,
  previous?: SqlDesign,
): Promise<GridRun> {
  const pool = new pg.Pool({ connectionString: url, max: options.clients });
  try {
    const preparing = performance.now();
    for (const statement of design.prepare ?? []) await pool.query(statement);
    const prepareMs = design.prepare ? performance.now() - preparing : 0;
    const cellsSql = design.cells || (previous?.cells as string);
    const summarySql = design.summary || (previous?.summary as string);
    const latencies: number[] = [];
    const cells: number[] = [];
    const deadline = performance.now() + options.seconds * 1_000;
    // The same farms in the same order as the product's run (the same seed).
    const random = mulberry32(OPENINGS_SEED);
    const client = async () => {
      while (performance.now() < deadline) {
        const farm = Math.floor(random() * options.farms);
        const { lat, lon } = farmOrigin(farm);
        const year = [orgIdOf(farm), `${YEAR}-01-01`, `${YEAR + 1}-01-01`];
        const started = performance.now();
        const [view] = await Promise.all([
          pool.query(cellsSql, [...year, lon, lon + FARM_SPAN_DEG, lat, lat + FARM_SPAN_DEG]),
          pool.query(summarySql, year),
        ]);
        let n = 0;
        for (const row of view.rows as { n: string }[]) n += Number(row.n);
        if (n < farmSize(farm)) throw new Error(`${design.name}: ${n} of ${farmSize(farm)} bales`);
        latencies.push(performance.now() - started);
        cells.push(view.rowCount ?? 0);
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: options.clients }, client));
    return {
      design: design.name,
      openings: latencies.length,
      seconds: (performance.now() - started) / 1_000,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      cells: percentile(cells, 50),
      prepareMs,
    };
  } finally {
    await pool.end();
  }
}

/** Seeds the farms, starts two product processes on one PostgreSQL, and runs the clients. */
export async function measureManyFarms(
  options: ManyFarmsOptions,
  cleanup: Cleanup,
): Promise<ManyFarmsRun> {
  const postgres = await startThrowawayPostgres();
  cleanup.add(() => postgres.stop());
  const databaseUrl = postgres.url;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'baletrack-many-'));
  cleanup.add(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const ports = [await freePort(), await freePort()];
  const shared = productEnvironment({ port: ports[0] as number, dataDir, databaseUrl });
  // One public address for both, as behind a load balancer: tokens name it as their issuer.
  const envs = ports.map((port, i) => ({
    ...shared,
    PORT: String(port),
    DATA_DIR: path.join(dataDir, `process-${i}`),
    BILLING: 'off',
  }));

  await withBenchContext(envs[0] as Record<string, string>, async () => {});
  console.log(`  seeding ${options.farms.toLocaleString('en-US')} farms…`);
  const bales = await seedFarms(databaseUrl, options.farms);

  const servers: ProductServer[] = [];
  const stops: (() => Promise<void>)[] = [];
  for (const [i, env] of envs.entries()) {
    const server = await startProductServer(env, `http://127.0.0.1:${ports[i]}`);
    stops.push(cleanup.add(() => server.stop()));
    servers.push(server);
  }
  const cellsMs = await waitForCells(databaseUrl);
  console.log(`  bale cells summed by the product in ${(cellsMs / 1000).toFixed(1)} s`);
  const tokens = await ownerTokens(shared, options.farms);
  const vacuumMs = await waitForAutovacuum(databaseUrl);
  console.log(`  autovacuum done with the new rows ${(vacuumMs / 1000).toFixed(1)} s later`);
  const rest = servers.map((server) => server.memory().rssMiB);
  for (const server of servers) server.resetPeak();
  await Promise.all(servers.map((server) => server.eventLoopDelay()));

  console.log(`  ${options.clients} clients for ${options.seconds} s…`);
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  const deadline = performance.now() + options.seconds * 1_000;
  const random = mulberry32(OPENINGS_SEED);
  const client = async () => {
    while (performance.now() < deadline) {
      const farm = Math.floor(random() * options.farms);
      const server = servers[Math.floor(random() * servers.length)] as ProductServer;
      const headers = { authorization: tokens[farm] as string };
      const started = performance.now();
      const answers = await Promise.all(
        [`/clusters/get?${openingQuery(farm)}`, `/bales/summary?year=${YEAR}`].map((p) =>
          fetch(`${server.url}/data-api${p}`, { headers }).then(async (response) => {
            const text = await response.text();
            return response.ok ? '' : `${response.status} ${text.slice(0, 120)}`;
          }),
        ),
      );
      const failure = answers.find((answer) => answer !== '');
      if (failure === undefined) latencies.push(performance.now() - started);
      else failures.set(failure, (failures.get(failure) ?? 0) + 1);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: options.clients }, client));
  const seconds = (performance.now() - started) / 1_000;
  const loopDelay = await Promise.all(servers.map((server) => server.eventLoopDelay()));
  const rss = servers.map((server, i) => ({
    rest: rest[i] as number,
    peak: server.memory().peakMiB,
  }));
  for (const stop of stops) await stop();
  console.log(
    `  ${(latencies.length / seconds).toFixed(1)} openings/s, p95 ${percentile(latencies, 95).toFixed(0)} ms; event loop p99 ${loopDelay.map((d) => d?.p99 ?? '?').join(' and ')} ms`,
  );
  console.log('  designs in SQL alone…');
  const grid: GridRun[] = [];
  for (const [i, design] of sqlDesigns.entries()) {
    grid.push(await measureSqlDesign(databaseUrl, options, design, sqlDesigns[i - 1]));
    console.log(`  ${describeGrid(grid.at(-1) as GridRun)}`);
  }
  return {
    farms: options.farms,
    bales,
    openings: latencies.length,
    failures: [...failures].map(([answer, count]) => `${count}× ${answer}`),
    seconds,
    latencies: {
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
    },
    rss,
    loopDelay,
    grid,
  };
}

/** The run as one line of figures. */
export function describeManyFarms(run: ManyFarmsRun): string {
  const rate = run.openings / run.seconds;
  const rss = run.rss.map(({ rest, peak }) => `${rest.toFixed(0)} → ${peak.toFixed(0)}`);
  const target = MANY_FARMS_TARGETS;
  const met =
    rate >= target.openingsPerSecond &&
    run.latencies.p95 <= target.p95Ms &&
    run.rss.every(({ peak }) => peak <= target.rssMiB);
  return [
    `${met ? 'pass' : 'MISSED'} (≥ ${target.openingsPerSecond}/s, p95 ≤ ${target.p95Ms} ms, RSS ≤ ${target.rssMiB} MiB)`,
    `${run.farms.toLocaleString('en-US')} farms (${run.bales.toLocaleString('en-US')} bales)`,
    `${rate.toFixed(1)} openings/s (${run.openings} in ${run.seconds.toFixed(0)} s)`,
    `p50 ${run.latencies.p50.toFixed(0)} ms, p95 ${run.latencies.p95.toFixed(0)} ms, p99 ${run.latencies.p99.toFixed(0)} ms`,
    `RSS MiB at rest → peak: ${rss.join(' and ')}`,
    `event loop delay p99 ${run.loopDelay.map((d) => (d ? `${d.p99} ms (max ${d.max})` : '?')).join(' and ')}`,
    ...(run.failures.length > 0 ? [`failed: ${run.failures.join(', ')}`] : []),
    ...run.grid.map(describeGrid),
  ].join('; ');
}

function describeGrid(grid: GridRun): string {
  const prepared =
    grid.prepareMs > 0 ? ` (prepared in ${(grid.prepareMs / 1_000).toFixed(1)} s)` : '';
  return `${grid.design}${prepared}: ${(grid.openings / grid.seconds).toFixed(1)} openings/s, p50 ${grid.p50.toFixed(0)} ms, p95 ${grid.p95.toFixed(0)} ms, ${grid.cells} cells`;
}
