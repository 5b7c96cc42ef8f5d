import type { ConvertedFeature } from '@baletrack/contracts/convert/formats';
import { expect } from 'vitest';

type Ring = [number, number][];

/** A closed counter-clockwise rectangle (RFC 7946 outline order). */
export function rectangle(west: number, south: number, east: number, north: number): Ring {
  return [
    [west, south],
    [east, south],
    [east, north],
    [west, north],
    [west, south],
  ];
}

/** A clockwise rectangle, as a hole is ordered in GeoJSON. */
export const holeRectangle = (w: number, s: number, e: number, n: number): Ring =>
  rectangle(w, s, e, n).toReversed();

/**
 * Three fields near Yakima: one with a hole (a pond), one of two parts, one with a non-ASCII
 * name longer than nothing special. Coordinates with 7+ decimals, as surveyed boundaries have.
 */
export const sampleFields: ConvertedFeature[] = [
  {
    type: 'Feature',
    properties: { name: 'North 40', client: 'Smith Hay', farm: 'Home Place' },
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [-120.5123451, 46.6012345],
          [-120.5023456, 46.6012349],
          [-120.5021234, 46.6087654],
          [-120.5098765, 46.6091234],
          [-120.5123451, 46.6012345],
        ],
        holeRectangle(-120.509, 46.603, -120.506, 46.606),
      ],
    },
  },
  {
    type: 'Feature',
    properties: { name: 'Über den Bach', client: 'Smith Hay', farm: 'Home Place' },
    geometry: {
      type: 'MultiPolygon',
      coordinates: [
        [rectangle(-120.49, 46.6, -120.485, 46.604)],
        [rectangle(-120.48, 46.6, -120.475, 46.604)],
      ],
    },
  },
  {
    type: 'Feature',
    properties: { name: 'River Flat', client: 'Smith Hay', farm: 'Creek Farm' },
    geometry: { type: 'Polygon', coordinates: [rectangle(-120.47, 46.61, -120.46, 46.615)] },
  },
];

export function featureCollection(features: unknown[]): string {
  return JSON.stringify({ type: 'FeatureCollection', features });
}

/** The polygons of a boundary, each a list of rings. */
function polygons(geometry: ConvertedFeature['geometry']): number[][][][] {
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
}

/** A ring without its closing corner, as a set-like list to compare regardless of start/order. */
function corners(ring: number[][]): number[][] {
  return ring.slice(0, -1);
}

/**
 * Same boundary within `tolerance` degrees: same number of polygons and rings (holes kept),
 * and every corner of each expected ring within tolerance of a corner of the matching ring
 * (writers may reverse a ring or start it elsewhere; neither changes the shape).
 */
export function expectSameBoundary(
  actual: ConvertedFeature['geometry'],
  expected: ConvertedFeature['geometry'],
  tolerance: number,
): void {
  const a = polygons(actual);
  const e = polygons(expected);
  expect(a.map((rings) => rings.length)).toEqual(e.map((rings) => rings.length));
  e.forEach((rings, p) => {
    rings.forEach((ring, r) => {
      const actualRing = corners(a[p]?.[r] ?? []);
      expect(actualRing).toHaveLength(corners(ring).length);
      for (const [x = 0, y = 0] of corners(ring)) {
        const nearest = Math.min(
          ...actualRing.map(([ax = 0, ay = 0]) => Math.max(Math.abs(ax - x), Math.abs(ay - y))),
        );
        expect(nearest, `corner ${x},${y} of polygon ${p} ring ${r}`).toBeLessThanOrEqual(
          tolerance,
        );
      }
    });
  });
}

/** RFC 7946 §3.1.6: outlines counter-clockwise, holes clockwise (shoelace sign). */
export function expectRfc7946Winding(geometry: ConvertedFeature['geometry']): void {
  for (const rings of polygons(geometry)) {
    rings.forEach((ring, i) => {
      let twiceArea = 0;
      for (let k = 1; k < ring.length; k++) {
        const [x1 = 0, y1 = 0] = ring[k - 1] ?? [];
        const [x2 = 0, y2 = 0] = ring[k] ?? [];
        twiceArea += x1 * y2 - x2 * y1;
      }
      expect(twiceArea > 0, i === 0 ? 'outline counter-clockwise' : 'hole clockwise').toBe(i === 0);
    });
  }
}
