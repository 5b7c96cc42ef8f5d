// Geodesic (spherical) area and perimeter of boundaries, shown live while a field is drawn.
// The area follows the formula @turf/area uses on the server (Chamberlain & Duquette, "Some
// algorithms for polygons on a sphere", JPL 2007) on the same mean radius, so the figure drawn
// on screen is the one the server stores; lengths are great-circle (haversine) like @turf/length.
import type { Boundary } from '@baletrack/contracts/geo/boundary';
import { EARTH_RADIUS_M } from './local-frame.ts';

type Position = readonly number[];
type Ring = readonly Position[];

const RAD = Math.PI / 180;

function polygonsOf(boundary: Boundary): readonly (readonly Ring[])[] {
  return boundary.type === 'Polygon' ? [boundary.coordinates] : boundary.coordinates;
}

/**
 * Area enclosed by a ring of [lon, lat] positions on the sphere, in m², whichever way it winds.
 * The ring may be closed (first corner repeated) or not.
 * @example ringAreaSquareMetres([[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]) // ≈ 12,363,718,145
 */
export function ringAreaSquareMetres(ring: Ring): number {
  const corners = isClosed(ring) ? ring.slice(0, -1) : ring;
  const n = corners.length;
  if (n < 3) return 0;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const previous = corners[(i + n - 1) % n] ?? [];
    const current = corners[i] ?? [];
    const next = corners[(i + 1) % n] ?? [];
    total += ((next[0] ?? 0) - (previous[0] ?? 0)) * RAD * Math.sin((current[1] ?? 0) * RAD);
  }
  return Math.abs((total * EARTH_RADIUS_M * EARTH_RADIUS_M) / 2);
}

/**
 * Area of a Polygon or MultiPolygon on the sphere in m²: outlines minus their holes.
 * @example boundaryAreaSquareMetres(field.boundary) / 10_000 // hectares
 */
export function boundaryAreaSquareMetres(boundary: Boundary): number {
  let area = 0;
  for (const [outline, ...holes] of polygonsOf(boundary)) {
    if (!outline) continue;
    area += ringAreaSquareMetres(outline);
    for (const hole of holes) area -= ringAreaSquareMetres(hole);
  }
  return Math.max(0, area);
}

/**
 * Great-circle distance between two [lon, lat] positions in metres (haversine).
 * @example distanceMetres([0, 0], [0, 1]) // ≈ 111,195
 */
export function distanceMetres(from: Position, to: Position): number {
  const lat1 = (from[1] ?? 0) * RAD;
  const lat2 = (to[1] ?? 0) * RAD;
  const dLat = lat2 - lat1;
  const dLon = ((to[0] ?? 0) - (from[0] ?? 0)) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1) * Math.cos(lat2) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Length of a ring all the way round (closing edge included) in metres.
 * @example ringLengthMetres([[0, 0], [0, 1], [1, 1], [0, 0]])
 */
export function ringLengthMetres(ring: Ring): number {
  if (ring.length < 2) return 0;
  let length = 0;
  for (let i = 1; i < ring.length; i++) {
    const a = ring[i - 1];
    const b = ring[i];
    if (a && b) length += distanceMetres(a, b);
  }
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first && last && !isClosed(ring)) length += distanceMetres(last, first);
  return length;
}

/**
 * Perimeter of a boundary in metres: every edge a grower could walk, so the edges of holes
 * (a pond, a farmyard) count as well as the outline's.
 * @example boundaryPerimeterMetres(field.boundary) // 400.0… for a 100 m square
 */
export function boundaryPerimeterMetres(boundary: Boundary): number {
  let length = 0;
  for (const rings of polygonsOf(boundary)) {
    for (const ring of rings) length += ringLengthMetres(ring);
  }
  return length;
}

/**
 * Area (ha, the unit areas are stored in) and perimeter (m) of a boundary.
 * @example measureBoundary(field.boundary) // { areaHectares: 12.3, perimeterMetres: 1480.2 }
 */
export function measureBoundary(boundary: Boundary): {
  areaHectares: number;
  perimeterMetres: number;
} {
  return {
    areaHectares: boundaryAreaSquareMetres(boundary) / 10_000,
    perimeterMetres: boundaryPerimeterMetres(boundary),
  };
}

function isClosed(ring: Ring): boolean {
  const first = ring[0];
  const last = ring[ring.length - 1];
  return ring.length > 1 && first?.[0] === last?.[0] && first?.[1] === last?.[1];
}
