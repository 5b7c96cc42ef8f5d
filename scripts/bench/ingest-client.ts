// Balers' side of ingest: batches of up to 5,000 records POSTed with the baler's key, each
// checked for a complete answer. The next body is serialized while the server works on the
// current one, as a baler's own machine would.
import type { IngestBale, IngestResponse } from '@baletrack/contracts/ingest/ingest';

export const BATCH_SIZE = 5_000;

export interface Batch {
  key: string;
  bales: IngestBale[];
}

export interface IngestRun {
  bales: number;
  ms: number;
  /** Per batch, in order: bales and milliseconds from the previous answer to this one. */
  steps: { bales: number; ms: number }[];
}

/** Splits each baler's bales into batches and interleaves the balers. */
export function batchesOf(balers: { key: string; bales: IngestBale[] }[]): Batch[] {
  const perBaler = balers.map(({ key, bales }) => {
    const batches: Batch[] = [];
    for (let i = 0; i < bales.length; i += BATCH_SIZE) {
      batches.push({ key, bales: bales.slice(i, i + BATCH_SIZE) });
    }
    return batches;
  });
  const longest = Math.max(0, ...perBaler.map((b) => b.length));
  return Array.from({ length: longest }, (_, i) => perBaler.map((b) => b[i]))
    .flat()
    .filter((b): b is Batch => b !== undefined);
}

/** Sends the batches one after the other. */
export async function sendBatches(url: string, batches: Batch[]): Promise<IngestRun> {
  const started = performance.now();
  const steps: IngestRun['steps'] = [];
  let body = batches[0] ? JSON.stringify({ bales: batches[0].bales }) : '';
  let last = started;
  for (const [i, batch] of batches.entries()) {
    const answer = post(url, batch, body);
    const next = batches[i + 1];
    body = next ? JSON.stringify({ bales: next.bales }) : '';
    await answer;
    const now = performance.now();
    steps.push({ bales: batch.bales.length, ms: now - last });
    last = now;
  }
  const bales = steps.reduce((n, s) => n + s.bales, 0);
  return { bales, ms: last - started, steps };
}

/** Several clients at once, each sending its batches in turn. */
export async function sendConcurrently(url: string, clients: Batch[][]): Promise<IngestRun> {
  const started = performance.now();
  const runs = await Promise.all(clients.map((batches) => sendBatches(url, batches)));
  return {
    bales: runs.reduce((n, r) => n + r.bales, 0),
    ms: performance.now() - started,
    steps: runs.flatMap((r) => r.steps),
  };
}

/** Bales per second over the last `bales` of a sequential run. */
export function tailRate(run: IngestRun, bales: number): number {
  let n = 0;
  let ms = 0;
  for (const step of [...run.steps].reverse()) {
    if (n >= bales) break;
    n += step.bales;
    ms += step.ms;
  }
  return (n / ms) * 1000;
}

async function post(url: string, batch: Batch, body: string): Promise<void> {
  const response = await fetch(`${url}/ingest/v1/bales`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': batch.key },
    body,
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`ingest answered ${response.status}: ${text}`);
  const result = JSON.parse(text) as IngestResponse;
  const stored = result.created + result.updated + result.unchanged;
  if (result.rejected.length > 0 || stored !== batch.bales.length) {
    throw new Error(`ingest stored ${stored} of ${batch.bales.length}: ${text.slice(0, 500)}`);
  }
}
