// The report CSV of a whole organization as Bale Reporting's download asks for it: a saved
// filter of every bale, all dates, read to the end as the browser saves it; the server's memory
// sampled while it streams, beside its memory at rest (docs/product.md#reports: memory flat).
// Made for the second organization (a fifth of the rows) and then the measured one, on the same
// server: flat means the same growth for both. Two figures each: resident memory (what the
// operator sees, garbage included) and the V8 heap kept (in use after a full collection forced
// before and after the stream).
import { emptyFilter } from '@baletrack/contracts/filters/filter';
import type { FullGc, ProductServer } from './product-server.ts';

const SAMPLE_MS = 100;
let runs = 0;
/** What the server may keep while streaming, whatever the row count: nothing per row. */
export const CSV_LIVE_HEAP_GROWTH_TARGET_MIB = 32;
/** How much the server's resident memory may grow while streaming, whatever the row count. */
export const CSV_MEMORY_GROWTH_TARGET_MIB = 100;
/** Rows a second of the measured farm's report, read to the end. */
export const CSV_ROWS_PER_SECOND_TARGET = 20_000;

export interface ReportCsvRun {
  ms: number;
  bytes: number;
  rows: number;
  restMiB: number;
  peakMiB: number;
  /** Heap in use after a forced full collection, before and after the stream, in MiB. */
  restHeapMiB: number;
  keptHeapMiB: number;
  /** Full collections V8 made while it streamed: heap before and after each. */
  fullGcs: FullGc[];
}

export interface ReportCsvFigures {
  /** The second organization's (a fifth as many bales). */
  smaller: ReportCsvRun;
  farm: ReportCsvRun;
}

export async function measureReportCsvs(
  server: ProductServer,
  tokens: { farm: string; smaller: string },
): Promise<ReportCsvFigures> {
  // Unmeasured first: it warms that organization's pages in the database's cache.
  await measureReportCsv(server, tokens.smaller);
  const smaller = await measureReportCsv(server, tokens.smaller);
  const farm = await measureReportCsv(server, tokens.farm);
  return { smaller, farm };
}

async function measureReportCsv(server: ProductServer, idToken: string): Promise<ReportCsvRun> {
  const headers = { authorization: idToken, 'content-type': 'application/json' };
  const created = await fetch(`${server.url}/data-api/filters/create`, {
    method: 'POST',
    headers,
    // A name of its own each time: filter names are unique in an organization.
    body: JSON.stringify({ ...emptyFilter, name: `Benchmark: every bale ${++runs}` }),
  });
  if (created.status !== 201) throw new Error(`filter refused: ${created.status}`);
  const { id } = (await created.json()) as { id: string };
  const restHeapMiB = await server.liveHeapMiB();
  server.resetPeak();
  const restMiB = server.memory().rssMiB;
  let peakMiB = restMiB;
  const sampler = setInterval(() => {
    const memory = server.memory();
    peakMiB = Math.max(peakMiB, memory.rssMiB, memory.peakMiB);
  }, SAMPLE_MS);
  const started = performance.now();
  try {
    const response = await fetch(`${server.url}/data-api/reports/csv?filterId=${id}`, {
      headers: { authorization: idToken },
    });
    if (response.status !== 200 || !response.body) throw new Error(`CSV: ${response.status}`);
    let bytes = 0;
    let rows = 0;
    for await (const chunk of response.body) {
      bytes += chunk.byteLength;
      // Rows end with CRLF; a cell's own line break is a bare LF inside quotes, never CRLF.
      for (let i = 1; i < chunk.length; i += 1) if (chunk[i] === 10 && chunk[i - 1] === 13) rows++;
    }
    const ms = performance.now() - started;
    const memory = server.memory();
    peakMiB = Math.max(peakMiB, memory.rssMiB, memory.peakMiB);
    const fullGcs = server.fullGcs().filter((gc) => gc.at >= started);
    const keptHeapMiB = await server.liveHeapMiB();
    return { ms, bytes, rows: rows - 1, restMiB, peakMiB, restHeapMiB, keptHeapMiB, fullGcs };
  } finally {
    clearInterval(sampler);
    // No content type: the request has no body.
    await fetch(`${server.url}/data-api/filters/${id}`, {
      method: 'DELETE',
      headers: { authorization: idToken },
    });
  }
}

const mib = (n: number) => `${Math.round(n).toLocaleString('en-US')} MiB`;
const count = (n: number) => n.toLocaleString('en-US');

const signed = (n: number) => `${n >= 0 ? '+' : '−'}${mib(Math.abs(n))}`;
const kept = (run: ReportCsvRun) => run.keptHeapMiB - run.restHeapMiB;

function memoryText(run: ReportCsvRun): string {
  const most = Math.max(run.restHeapMiB, ...run.fullGcs.map((gc) => gc.beforeMiB));
  const garbage =
    run.fullGcs.length === 0
      ? 'no full collection while streaming'
      : `${run.fullGcs.length} full collection(s) while streaming, the heap at most ${mib(most)}`;
  return (
    `heap kept ${signed(kept(run))} (${mib(run.restHeapMiB)} → ${mib(run.keptHeapMiB)}); ` +
    `RSS peak ${signed(run.peakMiB - run.restMiB)} over rest (${garbage})`
  );
}

/** The report's row. */
export function reportCsvRow({ smaller, farm }: ReportCsvFigures) {
  const flat = [smaller, farm].every((run) => kept(run) <= CSV_LIVE_HEAP_GROWTH_TARGET_MIB);
  return {
    measure: `report CSV of every bale (${count(farm.rows)} rows), streamed to the end`,
    ours:
      `${(farm.ms / 1000).toFixed(1)} s (${count(Math.round(farm.rows / (farm.ms / 1000)))} rows/s), ` +
      `${(farm.bytes / 1_048_576).toFixed(1)} MiB; ${memoryText(farm)}`,
    baseline:
      `server RSS at rest ${mib(farm.restMiB)}; the second organization's ${count(smaller.rows)} rows ` +
      `(${(smaller.ms / 1000).toFixed(1)} s): ${memoryText(smaller)}`,
    target:
      `≥ ${count(CSV_ROWS_PER_SECOND_TARGET)} rows/s; heap kept ≤ +${CSV_LIVE_HEAP_GROWTH_TARGET_MIB} MiB; ` +
      `RSS peak ≤ rest + ${CSV_MEMORY_GROWTH_TARGET_MIB} MiB`,
    pass:
      flat &&
      farm.peakMiB - farm.restMiB <= CSV_MEMORY_GROWTH_TARGET_MIB &&
      farm.rows / (farm.ms / 1000) >= CSV_ROWS_PER_SECOND_TARGET,
  };
}
