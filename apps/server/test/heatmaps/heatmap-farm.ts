// A 100 m × 100 m field with a 20 m hole in the middle, and bales placed on the centres of the
// overlay's 5 m cells, so every figure of the heatmap can be worked out by hand.
import type { Boundary } from '@baletrack/contracts/geo/boundary';
import type { IngestBale } from '@baletrack/contracts/ingest/ingest';
import { localFrame } from '@baletrack/domain/geo/local-frame';
import { newBale } from '../helpers/farm.ts';

export const NORTH = 46.6;
export const WEST = -120.5;
/** East and north metres from the field's north-west corner (north is negative y). */
export const frame = localFrame({ lat: NORTH, lon: WEST });

/** A square ring of `size` metres from its north-west corner (x0, y0), closed exactly. */
function squareRing(x0: number, y0: number, size: number): [number, number][] {
  const corners = [
    [x0, y0],
    [x0 + size, y0],
    [x0 + size, y0 - size],
    [x0, y0 - size],
  ].map(([x = 0, y = 0]): [number, number] => {
    const p = frame.toLatLon({ x, y });
    return [p.lon, p.lat];
  });
  return [...corners, corners[0] as [number, number]];
}

/** The 100 m square with a square hole `size` metres wide from (`from`, −`from`). */
export const withHole = (from: number, size: number): Boundary => ({
  type: 'Polygon',
  coordinates: [squareRing(0, 0, 100), squareRing(from, -from, size)],
});

export const fieldWithHole = withHole(40, 20);

/** A bale made at (x, y) metres in the field. */
export function baleAt(x: number, y: number, overrides: Partial<IngestBale> = {}): IngestBale {
  const at = frame.toLatLon({ x, y });
  return newBale({ creationLocation: at, currentLocation: at, ...overrides });
}

/** The grid cell (col, row) whose centre is at (x, y) metres, in 5 m cells. */
export const cellAt = (x: number, y: number) => ({ col: (x - 2.5) / 5, row: (-y - 2.5) / 5 });
