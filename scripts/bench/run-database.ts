// One database's run: store the organizations, start the product on it, ingest, call the map,
// load the page, read the server's memory; then, with the product stopped, the baselines.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IngestBale } from '@baletrack/contracts/ingest/ingest';
import type { MapViewQuery } from '@baletrack/contracts/map/map';
import type { Browser } from '@playwright/test';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config.ts';
import { cognito } from '../../apps/server/test/helpers/identity.ts';
import { startThrowawayPostgres } from '../lib/postgres.mjs';
import { type BaleDetailsRun, baleDetailsRow, measureBaleDetails } from './bale-details.ts';
import type { BenchFarm } from './bench-farm.ts';
import { type CallOverheadRun, measureCallOverhead } from './call-overhead.ts';
import type { Cleanup } from './cleanup.ts';
import { type ClusterBaselines, measureClusterBaselines } from './cluster-baselines.ts';
import {
  type CatchUpRun,
  type ClustersApiRun,
  farmBounds,
  measureCatchUp,
  measureClustersApi,
  opening,
  wholeFarmViews,
} from './clusters-api.ts';
import { type ColdStartRun, measureColdStart } from './cold-start.ts';
import { type DataExportRun, dataExportRow, measureDataExport } from './data-export-api.ts';
import { type LoopDelayFigures, loopDelayDuring, measureIndexing } from './event-loop.ts';
import { type HeatmapApiRun, measureHeatmapApi } from './heatmap-api.ts';
import {
  batchesOf,
  type IngestRun,
  sendBatches,
  sendConcurrently,
  tailRate,
} from './ingest-client.ts';
import type { BenchOptions, DatabaseKind } from './options.ts';
import { type Accounts, prepareAccounts, productEnvironment } from './organizations.ts';
import { measurePageBytes, type PageBytes } from './page-bytes.ts';
import { measurePageLoadRuns, type PageLoadRuns, pageLoadRows } from './page-load.ts';
import { freePort, type ProductServer, startProductServer } from './product-server.ts';
import { openPglite, openPostgres, type RawDatabase } from './raw-database.ts';
import { measureReportCsvs, type ReportCsvFigures, reportCsvRow } from './report-csv-api.ts';
import { median } from './stats.ts';
import {
  measureSummariesApi,
  measureSummaryBaselines,
  type SummariesApiRun,
  type SummaryBaselines,
} from './summaries-api.ts';
import { measureYieldApi, type YieldApiRun, yieldRow } from './yield-api.ts';

type Memory = ReturnType<ProductServer['memory']>;

export interface DatabaseFigures {
  kind: DatabaseKind;
  version: string;
  copyMethod: string;
  ingest: IngestRun;
  /** One client's rate over the last bales of `ingest`, as many as `concurrent` sent. */
  tail: number;
  concurrent: IngestRun;
  copy: { rows: number; ms: number };
  clusters: ClustersApiRun;
  catchUp: CatchUpRun;
  baselines: ClusterBaselines;
  pageLoads?: PageLoadRuns;
  pageBytes?: PageBytes;
  baleDetails?: BaleDetailsRun;
  callOverhead: CallOverheadRun;
  heatmap: HeatmapApiRun;
  memory: { start: Memory; afterIngest: Memory; afterIndex: Memory };
  /** After a restart: nothing kept in the process (ADR 42). */
  coldStart: ColdStartRun;
  /** After a second restart. */
  coldFromRows: ColdStartRun;
  /** How late the event loop ran during ingest and the first zoomed-in view. */
  loopDelay: LoopDelayFigures;
  summaries: SummariesApiRun;
  summaryBaselines: SummaryBaselines;
  /** Yield per field of the summaries' year, with their cuttings. */
  fieldYield: YieldApiRun;
  dataExport: DataExportRun;
  reportCsv: ReportCsvFigures;
}

const log = (line: string) => console.log(`  ${line}`);

export async function benchDatabase(
  kind: DatabaseKind,
  farms: { farm: BenchFarm; neighbour: BenchFarm },
  browser: Browser | undefined,
  cleanup: Cleanup,
  part: Pick<BenchOptions, 'stopAfterIngest' | 'reportsOnly' | 'coldOnly' | 'browserOnly'>,
): Promise<DatabaseFigures | undefined> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'baletrack-bench-'));
  const removeData = cleanup.add(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  let stopPostgres = async () => {};
  try {
    let databaseUrl: string | undefined;
    if (kind === 'postgres') {
      log('starting a throwaway PostgreSQL cluster');
      const cluster = await startThrowawayPostgres();
      stopPostgres = cleanup.add(() => cluster.stop());
      databaseUrl = await createDatabase(cluster.url, 'baletrack_bench');
    }
    const env = productEnvironment({ port: await freePort(), dataDir, databaseUrl });
    log('storing the organizations, balers, subscriptions and fields');
    const accounts = await prepareAccounts(env, farms.farm, farms.neighbour);
    const views = wholeFarmViews(farmBounds(farms.farm.fields));
    if (part.stopAfterIngest) {
      await ingestAlone(env, accounts, farms.farm, kind, databaseUrl, dataDir, cleanup);
      return undefined;
    }
    if (part.reportsOnly) {
      await reportsAlone(env, accounts, farms, views);
      return undefined;
    }
    if (part.browserOnly) {
      await browserAlone(env, accounts, farms.farm, browser);
      return undefined;
    }
    if (part.coldOnly) {
      await coldAlone(env, accounts, farms.farm, views, cleanup, kind, databaseUrl, dataDir);
      return undefined;
    }
    const live = await measureProduct(env, accounts, farms, views, browser, cleanup);

    log('baselines: COPY, SQL and supercluster in this process');
    const raw: RawDatabase =
      kind === 'pglite'
        ? await openPglite(path.join(dataDir, 'pglite'))
        : await openPostgres(databaseUrl as string);
    try {
      const copy = await raw.copyBales(accounts.farm.orgId);
      const baselines = await measureClusterBaselines(raw, accounts.farm.orgId, views);
      const summaryBaselines = await measureSummaryBaselines(
        raw,
        accounts.farm.orgId,
        live.summaries.year,
      );
      return {
        kind,
        version: await raw.version(),
        copyMethod: raw.copyMethod,
        ...live,
        copy,
        baselines,
        summaryBaselines,
      };
    } finally {
      await raw.close();
    }
  } finally {
    await stopPostgres();
    await removeData();
  }
}

async function measureProduct(
  env: Record<string, string>,
  accounts: Accounts,
  farms: { farm: BenchFarm; neighbour: BenchFarm },
  views: ReturnType<typeof wholeFarmViews>,
  browser: Browser | undefined,
  cleanup: Cleanup,
) {
  const server = await startProductServer(env);
  const stopServer = cleanup.add(() => server.stop());
  try {
    const start = server.memory();
    const { farm, neighbour } = farms;
    log(`ingest: ${farm.total.toLocaleString('en-US')} bales through the API, one client`);
    const { value: ingest, delay: ingestDelay } = await loopDelayDuring(server, () =>
      sendBatches(
        server.url,
        batchesOf(
          farm.balers.map((b, i) => ({ key: accounts.farm.balerKeys[i] ?? '', bales: b.bales })),
        ),
      ),
    );
    log(`${rate(ingest)} bales/s; now ${neighbour.total.toLocaleString('en-US')} from two clients`);
    const { value: concurrent, delay: concurrentDelay } = await loopDelayDuring(server, () =>
      sendConcurrently(
        server.url,
        neighbour.balers.map((b, i) =>
          batchesOf([{ key: accounts.neighbour.balerKeys[i] ?? '', bales: b.bales }]),
        ),
      ),
    );
    const afterIngest = server.memory();
    log(`${rate(concurrent)} bales/s; /clusters/get`);
    const idToken = await signIn(server.url, env, accounts.farm);
    log('fixed cost of a signed-in call');
    const callOverhead = await measureCallOverhead(server.url, idToken);
    const clusters = await measureClustersApi(server.url, idToken, views);
    const afterIndex = server.memory();
    const catchUp = await measureCatchUp(
      server.url,
      idToken,
      views,
      accounts.farm.balerKeys[0] ?? '',
    );
    let pageLoads: DatabaseFigures['pageLoads'];
    let pageBytes: DatabaseFigures['pageBytes'];
    let baleDetails: DatabaseFigures['baleDetails'];
    if (browser) {
      log('page loads in Chromium');
      pageLoads = await measurePageLoadRuns(browser, server.url, accounts);
      log('bytes of a first visit');
      pageBytes = await measurePageBytes(browser, server.url, accounts.farm);
      log('bale details after a click');
      baleDetails = await measureBaleDetails(browser, server.url, accounts.farm, idToken);
    }
    // Last: its field and bales would change what the page loads above count.
    log('heatmap overlay of a 200 ha field');
    const [firstBaler] = farm.balers;
    const heatmap = await measureHeatmapApi(server.url, idToken, farmBounds(farm.fields), {
      key: accounts.farm.balerKeys[0] ?? '',
      activeMonth: firstBaler?.activeMonths.at(-1) ?? '',
      template: firstBaler?.bales[0] as IngestBale,
    });
    // After the heatmap's, last: the cuttings and the saved filter it adds touch nothing above.
    log('summaries: a crop year with a saved filter');
    const summaries = await measureSummariesApi(server.url, idToken, farm.years[1]);
    log('yield per field of that crop year');
    const fieldYield = await measureYieldApi(server.url, idToken, farm.years[1]);
    log('report CSV: every bale of the second organization, then of the measured one');
    const reportCsv = await measureReportCsvs(server, {
      smaller: await signIn(server.url, env, accounts.neighbour),
      farm: idToken,
    });
    // Last: it reads everything above and adds only its own row.
    log('data export: the ZIP of the whole organization');
    const dataExport = await measureDataExport(server, idToken);
    await stopServer();
    log('restart: the opening view and the summary at once on a fresh process');
    const coldStart = await restarted(env, cleanup, (again) =>
      signIn(again.url, env, accounts.farm).then((token) =>
        measureColdStart(again, token, opening(views), farm.years[1]),
      ),
    );
    log('a second restart, and the first zoom-15 view');
    const { coldFromRows, indexing } = await restarted(env, cleanup, async (again) => {
      const token = await signIn(again.url, env, accounts.farm);
      return {
        coldFromRows: await measureColdStart(again, token, opening(views), farm.years[1]),
        indexing: await measureIndexing(again, token, closest(views)),
      };
    });
    return {
      coldStart,
      coldFromRows,
      loopDelay: { ingest: ingestDelay, concurrent: concurrentDelay, indexing },
      dataExport,
      reportCsv,
      heatmap,
      fieldYield,
      summaries,
      ingest,
      tail: tailRate(ingest, concurrent.bales),
      concurrent,
      clusters,
      catchUp,
      pageLoads,
      pageBytes,
      baleDetails,
      callOverhead,
      memory: { start, afterIngest, afterIndex },
    };
  } finally {
    await stopServer();
  }
}

/** `--stop-after-ingest`: the one-client ingest, then its COPY baseline, printed. */
async function ingestAlone(
  env: Record<string, string>,
  accounts: Accounts,
  farm: BenchFarm,
  kind: DatabaseKind,
  databaseUrl: string | undefined,
  dataDir: string,
  cleanup: Cleanup,
): Promise<void> {
  const server = await startProductServer(env);
  const stopServer = cleanup.add(() => server.stop());
  let ingest: IngestRun;
  try {
    log(`ingest: ${farm.total.toLocaleString('en-US')} bales through the API, one client`);
    const run = await loopDelayDuring(server, () =>
      sendBatches(
        server.url,
        batchesOf(
          farm.balers.map((b, i) => ({ key: accounts.farm.balerKeys[i] ?? '', bales: b.bales })),
        ),
      ),
    );
    ingest = run.value;
    log(`event loop meanwhile: p99 ${run.delay.p99} ms, max ${run.delay.max} ms`);
  } finally {
    await stopServer();
  }
  const raw =
    kind === 'pglite'
      ? await openPglite(path.join(dataDir, 'pglite'))
      : await openPostgres(databaseUrl as string);
  try {
    const copy = await raw.copyBales(accounts.farm.orgId);
    const share = ingest.bales / ingest.ms / (copy.rows / copy.ms);
    const copyRate = Math.round((copy.rows / copy.ms) * 1000).toLocaleString('en-US');
    log(`ingest ${rate(ingest)} bales/s (${ingest.bales} in ${Math.round(ingest.ms)} ms)`);
    log(`COPY ${copyRate} rows/s (${copy.rows} in ${Math.round(copy.ms)} ms)`);
    log(`ingest ${Math.round(share * 100)} % of COPY; load average ${os.loadavg().join(', ')}`);
  } finally {
    await raw.close();
  }
}

/**
 * `--reports-only`: the product holding what it holds in a full run when the reports are measured
 * (both organizations ingested, the farm's map and summary), then the report CSV
 * and data export rows, printed.
 */
async function reportsAlone(
  env: Record<string, string>,
  accounts: Accounts,
  farms: { farm: BenchFarm; neighbour: BenchFarm },
  views: ReturnType<typeof wholeFarmViews>,
): Promise<void> {
  const server = await startProductServer(env);
  try {
    log('ingest: both organizations');
    const { farm, neighbour } = farms;
    await sendBatches(
      server.url,
      batchesOf(
        farm.balers.map((b, i) => ({ key: accounts.farm.balerKeys[i] ?? '', bales: b.bales })),
      ),
    );
    await sendConcurrently(
      server.url,
      neighbour.balers.map((b, i) =>
        batchesOf([{ key: accounts.neighbour.balerKeys[i] ?? '', bales: b.bales }]),
      ),
    );
    const idToken = await signIn(server.url, env, accounts.farm);
    log('map and summary');
    await measureClustersApi(server.url, idToken, views);
    await measureSummariesApi(server.url, idToken, farm.years[1]);
    log('yield per field of that crop year');
    const fieldYield = await measureYieldApi(server.url, idToken, farm.years[1]);
    log('report CSV: every bale of the second organization, then of the measured one');
    const reportCsv = await measureReportCsvs(server, {
      smaller: await signIn(server.url, env, accounts.neighbour),
      farm: idToken,
    });
    log('data export: the ZIP of the whole organization');
    const dataExport = await measureDataExport(server, idToken);
    const rows = [yieldRow(fieldYield), reportCsvRow(reportCsv), dataExportRow(dataExport)];
    for (const { pass, ...row } of rows) {
      log(`${pass ? 'pass' : 'MISSED'} | ${Object.values(row).join(' | ')}`);
    }
    log(`load average ${os.loadavg().join(', ')}`);
  } finally {
    await server.stop();
  }
}

/** `--browser-only`: the farm ingested, then the rows in Chromium (page loads, bale details), printed. */
async function browserAlone(
  env: Record<string, string>,
  accounts: Accounts,
  farm: BenchFarm,
  browser: Browser | undefined,
): Promise<void> {
  if (!browser) throw new Error('--browser-only needs Chromium at /usr/bin/chromium');
  const server = await startProductServer(env);
  try {
    log(`ingest: ${farm.total.toLocaleString('en-US')} bales through the API, one client`);
    await sendBatches(
      server.url,
      batchesOf(
        farm.balers.map((b, i) => ({ key: accounts.farm.balerKeys[i] ?? '', bales: b.bales })),
      ),
    );
    const idToken = await signIn(server.url, env, accounts.farm);
    log('page loads in Chromium');
    const rows = pageLoadRows(await measurePageLoadRuns(browser, server.url, accounts));
    log('bale details after a click');
    rows.push(
      baleDetailsRow(await measureBaleDetails(browser, server.url, accounts.farm, idToken)),
    );
    for (const { pass, ...row } of rows) {
      log(`${pass ? 'pass' : 'MISSED'} | ${Object.values(row).join(' | ')}`);
    }
    log(`load average ${os.loadavg().join(', ')}`);
  } finally {
    await server.stop();
  }
}

/**
 * `--cold-only`: the farm ingested and its map and summary read once, then four restarts, each measured as the restart row is, and that
 * row's baseline, printed.
 */
async function coldAlone(
  env: Record<string, string>,
  accounts: Accounts,
  farm: BenchFarm,
  views: ReturnType<typeof wholeFarmViews>,
  cleanup: Cleanup,
  kind: DatabaseKind,
  databaseUrl: string | undefined,
  dataDir: string,
): Promise<void> {
  const server = await startProductServer(env);
  const stopServer = cleanup.add(() => server.stop());
  try {
    log(`ingest: ${farm.total.toLocaleString('en-US')} bales through the API, one client`);
    await sendBatches(
      server.url,
      batchesOf(
        farm.balers.map((b, i) => ({ key: accounts.farm.balerKeys[i] ?? '', bales: b.bales })),
      ),
    );
    const idToken = await signIn(server.url, env, accounts.farm);
    await measureColdStart(server, idToken, opening(views), farm.years[1]);
  } finally {
    await stopServer();
  }
  for (let round = 1; round <= 4; round += 1) {
    const { run, indexing } = await restarted(env, cleanup, async (again) => {
      const token = await signIn(again.url, env, accounts.farm);
      return {
        run: await measureColdStart(again, token, opening(views), farm.years[1]),
        indexing: await measureIndexing(again, token, closest(views)),
      };
    });
    const kib = ((run.loaded.rssMiB - run.atRest.rssMiB) * 1024) / run.visible;
    log(
      `restart ${round}: ` +
        `${Math.round(run.ms)} ms (clusters ${Math.round(run.clustersMs)}, ` +
        `summary ${Math.round(run.summaryMs)}); ${kib.toFixed(2)} KiB a bale over rest`,
    );
    const { p99, max } = indexing.delay;
    log(
      `  then zoom 15: ${Math.round(indexing.ms)} ms; event loop meanwhile p99 ${p99} ms, max ${max} ms`,
    );
  }
  const raw =
    kind === 'pglite'
      ? await openPglite(path.join(dataDir, 'pglite'))
      : await openPostgres(databaseUrl as string);
  try {
    const baselines = await measureClusterBaselines(raw, accounts.farm.orgId, views);
    const sqlMs = median(baselines.sqlMs);
    log(
      `baseline ${Math.round(sqlMs + baselines.loadMs)} ms: SQL ${Math.round(sqlMs)} ms for ` +
        `${baselines.points} points + supercluster.load ${Math.round(baselines.loadMs)} ms; ` +
        `load average ${os.loadavg().join(', ')}`,
    );
  } finally {
    await raw.close();
  }
}

/** Runs `measure` on the product started afresh on the same database, then stops it. */
async function restarted<T>(
  env: Record<string, string>,
  cleanup: Cleanup,
  measure: (server: ProductServer) => Promise<T>,
): Promise<T> {
  const server = await startProductServer(env);
  const stop = cleanup.add(() => server.stop());
  try {
    return await measure(server);
  } finally {
    await stop();
  }
}

/** The closest whole-farm view (zoom 15). */
const closest = (views: MapViewQuery[]) => views.at(-1) as MapViewQuery;

const rate = (run: IngestRun) => Math.round((run.bales / run.ms) * 1000).toLocaleString('en-US');

/** The owner's id token, through the user pool as any API client gets it. */
async function signIn(
  url: string,
  env: Record<string, string>,
  account: { email: string; password: string },
): Promise<string> {
  const response = await cognito(url, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: loadConfig(env).userPool.clientId,
    AuthParameters: { USERNAME: account.email, PASSWORD: account.password },
  });
  const body = (await response.json()) as { AuthenticationResult?: { IdToken: string } };
  if (!body.AuthenticationResult) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.AuthenticationResult.IdToken;
}

async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}
