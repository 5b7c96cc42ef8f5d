import type { Field } from '@baletrack/contracts/fields/field';
import type { Boundary } from '@baletrack/contracts/geo/boundary';
import type { FeatureCollection, MultiPolygon, Point, Polygon, Position } from 'geojson';

export interface FieldProperties {
  id: string;
  name: string;
}

/** Fields as GeoJSON for the outline and name layers. */
export function fieldFeatures(
  fields: Field[],
): FeatureCollection<Polygon | MultiPolygon, FieldProperties> {
  return {
    type: 'FeatureCollection',
    features: fields.map((field) => ({
      type: 'Feature',
      geometry: field.boundary,
      properties: { id: field.id, name: field.name },
    })),
  };
}

// Area-weighted centroid of a ring (shoelace); good enough in a field's few hundred metres.
function ringCentroid(ring: Position[]): { area: number; lon: number; lat: number } {
  let area = 0;
  let lon = 0;
  let lat = 0;
  for (let i = 0; i + 1 < ring.length; i++) {
    const [x0 = 0, y0 = 0] = ring[i] ?? [];
    const [x1 = 0, y1 = 0] = ring[i + 1] ?? [];
    const cross = x0 * y1 - x1 * y0;
    area += cross;
    lon += (x0 + x1) * cross;
    lat += (y0 + y1) * cross;
  }
  return area === 0
    ? { area: 0, lon: ring[0]?.[0] ?? 0, lat: ring[0]?.[1] ?? 0 }
    : { area: Math.abs(area / 2), lon: lon / (3 * area), lat: lat / (3 * area) };
}

/**
 * One name per field, at the centre of its largest part. A symbol layer over the polygons
 * would label every tile's piece of a field separately.
 */
export function fieldLabelPoints(fields: Field[]): FeatureCollection<Point, FieldProperties> {
  return {
    type: 'FeatureCollection',
    features: fields.map((field) => {
      const outlines =
        field.boundary.type === 'Polygon'
          ? [field.boundary.coordinates[0] ?? []]
          : field.boundary.coordinates.map((polygon) => polygon[0] ?? []);
      const largest = outlines
        .map(ringCentroid)
        .reduce((best, next) => (next.area > best.area ? next : best));
      return {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [largest.lon, largest.lat] },
        properties: { id: field.id, name: field.name },
      };
    }),
  };
}

function positions(boundary: Boundary) {
  return boundary.type === 'Polygon' ? boundary.coordinates.flat() : boundary.coordinates.flat(2);
}

/** The box around every field, or null without fields: where the map opens. */
export function fieldsBounds(fields: readonly Field[]): ViewBox | null {
  return boundariesBounds(fields.map((field) => field.boundary));
}

/** The box around some boundaries (fields, or fields read from a file), or null without any. */
export function boundariesBounds(boundaries: Boundary[]): ViewBox | null {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const boundary of boundaries) {
    for (const [lon, lat] of positions(boundary)) {
      west = Math.min(west, lon);
      east = Math.max(east, lon);
      south = Math.min(south, lat);
      north = Math.max(north, lat);
    }
  }
  return Number.isFinite(west) ? { west, south, east, north } : null;
}

export interface ViewBox {
  west: number;
  south: number;
  east: number;
  north: number;
}
