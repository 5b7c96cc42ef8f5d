import booleanPointInPolygon from '@turf/boolean-point-in-polygon';

type Rings = number[][][];

function polygonsOf(geometry: unknown): Rings[] | undefined {
  const g = geometry as { type?: string; coordinates?: unknown } | null;
  if (g?.type === 'Polygon') return [g.coordinates as Rings];
  if (g?.type === 'MultiPolygon') return g.coordinates as Rings[];
  return undefined;
}

/**
 * Several shapefile records that together are one field (a Trimble Boundary.shp is one field,
 * whatever its record count) as one geometry: a single-ring part lying inside another part's
 * outline becomes a hole of it (some writers store holes as records of their own), the rest
 * stay parts. Non-polygon records are left for the checks to refuse.
 */
export function mergeParts(records: unknown[]): unknown {
  // Null shapes (deleted records) carry nothing.
  const geometries = records.filter((g) => g !== null && g !== undefined);
  if (geometries.length === 0) return null;
  const found = geometries.map(polygonsOf);
  if (found.some((p) => p === undefined) || geometries.length < 2) {
    return geometries.length === 1 ? geometries[0] : { type: 'GeometryCollection', geometries };
  }
  const parts = (found as Rings[][]).flat().map((rings) => rings.map((ring) => ring));
  const holes = new Set<number>();
  parts.forEach((part, i) => {
    const corner = part[0]?.[0];
    if (part.length !== 1 || !corner) return;
    const host = parts.findIndex(
      (other, j) =>
        j !== i &&
        !holes.has(j) &&
        other[0] !== undefined &&
        booleanPointInPolygon(
          corner,
          { type: 'Polygon', coordinates: [other[0]] },
          { ignoreBoundary: true },
        ),
    );
    if (host >= 0 && part[0]) {
      parts[host]?.push(part[0]);
      holes.add(i);
    }
  });
  const kept = parts.filter((_, i) => !holes.has(i));
  return kept.length === 1
    ? { type: 'Polygon', coordinates: kept[0] }
    : { type: 'MultiPolygon', coordinates: kept };
}
