// GET /heatmap/overlay for a 200-hectare field with 1,000 bales, over HTTP with a
// real id token, on the benchmark organization's 200,000 bales: the field is added beside the
// farm and its bales arrive through the ingest API like any baler's.
import type { HeatmapInputResponse } from '@baletrack/contracts/heatmaps/heatmap';
import type { IngestBale } from '@baletrack/contracts/ingest/ingest';
import { localFrame } from '@baletrack/domain/geo/local-frame';
import { idwGrid } from '@baletrack/domain/heatmap/idw-grid';
import type { ViewBounds } from '../../apps/web/src/features/map/utils/view-query.ts';
import { sendBatches } from './ingest-client.ts';
import { median, percentile } from './stats.ts';

export const HEATMAP_FIELD_HA = 200;
export const HEATMAP_BALES = 1_000;
export const HEATMAP_UNCACHED_TARGET_MS = 300;
export const HEATMAP_CACHED_TARGET_MS = 20;
const UNCACHED_CALLS = 20;
const CACHED_CALLS = 50;

export interface HeatmapApiRun {
  /** Cells of the grid inside the field. */
  cells: number;
  bales: number;
  /** Each call with dates no call asked for before: the heatmap is computed afresh. */
  uncached: number[];
  /** The same call again and again: answered from the cache. */
  cached: number[];
  /** The same grid computed in this process from /bales/heatmap/input (no HTTP, no selection). */
  inProcess: number[];
}

/**
 * Adds the field and its bales (the baler's last active month), then times the overlay.
 * `template` is any bale of the farm, whose values the new bales vary.
 */
export async function measureHeatmapApi(
  url: string,
  idToken: string,
  farm: ViewBounds,
  baler: { key: string; activeMonth: string; template: IngestBale },
): Promise<HeatmapApiRun> {
  const side = Math.sqrt(HEATMAP_FIELD_HA * 10_000);
  // East of the farm with a gap, so no existing bale lies in it.
  const frame = localFrame({ lat: farm.north, lon: farm.east + 0.02 });
  const corner = (x: number, y: number) => {
    const p = frame.toLatLon({ x, y });
    return [p.lon, p.lat];
  };
  const ring = [corner(0, 0), corner(side, 0), corner(side, -side), corner(0, -side), corner(0, 0)];
  const created = await call(url, idToken, 'POST', '/fields', {
    name: `Bench ${HEATMAP_FIELD_HA} ha`,
    sizeHectares: HEATMAP_FIELD_HA,
    boundary: { type: 'Polygon', coordinates: [ring] },
  });
  const fieldId = (created as { id: string }).id;

  // Windrows 20 m apart, bales along them; moisture rises to the south-east as in a wet corner.
  const started = Date.parse(`${baler.activeMonth.slice(0, 7)}-10T08:00:00Z`);
  const bales: IngestBale[] = Array.from({ length: HEATMAP_BALES }, (_, i) => {
    const x = ((i * 37) % 70) * 20 + 10;
    const y = -(Math.floor(i / 70) * 94 + ((i * 13) % 90) + 5);
    const at = frame.toLatLon({ x, y });
    const wetness = (x - y) / (2 * side);
    return {
      ...baler.template,
      uid: `BENCH-HEATMAP-${i}`,
      tagSerialNumber: `BHM${String(i).padStart(10, '0')}`,
      creationTime: new Date(started + i * 60_000).toISOString(),
      creationLocation: at,
      currentLocation: at,
      updateTime: null,
      avgMoisture: Math.round((11 + 10 * wetness + ((i * 7) % 10) / 5) * 10) / 10,
      peakMoisture: Math.round((14 + 10 * wetness) * 10) / 10,
      weightKg: 420 + ((i * 11) % 120),
    };
  });
  await sendBatches(url, [{ key: baler.key, bales }]);

  const query = { fieldId, measure: 'AvgMoisture' };
  // The first call after new bales reads the field's bales afresh (a new bale stamp).
  const first = (await timed(url, idToken, query)).body as { grid: { values: unknown[] } };
  const uncached: number[] = [];
  for (let i = 0; i < UNCACHED_CALLS; i += 1) {
    // A date range no call asked for yet (ending on a later day each time), same bales.
    const to = new Date(Date.UTC(2030, 0, 1 + i)).toISOString().slice(0, 10);
    uncached.push((await timed(url, idToken, { ...query, to })).ms);
  }
  const cached: number[] = [];
  for (let i = 0; i < CACHED_CALLS; i += 1) cached.push((await timed(url, idToken, query)).ms);

  const input = (await call(
    url,
    idToken,
    'GET',
    `/bales/heatmap/input?${new URLSearchParams(query)}`,
  )) as HeatmapInputResponse;
  const inProcess: number[] = [];
  for (let i = 0; i < UNCACHED_CALLS; i += 1) {
    const t0 = performance.now();
    idwGrid(input.boundary, input.points);
    inProcess.push(performance.now() - t0);
  }
  return {
    cells: first.grid.values.filter((v) => v !== null).length,
    bales: input.points.length,
    uncached,
    cached,
    inProcess,
  };
}

/** The report's rows for one database (figures in ms, p50 and p95). */
export function heatmapRows(run: HeatmapApiRun) {
  const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
  const p = (samples: number[]) => `p50 ${ms(median(samples))}, p95 ${ms(percentile(samples, 95))}`;
  const what = `${HEATMAP_FIELD_HA} ha field, ${run.bales.toLocaleString('en-US')} bales, ${run.cells.toLocaleString('en-US')} cells`;
  return [
    {
      measure: `\`/heatmap/overlay\` uncached (${what})`,
      ours: p(run.uncached),
      baseline: `the same IDW grid in process: ${p(run.inProcess)}`,
      target: `≤ ${HEATMAP_UNCACHED_TARGET_MS} ms`,
      pass: median(run.uncached) <= HEATMAP_UNCACHED_TARGET_MS,
    },
    {
      measure: `\`/heatmap/overlay\` cached, ${run.cached.length} calls`,
      ours: p(run.cached),
      baseline: `uncached p50 ${ms(median(run.uncached))}`,
      target: `≤ ${HEATMAP_CACHED_TARGET_MS} ms`,
      pass: median(run.cached) <= HEATMAP_CACHED_TARGET_MS,
    },
  ];
}

async function timed(url: string, idToken: string, query: Record<string, string>) {
  const t0 = performance.now();
  const response = await fetch(`${url}/data-api/heatmap/overlay?${new URLSearchParams(query)}`, {
    headers: { authorization: idToken },
  });
  const text = await response.text();
  const ms = performance.now() - t0;
  if (!response.ok) throw new Error(`/heatmap/overlay answered ${response.status}: ${text}`);
  return { ms, body: JSON.parse(text) as unknown };
}

async function call(url: string, idToken: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${url}/data-api${path}`, {
    method,
    headers: {
      authorization: idToken,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as unknown;
}
