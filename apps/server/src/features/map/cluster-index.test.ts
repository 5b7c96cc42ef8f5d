import { hayGrades } from '@baletrack/contracts/inventory/hay-grade';
import { describe, expect, it } from 'vitest';
import { buildClusterIndex } from './cluster-index.ts';
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
  it('add up to the farm’s grades at every zoom', () => {
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
    const { index } = buildClusterIndex(layer, new Map(), {}, undefined, grades);
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
