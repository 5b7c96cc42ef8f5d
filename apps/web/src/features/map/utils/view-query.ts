import type { BaleTimeFilter } from '@baletrack/contracts/bales/bale-query';
import { MAX_ZOOM, type MapViewQuery, MIN_ZOOM } from '@baletrack/contracts/map/map';

export interface ViewBounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
// Six decimals (~10 cm) keep float noise out of query keys and URLs.
const tidy = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * The query for a map view: the zoom as a whole level (what server clusters are computed for)
 * and the box widened outward to a grid one tile wide at that level. Small pans and zooms
 * within a level therefore ask the same question and reuse the cached answer, and the margin
 * keeps clusters at the edges drawn while panning.
 */
export function viewQuery(
  bounds: ViewBounds,
  zoom: number,
  filter: BaleTimeFilter = {},
): MapViewQuery {
  const level = clamp(Math.floor(zoom), MIN_ZOOM, MAX_ZOOM);
  const step = 360 / 2 ** level;
  let west = Math.floor(bounds.west / step) * step;
  let east = Math.ceil(bounds.east / step) * step;
  // World copies: a view wider than the world, or past the antimeridian, asks for everything
  // in longitude rather than a box the server would read as crossing it.
  if (east - west >= 360 || west < -180 || east > 180) {
    west = clamp(west, -180, 180);
    east = clamp(east, -180, 180);
    if (east - west >= 360 || bounds.east - bounds.west >= 360) {
      west = -180;
      east = 180;
    }
  }
  const south = clamp(Math.floor(bounds.south / step) * step, -90, 90);
  const north = clamp(Math.ceil(bounds.north / step) * step, -90, 90);
  return {
    west: tidy(west),
    south: tidy(south),
    east: tidy(east),
    north: tidy(north),
    zoom: level,
    ...filter,
  };
}
