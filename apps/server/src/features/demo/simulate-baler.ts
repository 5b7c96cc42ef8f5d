import { apiErrorSchema } from '@baletrack/contracts/errors/api-error';
import {
  INGEST_API_KEY_HEADER,
  type IngestBale,
  type IngestResponse,
  ingestResponseSchema,
} from '@baletrack/contracts/ingest/ingest';
import { liveBaling } from './farm/live-baling.ts';

// The virtual baler behind `npm run simulate`: it posts bales to a running server's ingest API
// exactly as a connectivity provider would, so they appear live on an open map.

/** The simulator's time, injectable so a test runs minutes of baling in milliseconds. */
export interface SimulatorClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export interface SimulateOptions {
  /** Base URL of the server, e.g. http://localhost:3000. */
  url: string;
  /** The baler's ingest API key. */
  apiKey: string;
  /** A demo field by name; the first field by default. */
  fieldName?: string;
  ratePerMinute: number;
  durationMs: number;
  /** Seeds the bales' values; a different one per run unless given. */
  seed?: number;
  clock?: SimulatorClock;
  log?: (line: string) => void;
}

export interface SimulateTotals {
  batches: number;
  sent: number;
  created: number;
  updated: number;
  unchanged: number;
  rejected: number;
}

/**
 * '90s', '10m', '1h' or plain minutes, in milliseconds; NaN when unreadable.
 * @example parseDuration('10m') // 600000
 */
export function parseDuration(text: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/.exec(text.trim());
  if (!match) return Number.NaN;
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2] ?? 'm'] ?? 60_000;
  return Number(match[1]) * unit;
}

/** A failure the person running the simulator can act on; the CLI prints its message. */
export class SimulatorError extends Error {}

const realClock: SimulatorClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

// Batches go out at most every 2 s: one bale a request at slow rates, bundles at fast ones.
const MIN_BATCH_INTERVAL_MS = 2_000;

/**
 * Drives a virtual baler along a demo field's windrows for `durationMs`, posting the bales due
 * at `ratePerMinute` to `POST <url>/ingest/v1/bales`, and logs each batch's result. Throws a
 * SimulatorError when the server cannot be reached or refuses the key.
 * @example await simulateBaler({ url: 'http://localhost:3000', apiKey, ratePerMinute: 30, durationMs: 600_000 })
 */
export async function simulateBaler(options: SimulateOptions): Promise<SimulateTotals> {
  if (!(options.ratePerMinute > 0)) {
    throw new SimulatorError('The rate must be above 0 bales a minute.');
  }
  const clock = options.clock ?? realClock;
  const log = options.log ?? console.log;
  let baling: ReturnType<typeof liveBaling>;
  try {
    baling = liveBaling({
      fieldName: options.fieldName,
      seed: options.seed ?? Math.floor(Math.random() * 2 ** 32),
    });
  } catch (error) {
    throw new SimulatorError(error instanceof Error ? error.message : String(error));
  }
  const endpoint = `${options.url.replace(/\/$/, '')}/ingest/v1/bales`;
  const msPerBale = 60_000 / options.ratePerMinute;
  const interval = Math.max(msPerBale, MIN_BATCH_INTERVAL_MS);
  const start = clock.now();
  const end = start + options.durationMs;
  const totals: SimulateTotals = {
    batches: 0,
    sent: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    rejected: 0,
  };
  log(
    `Baling ${baling.fieldName} (${baling.baleSize}) at ${options.ratePerMinute} bales/min for ` +
      `${Math.round(options.durationMs / 1000)} s → ${endpoint}`,
  );

  for (let tick = start; ; tick = Math.min(tick + interval, end)) {
    if (clock.now() < tick) await clock.sleep(tick - clock.now());
    // Every bale whose time has come, each stamped with its own moment.
    const due = Math.floor((Math.min(clock.now(), end) - start) / msPerBale) + 1;
    const bales: IngestBale[] = [];
    for (let i = totals.sent; i < due; i++) {
      bales.push(baling.next(new Date(start + i * msPerBale)));
    }
    if (bales.length > 0) {
      const result = await post(endpoint, options.apiKey, bales);
      totals.batches += 1;
      totals.sent += bales.length;
      totals.created += result.created;
      totals.updated += result.updated;
      totals.unchanged += result.unchanged;
      totals.rejected += result.rejected.length;
      log(describeBatch(new Date(clock.now()), bales.length, result));
    }
    if (tick >= end) break;
  }
  log(`Done: ${totals.sent} bales in ${totals.batches} batches, ${totals.created} stored.`);
  return totals;
}

function describeBatch(at: Date, count: number, result: IngestResponse): string {
  const refused = result.rejected.map((r) => `\n  rejected #${r.index}: ${r.reason}`).join('');
  return (
    `${at.toISOString().slice(11, 19)}  ${count} bale${count === 1 ? '' : 's'} → ` +
    `created ${result.created}, updated ${result.updated}, unchanged ${result.unchanged}, ` +
    `rejected ${result.rejected.length}${refused}`
  );
}

async function post(endpoint: string, apiKey: string, bales: IngestBale[]) {
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [INGEST_API_KEY_HEADER]: apiKey },
      body: JSON.stringify({ bales }),
    });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
    throw new SimulatorError(
      `No Baletrack server answers at ${new URL(endpoint).origin}${cause ? ` (${cause})` : ''}. ` +
        'Start it with npm start, or pass --url.',
    );
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return ingestResponseSchema.parse(body);
  const message = apiErrorSchema.safeParse(body).data?.message ?? `HTTP ${response.status}`;
  if (response.status === 401) {
    throw new SimulatorError(
      `The server refused the baler key: ${message} Pass the demo baler's key with --key ` +
        '(npm start prints it), or seed the demo with npm run db:seed.',
    );
  }
  throw new SimulatorError(`The server refused the batch (${response.status}): ${message}`);
}
