import { convertErrorCodes } from '@baletrack/contracts/convert/formats';
import { messages } from '@baletrack/contracts/errors/messages';
import proj4 from 'proj4';
import { unprocessable } from '../convert-error.ts';

export type Transform = (position: number[]) => number[];

/** Maps every position of a GeoJSON geometry (any nesting of coordinate arrays). */
export function mapPositions(geometry: unknown, transform: Transform): unknown {
  if (!geometry || typeof geometry !== 'object') return geometry;
  const g = geometry as { type: string; coordinates?: unknown };
  const walk = (value: unknown): unknown =>
    Array.isArray(value) && typeof value[0] === 'number'
      ? transform(value as number[])
      : Array.isArray(value)
        ? value.map(walk)
        : value;
  return { ...g, coordinates: walk(g.coordinates) };
}

/** Every position of a geometry, for range checks. */
export function positionsOf(geometry: unknown): number[][] {
  const out: number[][] = [];
  const walk = (value: unknown) => {
    if (!Array.isArray(value)) return;
    if (typeof value[0] === 'number') out.push(value as number[]);
    else for (const item of value) walk(item);
  };
  walk((geometry as { coordinates?: unknown } | null)?.coordinates);
  return out;
}

export function looksLikeLonLat(positions: number[][]): boolean {
  return positions.every(
    ([x = Number.NaN, y = Number.NaN]) => Math.abs(x) <= 180 && Math.abs(y) <= 90,
  );
}

/**
 * A transform from the coordinate system a .prj's WKT describes to WGS 84 longitude/latitude
 * (proj4 reads ESRI and OGC WKT). Throws a 422 naming the file when proj4 cannot read it.
 */
export function toWgs84(wkt: string, file: string): Transform {
  try {
    const converter = proj4(wkt.trim(), 'WGS84');
    return (position) => {
      const [x = 0, y = 0] = position;
      return converter.forward([x, y]);
    };
  } catch {
    throw unprocessable(
      convertErrorCodes.UNKNOWN_PROJECTION,
      messages.convert.unknownProjection(file),
    );
  }
}
