// The report CSV of the whole organization as Bale Reporting's download asks for it: a saved
// filter of every bale, all dates, read to the end as the browser saves it; the server's memory
// sampled while it streams, beside its memory at rest (docs/product.md#reports: memory flat).
import { emptyFilter } from '@baletrack/contracts/filters/filter';
import type { ProductServer } from './product-server.ts';

const SAMPLE_MS = 100;
/** How much the server may grow while streaming, whatever the row count. */
export const CSV_MEMORY_GROWTH_TARGET_MIB = 100;

export interface ReportCsvRun {
  ms: number;
  bytes: number;
  rows: number;
  restMiB: number;
  peakMiB: number;
}

export async function measureReportCsv(
  server: ProductServer,
  idToken: string,
): Promise<ReportCsvRun> {
  const headers = { authorization: idToken, 'content-type': 'application/json' };
  const created = await fetch(`${server.url}/data-api/filters/create`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...emptyFilter, name: 'Benchmark: every bale' }),
  });
  if (created.status !== 201) throw new Error(`filter refused: ${created.status}`);
  const { id } = (await created.json()) as { id: string };
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
    return { ms, bytes, rows: rows - 1, restMiB, peakMiB };
  } finally {
    clearInterval(sampler);
    await fetch(`${server.url}/data-api/filters/${id}`, { method: 'DELETE', headers });
  }
}

/** The report's row. */
export function reportCsvRow(run: ReportCsvRun) {
  const mib = (n: number) => `${Math.round(n).toLocaleString('en-US')} MiB`;
  const growth = run.peakMiB - run.restMiB;
  return {
    measure: `report CSV of every bale (${run.rows.toLocaleString('en-US')} rows), streamed to the end`,
    ours: `${(run.ms / 1000).toFixed(1)} s, ${(run.bytes / 1_048_576).toFixed(1)} MiB; server peak ${mib(run.peakMiB)} (+${mib(growth)})`,
    baseline: `server memory at rest ${mib(run.restMiB)}`,
    target: `peak ≤ rest + ${CSV_MEMORY_GROWTH_TARGET_MIB} MiB`,
    pass: growth <= CSV_MEMORY_GROWTH_TARGET_MIB,
  };
}
