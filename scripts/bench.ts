// `npm run bench`: the speed and memory figures of docs/benchmarks.md, each beside the raw-SQL or
// library figure it is compared with, on PGlite and on a throwaway PostgreSQL cluster. A report,
// not a test: it exits 0 when a target is missed and says MISSED (exit 1 only if it broke).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { generateBenchFarm } from './bench/bench-farm.ts';
import { Cleanup } from './bench/cleanup.ts';
import {
  describeManyFarms,
  MANY_FARMS_CLIENTS,
  MANY_FARMS_SECONDS,
  measureManyFarms,
} from './bench/many-farms.ts';
import { readOptions, usage } from './bench/options.ts';
import { launchChromium } from './bench/page-load.ts';
import { renderResults, writeResults } from './bench/report.ts';
import { benchDatabase, type DatabaseFigures } from './bench/run-database.ts';
import { ensureBuilt } from './lib/ensure-built.mjs';

const REPORT = 'docs/benchmarks.md';

async function main(): Promise<number> {
  const options = readOptions(process.argv.slice(2));
  if (options === 'help') {
    console.log(usage);
    return 0;
  }
  const started = Date.now();
  // Read before the run: what the product processes load is the tree as it is now.
  const commit = commitOf();
  const loadStart = os.loadavg();
  const cleanup = new Cleanup();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.log(`\n${signal}: stopping what the benchmark started…`);
      void cleanup.runAll().finally(() => process.exit(130));
    });
  }
  const notes: string[] = [];
  const figures: DatabaseFigures[] = [];
  let broken = false;
  try {
    if (options.manyFarms) {
      console.log('Many farms on PostgreSQL:');
      const run = await measureManyFarms(
        { farms: options.manyFarms, clients: MANY_FARMS_CLIENTS, seconds: MANY_FARMS_SECONDS },
        cleanup,
      );
      console.log(`  ${describeManyFarms(run)}`);
      return 0;
    }
    // The product serves the web app, which ingest alone does not need; one built elsewhere
    // (WEB_DIST, read by the product) is served as it is.
    if (!options.stopAfterIngest && !process.env.WEB_DIST) await ensureBuilt('web');
    console.log(`Generating ${options.bales.toLocaleString('en-US')} bales…`);
    const farms = {
      farm: generateBenchFarm(options.bales, 4, 0),
      neighbour: generateBenchFarm(Math.round(options.bales / 5), 2, 1_000),
    };
    let browser: Browser | undefined;
    const partial =
      options.stopAfterIngest || options.reportsOnly || options.coldOnly || options.browserOnly;
    if (partial && !options.browserOnly) {
      // No page is loaded.
    } else if (fs.existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
      browser = await launchChromium();
      const openBrowser = browser;
      cleanup.add(() => openBrowser.close());
    } else {
      notes.push(
        'Page loads skipped: no Chromium at /usr/bin/chromium (`apt-get install chromium`).',
      );
    }
    for (const kind of options.kinds) {
      if (kind === 'postgres' && !hasPostgresBinaries()) {
        notes.push(
          'PostgreSQL skipped: no server binaries under /usr/lib/postgresql (`apt-get install postgresql`).',
        );
        continue;
      }
      console.log(`\n${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}:`);
      try {
        const run = await benchDatabase(kind, farms, browser, cleanup, options);
        if (run) figures.push(run);
      } catch (error) {
        broken = true;
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        console.error(message);
        notes.push(`**${kind} run failed:** ${message.split('\n')[0]}`);
      }
    }
    if (partial) return broken ? 1 : 0;
    const chromium = browser?.version() ?? 'not run';
    await cleanup.runAll();
    const results = renderResults(
      {
        date: new Date(started),
        commit,
        nproc: os.availableParallelism(),
        cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
        memory: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
        node: process.version,
        chromium,
        pglite: pgliteVersion(),
        loadStart,
        loadEnd: os.loadavg(),
        minutes: (Date.now() - started) / 60_000,
        ...farms,
      },
      figures,
      notes,
    );
    console.log(`\n${results}\n`);
    if (options.write) {
      writeResults(REPORT, results);
      console.log(`Written to ${REPORT}.`);
    }
    return broken ? 1 : 0;
  } finally {
    await cleanup.runAll();
  }
}

function hasPostgresBinaries(): boolean {
  const root = '/usr/lib/postgresql';
  return (
    fs.existsSync(root) &&
    fs.readdirSync(root).some((v) => fs.existsSync(`${root}/${v}/bin/initdb`))
  );
}

function commitOf(): string {
  try {
    const git = (...args: string[]) =>
      execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const head = git('rev-parse', '--short', 'HEAD');
    const dirty = git('status', '--porcelain', '--untracked-files=no');
    return dirty ? `${head} with uncommitted changes` : head;
  } catch {
    return 'unknown';
  }
}

function pgliteVersion(): string {
  // The package exports no package.json: read it beside its entry point.
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (
    JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }
  ).version;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
