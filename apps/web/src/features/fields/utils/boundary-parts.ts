import type { Boundary } from '@baletrack/contracts/geo/boundary';
import type { Position } from 'geojson';

/**
 * terra-draw edits plain polygons only (no holes, no multipolygons), so a boundary is edited as
 * its parts' outlines, one drawn polygon each, while each part's holes are kept aside and put
 * back on save: the outline of a field with a pond can be moved, and the pond stays.
 */
export interface BoundaryParts {
  outlines: Position[][];
  /** `holes[i]` are the holes of `outlines[i]`. */
  holes: Position[][][];
}

/** Decimal places terra-draw accepts (its default precision): a tenth of a millimetre. */
export const DRAW_PRECISION = 9;

function round(value: number): number {
  const factor = 10 ** DRAW_PRECISION;
  return Math.round(value * factor) / factor;
}

/**
 * A ring rounded to terra-draw's precision, 2D, without corners repeated one after another,
 * closed. Boundaries surveyed to more decimals would otherwise be refused by terra-draw.
 */
export function drawableRing(ring: readonly Position[]): Position[] {
  const out: Position[] = [];
  for (const position of ring) {
    const next = [round(position[0] ?? 0), round(position[1] ?? 0)];
    const last = out[out.length - 1];
    if (!last || last[0] !== next[0] || last[1] !== next[1]) out.push(next);
  }
  const first = out[0];
  const last = out[out.length - 1];
  if (first && last && out.length > 1 && (first[0] !== last[0] || first[1] !== last[1])) {
    out.push([first[0] ?? 0, first[1] ?? 0]);
  }
  return out;
}

/** A boundary split into editable outlines and the holes kept aside. */
export function boundaryParts(boundary: Boundary): BoundaryParts {
  const polygons = boundary.type === 'Polygon' ? [boundary.coordinates] : boundary.coordinates;
  return {
    outlines: polygons.map((rings) => drawableRing(rings[0] ?? [])),
    holes: polygons.map((rings) => rings.slice(1)),
  };
}

/**
 * The boundary made of the outlines as drawn now. `partOf[i]` names the original part outline
 * `i` came from (its holes go back with it); null for a part drawn afresh. Null without any
 * outline; a Polygon for one part, a MultiPolygon for several.
 */
export function assembleBoundary(
  outlines: Position[][],
  partOf: (number | null)[],
  holes: Position[][][],
): Boundary | null {
  const polygons = outlines
    .map((outline, i) => {
      const part = partOf[i];
      const kept = part === null || part === undefined ? [] : (holes[part] ?? []);
      return [drawableRing(outline), ...kept] as [number, number][][];
    })
    .filter((rings) => (rings[0]?.length ?? 0) >= 4);
  if (polygons.length === 0) return null;
  if (polygons.length === 1 && polygons[0]) return { type: 'Polygon', coordinates: polygons[0] };
  return { type: 'MultiPolygon', coordinates: polygons };
}

/** How many holes a boundary has: shown, since they cannot be redrawn here. */
export function holeCount(boundary: Boundary): number {
  const polygons = boundary.type === 'Polygon' ? [boundary.coordinates] : boundary.coordinates;
  return polygons.reduce((count, rings) => count + Math.max(0, rings.length - 1), 0);
}
