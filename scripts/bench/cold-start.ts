// After a restart: the product started again on the same database, then the map's opening view
// and the top bar's summary asked at once, as the web app asks them when the map opens; the
// server's memory at rest (before the calls) and once both answered.
import type { MapViewQuery } from '@baletrack/contracts/map/map';
import type { ProductServer } from './product-server.ts';

type Memory = ReturnType<ProductServer['memory']>;

export interface ColdStartRun {
  /** Both calls together, from the first request to the last answer. */
  ms: number;
  clustersMs: number;
  summaryMs: number;
  /** Bales the clusters answer accounts for (clusters, loose bales and stacks). */
  visible: number;
  atRest: Memory;
  loaded: Memory;
}

/** Calls the opening view and the year's summary at once on a freshly started product. */
export async function measureColdStart(
  server: ProductServer,
  idToken: string,
  view: MapViewQuery,
  year: number,
): Promise<ColdStartRun> {
  const atRest = server.memory();
  const get = async (path: string) => {
    const t0 = performance.now();
    const response = await fetch(`${server.url}/data-api${path}`, {
      headers: { authorization: idToken },
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`);
    return { ms: performance.now() - t0, json: JSON.parse(text) as unknown };
  };
  const query = new URLSearchParams(
    Object.entries(view).map(([k, v]): [string, string] => [k, String(v)]),
  );
  const started = performance.now();
  const [clusters, summary] = await Promise.all([
    get(`/clusters/get?${query}`),
    get(`/bales/summary?year=${year}`),
  ]);
  const ms = performance.now() - started;
  const body = clusters.json as {
    clusters: { count: number }[];
    bales: unknown[];
    stacks: { count: number }[];
  };
  const visible =
    body.clusters.reduce((n, c) => n + c.count, 0) +
    body.bales.length +
    body.stacks.reduce((n, s) => n + s.count, 0);
  return {
    ms,
    clustersMs: clusters.ms,
    summaryMs: summary.ms,
    visible,
    atRest,
    loaded: server.memory(),
  };
}
