import type { Boundary } from '@baletrack/contracts/geo/boundary';

/** A box in degrees: longitudes west to east, latitudes south to north. */
export interface LonLatBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/**
 * The smallest box around a boundary's outlines (holes lie inside them).
 * @example boundaryBox({ type: 'Polygon', coordinates: [[[0, 0], [2, 0], [2, 1], [0, 0]]] })
 *   // { west: 0, south: 0, east: 2, north: 1 }
 */
export function boundaryBox(boundary: Boundary): LonLatBox {
  const polygons = boundary.type === 'Polygon' ? [boundary.coordinates] : boundary.coordinates;
  const box = { west: Infinity, south: Infinity, east: -Infinity, north: -Infinity };
  for (const [outline = []] of polygons) {
    for (const [lon = 0, lat = 0] of outline) {
      box.west = Math.min(box.west, lon);
      box.east = Math.max(box.east, lon);
      box.south = Math.min(box.south, lat);
      box.north = Math.max(box.north, lat);
    }
  }
  return box;
}
