// Point-in-polygon on GeoJSON boundaries, planar in longitude/latitude like Turf's
// booleanPointInPolygon, so the demo generator and the server agree on which field holds a bale.
import type { Boundary } from '@baletrack/contracts/geo/boundary';
import type { LatLon } from '@baletrack/contracts/geo/lat-lon';

type Ring = readonly (readonly number[])[];

/**
 * Whether a point lies inside a ring of [lon, lat] positions (even–odd ray casting).
 * @example pointInRing({ lat: 0.5, lon: 0.5 }, [[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]) // true
 */
export function pointInRing(point: LatLon, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi = 0, yi = 0] = ring[i] ?? [];
    const [xj = 0, yj = 0] = ring[j] ?? [];
    if (yi > point.lat !== yj > point.lat) {
      const crossLon = ((xj - xi) * (point.lat - yi)) / (yj - yi) + xi;
      if (point.lon < crossLon) inside = !inside;
    }
  }
  return inside;
}

/**
 * Whether a point lies inside a Polygon or MultiPolygon boundary, holes excluded.
 * @example pointInBoundary({ lat: 46.55, lon: -120.33 }, field.boundary)
 */
export function pointInBoundary(point: LatLon, boundary: Boundary): boolean {
  const polygons = boundary.type === 'Polygon' ? [boundary.coordinates] : boundary.coordinates;
  return polygons.some(
    ([outer, ...holes]) =>
      outer !== undefined &&
      pointInRing(point, outer) &&
      !holes.some((hole) => pointInRing(point, hole)),
  );
}
