// The figures as a table (measure, ours, baseline, target, result) with the machine's facts,
// printed and written into docs/benchmarks.md between its results markers.
import fs from 'node:fs';
import { baleDetailsRow } from './bale-details.ts';
import type { BenchFarm } from './bench-farm.ts';
import { callOverheadRow } from './call-overhead.ts';
import { WHOLE_FARM_ZOOMS } from './clusters-api.ts';
import type { ColdStartRun } from './cold-start.ts';
import { dataExportRow } from './data-export-api.ts';
import { loopDelayRows } from './event-loop.ts';
import { heatmapRows } from './heatmap-api.ts';
import { pageBytesRows } from './page-bytes.ts';
import { pageLoadRows } from './page-load.ts';
import { reportCsvRow } from './report-csv-api.ts';
import type { DatabaseFigures } from './run-database.ts';
import { median, percentile, seconds as s } from './stats.ts';
import { summaryRows } from './summaries-api.ts';
import { yieldRow } from './yield-api.ts';

export const INGEST_TARGET = 5_000;
/** Target: ingest on PostgreSQL at least this share of COPY's rate on the same rows. */
export const INGEST_COPY_SHARE_TARGET = 0.6;
export const CLUSTERS_P50_TARGET_MS = 50;
export const LIVE_RATIO = 2;
export const COLD_RATIO = 1.5;
export const MEMORY_PER_BALE_TARGET_KIB = 1;

export interface RunFacts {
  date: Date;
  commit: string;
  nproc: number;
  cpuModel: string;
  memory: string;
  node: string;
  chromium: string;
  pglite: string;
  loadStart: number[];
  loadEnd: number[];
  minutes: number;
  farm: BenchFarm;
  neighbour: BenchFarm;
}

type Verdict = 'pass' | 'MISSED' | '—';
interface Row {
  database: string;
  measure: string;
  ours: string;
  baseline: string;
  target: string;
  result: Verdict;
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) =>
  n < 1 ? `${n.toFixed(2)} ms` : n < 100 ? `${n.toFixed(1)} ms` : `${int(n)} ms`;
const perSecond = (bales: number, millis: number) => `${int((bales / millis) * 1000)} bales/s`;
const mib = (n: number) => `${int(n)} MiB`;
const verdict = (ok: boolean): Verdict => (ok ? 'pass' : 'MISSED');

function rowsOf(f: DatabaseFigures): Row[] {
  const database = f.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const ingestRate = (f.ingest.bales / f.ingest.ms) * 1000;
  const copyShare = ingestRate / ((f.copy.rows / f.copy.ms) * 1000);
  const p50 = median(f.clusters.samples);
  const rows: Row[] = [
    {
      database,
      measure: `ingest API, one client, batches of 5,000`,
      ours: `${perSecond(f.ingest.bales, f.ingest.ms)} (${int(f.ingest.bales)} in ${s(f.ingest.ms)})`,
      baseline: `COPY of the same rows: ${perSecond(f.copy.rows, f.copy.ms)}; ingest ${int(copyShare * 100)} % of it`,
      target:
        f.kind === 'pglite'
          ? `≥ ${int(INGEST_TARGET)} bales/s`
          : `≥ ${int(INGEST_COPY_SHARE_TARGET * 100)} % of COPY`,
      result: verdict(
        f.kind === 'pglite' ? ingestRate >= INGEST_TARGET : copyShare >= INGEST_COPY_SHARE_TARGET,
      ),
    },
    {
      database,
      measure: 'ingest API, two clients at once (a second organization)',
      ours: `${perSecond(f.concurrent.bales, f.concurrent.ms)} (${int(f.concurrent.bales)} in ${s(f.concurrent.ms)})`,
      baseline: `one client, its last ${int(f.concurrent.bales)}: ${int(f.tail)} bales/s`,
      target: '—',
      result: '—',
    },
    {
      database,
      measure: '`/clusters/get` first call after ingest',
      ours: ms(f.clusters.firstMs),
      baseline:
        `SQL fetching the ${int(f.baselines.points)} visible points: ${ms(median(f.baselines.sqlMs))} ` +
        `after ANALYZE (${ms(f.baselines.sqlBeforeAnalyzeMs)} before); supercluster.load: ${ms(f.baselines.loadMs)}`,
      target: '—',
      result: '—',
    },
    {
      database,
      measure: `\`/clusters/get\` whole farm, ${f.clusters.samples.length} calls at zoom ${WHOLE_FARM_ZOOMS[0]}–${WHOLE_FARM_ZOOMS.at(-1)}`,
      ours: `p50 ${ms(p50)}, p95 ${ms(percentile(f.clusters.samples, 95))}`,
      baseline: `supercluster.getClusters in process: p50 ${ms(median(f.baselines.samples))}, p95 ${ms(percentile(f.baselines.samples, 95))}`,
      target: `p50 ≤ ${CLUSTERS_P50_TARGET_MS} ms`,
      result: verdict(p50 <= CLUSTERS_P50_TARGET_MS),
    },
    {
      database,
      measure: `\`/clusters/get\` first call after one more bale arrived, median of ${f.catchUp.samples.length}`,
      ours: `${ms(f.catchUp.ms)} (${ms(Math.min(...f.catchUp.samples))}–${ms(Math.max(...f.catchUp.samples))})${f.catchUp.countsIt ? '' : ' (the new bale was NOT counted)'}`,
      baseline: `steady p50 ${ms(p50)}`,
      target: `≤ ${LIVE_RATIO}× steady p50, the bale counted`,
      result: verdict(f.catchUp.countsIt && f.catchUp.ms <= LIVE_RATIO * p50),
    },
    ...coldStartRows(database, f),
  ];
  for (const { pass, ...row } of f.pageLoads ? pageLoadRows(f.pageLoads) : []) {
    rows.push({ database, ...row, result: verdict(pass) });
  }
  for (const { pass, ...row } of f.pageBytes ? pageBytesRows(f.pageBytes) : []) {
    rows.push({ database, ...row, result: verdict(pass) });
  }
  if (f.baleDetails) {
    const { pass, ...row } = baleDetailsRow(f.baleDetails);
    rows.push({ database, ...row, result: verdict(pass) });
  }
  const { pass: overheadMet, ...overhead } = callOverheadRow(f.callOverhead);
  rows.push({ database, ...overhead, result: verdict(overheadMet) });
  for (const { pass, ...row } of heatmapRows(f.heatmap)) {
    rows.push({ database, ...row, result: verdict(pass) });
  }
  for (const { pass, ...row } of summaryRows(f.kind, f.summaries, f.summaryBaselines)) {
    rows.push({ database, ...row, result: pass === undefined ? '—' : verdict(pass) });
  }
  const { pass: yieldMet, ...yieldFigures } = yieldRow(f.fieldYield);
  rows.push({ database, ...yieldFigures, result: verdict(yieldMet) });
  for (const { pass, ...row } of loopDelayRows(f.kind === 'postgres', f.loopDelay)) {
    rows.push({ database, ...row, result: pass === undefined ? '—' : verdict(pass) });
  }
  const { pass: csvFlat, ...csvRow } = reportCsvRow(f.reportCsv);
  rows.push({ database, ...csvRow, result: verdict(csvFlat) });
  const { pass: exportKept, ...exportRow } = dataExportRow(f.dataExport);
  rows.push({ database, ...exportRow, result: verdict(exportKept) });
  rows.push(memoryPerBaleRow(database, f));
  const { start, afterIngest, afterIndex } = f.memory;
  rows.push({
    database,
    measure: 'server memory (RSS) after the map calls',
    ours: `${mib(afterIndex.rssMiB)} (peak ${mib(afterIndex.peakMiB)})`,
    baseline: `at start, no bale: ${mib(start.rssMiB)}; after ingest: ${mib(afterIngest.rssMiB)}`,
    target: '—',
    result: '—',
  });
  return rows;
}

function coldStartRows(database: string, f: DatabaseFigures): Row[] {
  const floor = median(f.baselines.sqlMs) + f.baselines.loadMs;
  const baseline = `SQL fetching the visible points ${ms(median(f.baselines.sqlMs))} + supercluster.load ${ms(f.baselines.loadMs)} = ${ms(floor)}`;
  const figures = (cold: ColdStartRun) =>
    `${ms(cold.ms)} (clusters ${ms(cold.clustersMs)}, summary ${ms(cold.summaryMs)}; ${(cold.ms / floor).toFixed(2)}× baseline)`;
  return [
    {
      database,
      measure: 'after a restart: the opening `/clusters/get` and `/bales/summary` at once',
      ours: figures(f.coldStart),
      baseline,
      target: `≤ ${COLD_RATIO}× baseline`,
      result: verdict(f.coldStart.ms <= COLD_RATIO * floor),
    },
    {
      database,
      measure: 'the same after a second restart',
      ours: figures(f.coldFromRows),
      baseline,
      target: '—',
      result: '—',
    },
  ];
}

function memoryPerBaleRow(database: string, f: DatabaseFigures): Row {
  const { atRest, loaded, visible } = f.coldStart;
  const perBale = ((loaded.rssMiB - atRest.rssMiB) * 1024) / Math.max(1, visible);
  return {
    database,
    measure: 'server memory per visible bale after the restart',
    ours: `${perBale.toFixed(2)} KiB (RSS ${mib(atRest.rssMiB)} at rest, ${mib(loaded.rssMiB)} loaded; ${int(visible)} bales)`,
    baseline: `the summary columns' typed arrays alone: ${(COLUMN_BYTES / 1024).toFixed(2)} KiB`,
    target: `≤ ${MEMORY_PER_BALE_TARGET_KIB} KiB`,
    result: verdict(perBale <= MEMORY_PER_BALE_TARGET_KIB),
  };
}

/** Summary columns' typed arrays per bale: 16 numbers (8 B), 4 codes (4 B), 5 flags (1 B). */
const COLUMN_BYTES = 16 * 8 + 4 * 4 + 5;

/** The results section: run facts, the table, notes. */
export function renderResults(
  facts: RunFacts,
  figures: DatabaseFigures[],
  notes: string[],
): string {
  const rows = figures.flatMap(rowsOf);
  const missed = rows.filter((r) => r.result === 'MISSED');
  const load = (l: number[]) => l.map((n) => n.toFixed(2)).join(' / ');
  // version() reads 'PostgreSQL 15.14 (Debian …) on …': keep the first two words.
  const engine = (kind: string) =>
    figures
      .find((f) => f.kind === kind)
      ?.version.split(' ')
      .slice(0, 2)
      .join(' ');
  const postgres = engine('postgres');
  const databases = [
    `PGlite ${facts.pglite} (${engine('pglite') ?? 'not run'})`,
    postgres ? `${postgres}, a throwaway cluster with fsync off` : 'PostgreSQL not run',
  ].join('; ');
  const lines = [
    `Run of ${facts.date.toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${facts.commit}, ` +
      `${int(facts.farm.total)} bales (${int(facts.farm.locked)} of them locked) from ` +
      `${facts.farm.balers.length} balers over crop years ${facts.farm.years.join('–')}; ` +
      `${facts.minutes.toFixed(1)} minutes.`,
    '',
    '| machine | |',
    '|---|---|',
    `| CPUs (\`nproc\`) | ${facts.nproc} × ${facts.cpuModel} |`,
    `| memory | ${facts.memory} |`,
    `| Node.js | ${facts.node} |`,
    `| databases | ${databases} |`,
    `| Chromium | ${facts.chromium} |`,
    `| load average (1, 5, 15 min) before the run (other work) | ${load(facts.loadStart)} |`,
    `| load average (1, 5, 15 min) at its end (mostly its own) | ${load(facts.loadEnd)} |`,
    '',
    '| database | measure | Baletrack | baseline | target | result |',
    '|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.database} | ${r.measure} | ${r.ours} | ${r.baseline} | ${r.target} | ${r.result} |`,
    ),
    '',
    missed.length === 0
      ? 'Every target met.'
      : `**MISSED: ${missed.map((r) => `${r.database} ${r.measure.replaceAll('`', '')}`).join('; ')}.**`,
  ];
  // At the start the load is other work's; at the end it is mostly this run's own.
  const before = facts.loadStart[0] ?? 0;
  if (before >= 0.5) {
    lines.push(
      '',
      `The machine was busy with other work when the run began (1-minute load average ` +
        `${before.toFixed(2)} on ${facts.nproc} CPUs): figures taken while it is busy are pessimistic.`,
    );
  }
  for (const f of figures) {
    const after = median(f.baselines.sqlMs);
    if (f.baselines.sqlBeforeAnalyzeMs > 2 * after) {
      const why =
        f.kind === 'pglite'
          ? 'PGlite runs no autovacuum, so they never get any'
          : 'autovacuum had not analyzed them yet';
      lines.push(
        '',
        `${f.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}: the tables had no planner statistics ` +
          `when the product first read them (${why}); the visible-points SQL took ` +
          `${ms(f.baselines.sqlBeforeAnalyzeMs)} before ANALYZE and ${ms(after)} after.`,
      );
    }
  }
  for (const note of notes) lines.push('', note);
  return lines.join('\n');
}

const START = '<!-- bench:results:start -->';
const END = '<!-- bench:results:end -->';

/** Replaces the results section of the document (or appends one). */
export function writeResults(file: string, results: string): void {
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n';
  const section = `${START}\n${results}\n${END}`;
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  const next =
    from !== -1 && to > from
      ? text.slice(0, from) + section + text.slice(to + END.length)
      : `${text.trimEnd()}\n\n## Results\n\n${section}\n`;
  fs.writeFileSync(file, next);
}
