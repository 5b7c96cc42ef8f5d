// Which cells of a longitude/latitude-aligned grid lie inside a field, by scanlines: per row the
// boundary's edges are crossed once, so a grid of 16,000 cells costs rows × corners, not
// cells × corners. Even–odd within each polygon (holes cut out), any polygon of a MultiPolygon,
// the same rule as pointInBoundary.
import type { Boundary } from '@baletrack/contracts/geo/boundary';

/** Cell centres of a grid: `lons[col]` and `lats[row]`. */
export interface GridCentres {
  lons: ArrayLike<number>;
  lats: ArrayLike<number>;
}

type Ring = readonly (readonly number[])[];

/** Longitudes where the horizontal line at `lat` crosses the rings (half-open in latitude). */
function crossings(rings: readonly Ring[], lat: number): number[] {
  const xs: number[] = [];
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi = 0, yi = 0] = ring[i] ?? [];
      const [xj = 0, yj = 0] = ring[j] ?? [];
      if (yi > lat !== yj > lat) xs.push(((xj - xi) * (lat - yi)) / (yj - yi) + xi);
    }
  }
  return xs.sort((a, b) => a - b);
}

/**
 * 1 for each cell whose centre lies inside the boundary (holes excluded), row-major
 * (`mask[row * cols + col]`), else 0. Longitudes must ascend; latitudes may run either way.
 * @example boundaryMask(field.boundary, { lons: [-120.5, -120.4], lats: [46.6] }) // Uint8Array [1, 0]
 */
export function boundaryMask(boundary: Boundary, centres: GridCentres): Uint8Array {
  const cols = centres.lons.length;
  const rows = centres.lats.length;
  const mask = new Uint8Array(cols * rows);
  const polygons = boundary.type === 'Polygon' ? [boundary.coordinates] : boundary.coordinates;
  for (let row = 0; row < rows; row += 1) {
    const lat = centres.lats[row] as number;
    for (const rings of polygons) {
      const xs = crossings(rings, lat);
      // Inside this polygon: [crossing 0, crossing 1), [2, 3), … — the half-open spans
      // pointInRing's `lon < crossLon` gives, so both rules agree even on an edge.
      for (let k = 0; k + 1 < xs.length; k += 2) {
        const from = xs[k] as number;
        const to = xs[k + 1] as number;
        for (
          let col = firstAtOrAbove(centres.lons, from);
          col < cols && (centres.lons[col] as number) < to;
          col += 1
        ) {
          mask[row * cols + col] = 1;
        }
      }
    }
  }
  return mask;
}

function firstAtOrAbove(sorted: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
