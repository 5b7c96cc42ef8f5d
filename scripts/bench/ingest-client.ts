// Balers' side of ingest: batches of up to 5,000 records POSTed with the baler's key, each
// checked for a complete answer. The bodies are serialized before the clock starts (encode).
import http from 'node:http';
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
  return sendEncoded(url, encode(batches));
}

/** Several clients at once, each sending its batches in turn. */
export async function sendConcurrently(url: string, clients: Batch[][]): Promise<IngestRun> {
  const encoded = clients.map(encode);
  const started = performance.now();
  const runs = await Promise.all(encoded.map((batches) => sendEncoded(url, batches)));
  return {
    bales: runs.reduce((n, r) => n + r.bales, 0),
    ms: performance.now() - started,
    steps: runs.flatMap((r) => r.steps),
  };
}

/** A batch as its baler sends it: the request body, serialized before the clock starts. */
interface EncodedBatch {
  key: string;
  count: number;
  body: Buffer;
}

// A baler serializes its batches on its own machine. Here the client shares the server's two
// cores, and a body serialized between two requests held up the next one (the event loop was
// busy with it, so the request went out only after it): the bodies are made beforehand, as
// Buffers, so the run times the server alone.
function encode(batches: Batch[]): EncodedBatch[] {
  return batches.map(({ key, bales }) => ({
    key,
    count: bales.length,
    body: Buffer.from(JSON.stringify({ bales })),
  }));
}

async function sendEncoded(url: string, batches: EncodedBatch[]): Promise<IngestRun> {
  const started = performance.now();
  const steps: IngestRun['steps'] = [];
  let last = started;
  for (const batch of batches) {
    await post(url, batch);
    const now = performance.now();
    steps.push({ bales: batch.count, ms: now - last });
    last = now;
  }
  const bales = steps.reduce((n, s) => n + s.bales, 0);
  return { bales, ms: last - started, steps };
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

// node:http, not fetch: undici's fetch spent about 30 ms of CPU on each 3 MB body (measured
// beside node:http's 8 ms), on the two cores the server and the database share with it.
const agent = new http.Agent({ keepAlive: true });

async function post(url: string, batch: EncodedBatch): Promise<void> {
  const { status, text } = await new Promise<{ status: number; text: string }>(
    (resolve, reject) => {
      const request = http.request(
        `${url}/ingest/v1/bales`,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': batch.body.length,
            'x-api-key': batch.key,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(batch.body);
    },
  );
  if (status !== 200) throw new Error(`ingest answered ${status}: ${text}`);
  const result = JSON.parse(text) as IngestResponse;
  const stored = result.created + result.updated + result.unchanged;
  if (result.rejected.length > 0 || stored !== batch.count) {
    throw new Error(`ingest stored ${stored} of ${batch.count}: ${text.slice(0, 500)}`);
  }
}
