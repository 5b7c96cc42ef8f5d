// How late the product's event loop ran while one farm's heavy work went on: what any other
// farm's request would have waited behind it (`monitorEventLoopDelay` in the server process).
import type { MapViewQuery } from '@baletrack/contracts/map/map';
import { timedClustersCall } from './clusters-api.ts';
import type { ProductServer } from './product-server.ts';

export const LOOP_DELAY_P99_TARGET_MS = 50;

export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
}

/** The server's event-loop delay while `work` ran (the watch is reset at its start). */
export async function loopDelayDuring<T>(
  server: ProductServer,
  work: () => Promise<T>,
): Promise<{ value: T; delay: LoopDelay }> {
  await server.eventLoopDelay();
  const value = await work();
  const delay = await server.eventLoopDelay();
  if (!delay) throw new Error('the event-loop watch did not start');
  return { value, delay };
}

export interface IndexingRun {
  /** The first zoomed-in view of the farm on a fresh process. */
  ms: number;
  delay: LoopDelay;
}

/**
 * The first zoomed-in view of a farm on a fresh process (read from the kept bale tiles, stacks
 * and moved bales), timed, with the loop's delay meanwhile.
 */
export async function measureIndexing(
  server: ProductServer,
  idToken: string,
  view: MapViewQuery,
): Promise<IndexingRun> {
  const { value, delay } = await loopDelayDuring(server, () =>
    timedClustersCall(server.url, idToken, view),
  );
  return { ms: value.ms, delay };
}

export interface LoopDelayFigures {
  /** While one client ingested at full speed, and while two did (another organization). */
  ingest: LoopDelay;
  concurrent: LoopDelay;
  indexing: IndexingRun;
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const described = (d: LoopDelay) => `p99 ${ms(d.p99)} (p50 ${ms(d.p50)}, max ${ms(d.max)})`;

/**
 * The report's rows. The target holds on PostgreSQL, where a service of many farms runs; the
 * embedded PGlite runs its queries on the product's own thread, so there it is a figure only.
 */
export function loopDelayRows(postgres: boolean, f: LoopDelayFigures) {
  const target = postgres ? `p99 ≤ ${LOOP_DELAY_P99_TARGET_MS} ms` : '— (queries on the thread)';
  const met = (...delays: LoopDelay[]) =>
    postgres ? delays.every((d) => d.p99 <= LOOP_DELAY_P99_TARGET_MS) : undefined;
  return [
    {
      measure: 'event-loop delay while ingest runs at full speed (one client)',
      ours: described(f.ingest),
      baseline: `two clients at once: ${described(f.concurrent)}`,
      target,
      pass: met(f.ingest, f.concurrent),
    },
    {
      measure: 'event-loop delay during the first zoom-15 view after a restart',
      ours: described(f.indexing.delay),
      baseline: `that call took ${ms(f.indexing.ms)}`,
      target,
      pass: met(f.indexing.delay),
    },
  ];
}
