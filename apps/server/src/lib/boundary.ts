// Where a bale lies against a boundary, for every feature that asks (fields, geofences, ingest,
// heatmaps, reports): boxes as PostgreSQL stores them, containment, area.
import type { Boundary } from '@baletrack/contracts/geo/boundary';
import type { LonLatBox as Box } from '@baletrack/domain/geo/boundary-box';
import { measureBoundary } from '@baletrack/domain/geo/boundary-measure';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';

/** A box as PostgreSQL's `box` text, x = longitude and y = latitude. */
export function boxLiteral(box: Box): string {
  return `(${box.east},${box.north}),(${box.west},${box.south})`;
}

/** Parses PostgreSQL's `box` text '(east,north),(west,south)'. */
export function parseBox(text: string): Box {
  const [east, north, west, south] = (text.match(/-?[\d.e+-]+/gi) ?? []).map(Number);
  return { west: west ?? 0, south: south ?? 0, east: east ?? 0, north: north ?? 0 };
}

export function boxContains(box: Box, lon: number, lat: number): boolean {
  return lon >= box.west && lon <= box.east && lat >= box.south && lat <= box.north;
}

/**
 * Geodesic area in hectares, holes subtracted: the measure the drawing screen shows, stored
 * unrounded so that screens round it once (a field drawn at 183.44 ac listed as 183.45 ac).
 */
export function areaHectares(boundary: Boundary): number {
  return measureBoundary(boundary).areaHectares;
}

/** Whether a point lies inside the boundary (not in a hole; on the edge counts as inside). */
export function boundaryContains(boundary: Boundary, lon: number, lat: number): boolean {
  return booleanPointInPolygon([lon, lat], boundary);
}
