import { messages } from '@baletrack/contracts/errors/messages';
import {
  type Boundary,
  MAX_BOUNDARY_CORNERS,
  MAX_BOUNDARY_SPAN_KM,
} from '@baletrack/contracts/geo/boundary';
import area from '@turf/area';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import kinks from '@turf/kinks';
import { AppError } from '../../lib/app-error.ts';

type Position = [number, number];
type Rings = Position[][];

const v = messages.validation;

function refuse(message: string): never {
  throw new AppError('VALIDATION_FAILED', message, [{ path: 'boundary', message }]);
}

/** A ring without repeated consecutive corners (a double click while drawing), 2D. */
function tidyRing(ring: number[][]): Position[] {
  const tidy: Position[] = [];
  for (const [lon = 0, lat = 0] of ring) {
    const last = tidy[tidy.length - 1];
    if (!last || last[0] !== lon || last[1] !== lat) tidy.push([lon, lat]);
  }
  return tidy;
}

/** Kilometres per degree of latitude (and of longitude at the equator). */
const KM_PER_DEGREE = 111.32;

/**
 * How far the rings reach north–south or east–west, in km (east–west measured at the middle
 * latitude): GeoJSON joins corners the short way in degrees, so a ring across the 180° meridian
 * reaches nearly all the way round.
 */
function spanKm(polygons: Rings[]): number {
  let [west, south, east, north] = [180, 90, -180, -90];
  for (const [lon, lat] of polygons.flat(2)) {
    west = Math.min(west, lon);
    east = Math.max(east, lon);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  const middle = ((south + north) / 2) * (Math.PI / 180);
  return Math.max(
    (north - south) * KM_PER_DEGREE,
    (east - west) * KM_PER_DEGREE * Math.cos(middle),
  );
}

/**
 * What the schema cannot say about a boundary (it checks ranges, closed rings and corner
 * counts): it reaches at most `MAX_BOUNDARY_SPAN_KM` across, no ring crosses itself or another,
 * holes lie inside their outline, the outline encloses an area. Returns the boundary tidied (2D, no repeated corners), as it is stored;
 * throws a 400 a grower can act on, naming where a ring crosses.
 * @example const stored = checkBoundary(request.body.boundary);
 */
export function checkBoundary(boundary: Boundary): Boundary {
  const polygons: Rings[] = (
    boundary.type === 'Polygon' ? [boundary.coordinates] : boundary.coordinates
  ).map((rings) => rings.map(tidyRing));
  const corners = polygons.flat().reduce((sum, ring) => sum + ring.length - 1, 0);
  if (corners > MAX_BOUNDARY_CORNERS) refuse(v.boundaryTooManyCorners(MAX_BOUNDARY_CORNERS));
  for (const rings of polygons) {
    if (rings.some((ring) => ring.length < 4)) refuse(v.boundaryRingTooShort);
  }
  const span = spanKm(polygons);
  if (span > MAX_BOUNDARY_SPAN_KM) refuse(v.boundaryTooWide(MAX_BOUNDARY_SPAN_KM, span));
  const tidy: Boundary =
    boundary.type === 'Polygon'
      ? { type: 'Polygon', coordinates: polygons[0] ?? [] }
      : { type: 'MultiPolygon', coordinates: polygons };
  // Touching counts as crossing: a ring that meets itself or another at a corner is as unusable
  // for "which field is this bale in" as one that crosses.
  const [crossing] = kinks(tidy).features;
  if (crossing) {
    const [lon = 0, lat = 0] = crossing.geometry.coordinates;
    refuse(v.boundaryCrossesItself(lat, lon));
  }
  for (const [outline, ...holes] of polygons) {
    if (!outline || area({ type: 'Polygon', coordinates: [outline] }) < 1) {
      refuse(v.boundaryWithoutArea);
    }
    // Without crossings a hole is wholly inside or wholly outside; one corner tells which.
    for (const hole of holes) {
      const corner = hole[0] as Position;
      const outer = { type: 'Polygon' as const, coordinates: [outline] };
      if (!booleanPointInPolygon(corner, outer, { ignoreBoundary: true })) {
        refuse(v.boundaryHoleOutside);
      }
    }
  }
  return tidy;
}
