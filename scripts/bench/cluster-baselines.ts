// What /clusters/get is compared with: the raw SQL that fetches the visible bales of the
// whole-farm box (once as the product left the tables, then with planner statistics), and
// supercluster itself over those points in this process (same radius and
// maximum zoom as the product's index, without its stacks and per-cluster totals).
import type { MapViewQuery } from '@baletrack/contracts/map/map';
import Supercluster from 'supercluster';
import { CALLS } from './clusters-api.ts';
import type { RawDatabase } from './raw-database.ts';

export interface ClusterBaselines {
  /** The SQL once on the tables as the product left them (PGlite never analyzes them itself). */
  sqlBeforeAnalyzeMs: number;
  /** Then after ANALYZE, three times. */
  sqlMs: number[];
  points: number;
  loadMs: number;
  samples: number[];
}

// Visible = the baler had an active subscription in the month the bale was made
// (docs/product.md#visibility-rule).
const VISIBLE_IN_BOX = `
  SELECT b.current_lon, b.current_lat FROM bales b
  WHERE b.org_id = $1
    AND b.current_lat BETWEEN $2 AND $3 AND b.current_lon BETWEEN $4 AND $5
    AND EXISTS (SELECT 1 FROM baler_subscription_months m
                WHERE m.org_id = b.org_id AND m.baler_id = b.baler_id
                  AND m.month = b.creation_month AND m.status = 'active')`;

export async function measureClusterBaselines(
  db: RawDatabase,
  orgId: string,
  views: MapViewQuery[],
): Promise<ClusterBaselines> {
  const box = views[0] as MapViewQuery;
  const fetchVisible = async () => {
    const started = performance.now();
    const rows = await db.rows(VISIBLE_IN_BOX, [orgId, box.south, box.north, box.west, box.east]);
    return { rows, ms: performance.now() - started };
  };
  const before = await fetchVisible();
  await db.rows('ANALYZE');
  const sqlMs: number[] = [];
  let rows = before.rows;
  for (let i = 0; i < 3; i += 1) {
    const run = await fetchVisible();
    sqlMs.push(run.ms);
    rows = run.rows;
  }
  const points = rows.map((row) => ({
    type: 'Feature' as const,
    geometry: { type: 'Point' as const, coordinates: [Number(row[0]), Number(row[1])] },
    properties: {},
  }));
  const index = new Supercluster({ radius: 60, maxZoom: 16 });
  const started = performance.now();
  index.load(points);
  const loadMs = performance.now() - started;
  const samples: number[] = [];
  for (let i = 0; i < CALLS; i += 1) {
    const view = views[i % views.length] as MapViewQuery;
    const t0 = performance.now();
    index.getClusters([view.west, view.south, view.east, view.north], view.zoom);
    samples.push(performance.now() - t0);
  }
  return { sqlBeforeAnalyzeMs: before.ms, sqlMs, points: points.length, loadMs, samples };
}
