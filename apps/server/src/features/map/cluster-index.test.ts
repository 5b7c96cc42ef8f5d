import { hayGrades } from '@baletrack/contracts/inventory/hay-grade';
import Supercluster from 'supercluster';
import { describe, expect, it } from 'vitest';
import { Turns } from '../../lib/turns.ts';
import { buildClusterIndex, loadInTurns, type PointIndex } from './cluster-index.ts';
import { gradeCounts } from './cluster-totals.ts';
import { type MapGrades, UNGRADED } from './map-grades.ts';
import type { MapPoint } from './map-snapshot.ts';

// The map's clusters count their bales per quality grade (docs/product.md#clusters): at every
// zoom the clusters and loose bales in view add up to the farm's grades, however supercluster
// merges them (it copies a cluster's totals shallowly before adding its neighbours).

const bale = (i: number): MapPoint => ({
  uid: `B${String(i).padStart(4, '0')}`,
  lat: 46.6 + (i % 20) * 0.0004,
  lon: -120.5 + Math.floor(i / 20) * 0.0006,
  creationLat: 46.6,
  creationLon: -120.5,
  createdMs: Date.parse('2025-06-02T10:00:00Z') + i,
  weightKg: 600,
  dryMassKg: 520,
  avgMoisture: 13,
  rfv: null,
  protein: null,
  baleSize: 'FourXFour',
  row: i,
});

describe('grade counts in the cluster index', () => {
  it('add up to the farm’s grades at every zoom', async () => {
    const points = Array.from({ length: 400 }, (_, i) => bale(i));
    // Every grade in turn, and one bale in ten ungraded.
    const gradeOf = (p: MapPoint) => {
      const i = Number(p.uid.slice(1));
      return i % 10 === 9 ? UNGRADED : i % hayGrades.length;
    };
    const grades: MapGrades = { key: 'test', of: gradeOf, ofStack: () => UNGRADED };
    const expected: Record<string, number> = {};
    for (const p of points) {
      const g = gradeOf(p);
      if (g !== UNGRADED)
        expected[hayGrades[g] as string] = (expected[hayGrades[g] as string] ?? 0) + 1;
    }
    const layer = { points, stacked: new Uint8Array(points.length) };
    const { index } = await buildClusterIndex(layer, new Map(), {}, undefined, grades, new Turns());
    for (let zoom = 0; zoom <= 17; zoom += 1) {
      const seen: Record<string, number> = {};
      for (const feature of index.getClusters([-180, -85, 180, 85], zoom)) {
        const props = feature.properties;
        const counts =
          'cluster' in props && props.cluster
            ? gradeCounts(props)
            : 'bale' in props && props.grade !== UNGRADED
              ? { [hayGrades[props.grade] as string]: 1 }
              : {};
        for (const [grade, n] of Object.entries(counts))
          seen[grade] = (seen[grade] ?? 0) + (n as number);
      }
      expect(seen, `zoom ${zoom}`).toEqual(expected);
    }
  });
});

describe('an index built a slice at a time', () => {
  it('is the index supercluster builds at once, and lets other work run between slices', async () => {
    // Points spread over a farm and the world, some in the same spot: every zoom clusters.
    const features = Array.from({ length: 30_000 }, (_, i) => ({
      type: 'Feature' as const,
      geometry: {
        type: 'Point' as const,
        coordinates: [-120.5 + ((i * 7919) % 1000) * 0.0004, 46.6 + ((i * 104_729) % 997) * 0.0003],
      },
      properties: { bale: bale(i), grade: i % hayGrades.length },
    }));
    const options = {
      radius: 60,
      maxZoom: 16,
      map: (p: { grade: number }) => ({ n: 1, g: p.grade }),
      reduce: (a: { n: number; g: number }, b: { n: number; g: number }) => {
        a.n += b.n;
        a.g += b.g;
      },
    };
    const atOnce = new Supercluster(options);
    atOnce.load(features);
    const inTurns = new Supercluster(options);
    let breaks = 0;
    const turns = new (class extends Turns {
      override async yield() {
        breaks += 1;
        await super.yield();
      }
    })(0);
    await loadInTurns(inTurns as unknown as PointIndex, features, turns);
    for (let zoom = 0; zoom <= 17; zoom += 1) {
      const view: [number, number, number, number] = [-121, 46, -120, 47];
      expect(inTurns.getClusters(view, zoom), `zoom ${zoom}`).toEqual(
        atOnce.getClusters(view, zoom),
      );
    }
    const cluster = atOnce
      .getClusters([-121, 46, -120, 47], 12)
      .find((f) => 'cluster_id' in f.properties);
    if (!cluster) throw new Error('no cluster at zoom 12');
    const id = (cluster.properties as { cluster_id: number }).cluster_id;
    expect(inTurns.getLeaves(id, Infinity)).toEqual(atOnce.getLeaves(id, Infinity));
    expect(inTurns.getClusterExpansionZoom(id)).toBe(atOnce.getClusterExpansionZoom(id));
    // A break before each zoom's clustering at least.
    expect(breaks).toBeGreaterThanOrEqual(17);
  });
});
