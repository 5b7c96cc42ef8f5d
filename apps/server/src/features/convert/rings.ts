/** Twice the signed area of a ring; positive when clockwise (x east, y north). */
function clockwiseness(ring: number[][]): number {
  let sum = 0;
  for (let i = 1; i < ring.length; i++) {
    const [x1 = 0, y1 = 0] = ring[i - 1] ?? [];
    const [x2 = 0, y2 = 0] = ring[i] ?? [];
    sum += (x2 - x1) * (y2 + y1);
  }
  return sum;
}

/** The ring turning the way asked, reversed if it does not. */
export function wound<T extends number[]>(ring: T[], clockwise: boolean): T[] {
  return clockwiseness(ring) > 0 === clockwise ? ring : ring.toReversed();
}

/**
 * A polygon's rings wound one way for outlines and the other for holes: RFC 7946 (GeoJSON)
 * wants outlines counter-clockwise, ESRI shapefiles want them clockwise.
 */
export function windRings<T extends number[]>(rings: T[][], outlineClockwise: boolean): T[][] {
  return rings.map((ring, i) => wound(ring, i === 0 ? outlineClockwise : !outlineClockwise));
}
