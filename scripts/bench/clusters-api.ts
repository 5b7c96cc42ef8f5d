// /clusters/get as the web app calls it: whole-farm views at the zoom levels that show the
// whole farm on a screen, with a real id token, over HTTP.
import type { MapViewQuery } from '@baletrack/contracts/map/map';
import type { DemoField } from '../../apps/server/src/features/demo/farm/demo-farm-model.ts';
import { liveBaling } from '../../apps/server/src/features/demo/farm/live-baling.ts';
import { type ViewBounds, viewQuery } from '../../apps/web/src/features/map/utils/view-query.ts';
import { sendBatches } from './ingest-client.ts';
import { median } from './stats.ts';

/** From a region's view (10) to a full-HD screen filled by the farm (15). */
export const WHOLE_FARM_ZOOMS = [10, 11, 12, 13, 14, 15];
export const CALLS = 120;

export interface ClustersApiRun {
  /** The first call after ingest: the index is built. */
  firstMs: number;
  /** Bales the first answer accounts for (clusters, loose bales and stacks). */
  balesInView: number;
  samples: number[];
}

export interface CatchUpRun {
  /** The first call after one more bale arrived (the index catches up on it), median. */
  ms: number;
  /** Each round's: one bale, then the next call. */
  samples: number[];
  /** Whether every such answer counted exactly one bale more. */
  countsIt: boolean;
}

export const CATCH_UP_ROUNDS = 5;

/** The box around every field, in degrees. */
export function farmBounds(fields: DemoField[]): ViewBounds {
  const box = { west: 180, south: 90, east: -180, north: -90 };
  const visit = (value: unknown): void => {
    if (Array.isArray(value) && typeof value[0] === 'number') {
      const [lon, lat] = value as [number, number];
      box.west = Math.min(box.west, lon);
      box.east = Math.max(box.east, lon);
      box.south = Math.min(box.south, lat);
      box.north = Math.max(box.north, lat);
    } else if (Array.isArray(value)) value.forEach(visit);
  };
  for (const field of fields) visit(field.boundary.coordinates);
  return box;
}

/** The queries the web app makes for the farm's box at each whole-farm zoom. */
export function wholeFarmViews(bounds: ViewBounds): MapViewQuery[] {
  return WHOLE_FARM_ZOOMS.map((zoom) => viewQuery(bounds, zoom));
}

/** The first call (the index is built), then CALLS calls over the views in turn. */
export async function measureClustersApi(
  url: string,
  idToken: string,
  views: MapViewQuery[],
): Promise<ClustersApiRun> {
  const first = await timedClustersCall(url, idToken, opening(views));
  const samples: number[] = [];
  for (let i = 0; i < CALLS; i += 1) {
    samples.push(
      (await timedClustersCall(url, idToken, views[i % views.length] as MapViewQuery)).ms,
    );
  }
  return { firstMs: first.ms, balesInView: first.bales, samples };
}

/**
 * A baler reporting live (npm run simulate): one bale, then the next map call; a few rounds,
 * each after a steady call, as a map refreshing between bales makes.
 */
export async function measureCatchUp(
  url: string,
  idToken: string,
  views: MapViewQuery[],
  balerKey: string,
): Promise<CatchUpRun> {
  const baler = liveBaling({ fieldName: 'Home North', seed: 7 });
  const samples: number[] = [];
  let countsIt = true;
  for (let round = 0; round < CATCH_UP_ROUNDS; round += 1) {
    const before = await timedClustersCall(url, idToken, opening(views));
    const bale = baler.next(new Date(Date.UTC(2026, 10, 20, 18, round)));
    await sendBatches(url, [{ key: balerKey, bales: [bale] }]);
    const after = await timedClustersCall(url, idToken, opening(views));
    samples.push(after.ms);
    countsIt &&= after.bales === before.bales + 1;
  }
  return { ms: median(samples), samples, countsIt };
}

/** The view the map opens on, about: the farm at zoom 13. */
export const opening = (views: MapViewQuery[]) => views[3] as MapViewQuery;

/** One `/clusters/get` of `view`: its time and the bales its answer accounts for. */
export async function timedClustersCall(url: string, idToken: string, view: MapViewQuery) {
  const query = new URLSearchParams(
    Object.entries(view).map(([k, v]): [string, string] => [k, String(v)]),
  );
  const started = performance.now();
  const response = await fetch(`${url}/data-api/clusters/get?${query}`, {
    headers: { authorization: idToken },
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`/clusters/get answered ${response.status}: ${text}`);
  const body = JSON.parse(text) as {
    clusters: { count: number }[];
    bales: unknown[];
    stacks: { count: number }[];
  };
  const bales =
    body.clusters.reduce((n, c) => n + c.count, 0) +
    body.bales.length +
    body.stacks.reduce((n, s) => n + s.count, 0);
  return { ms, bales };
}
