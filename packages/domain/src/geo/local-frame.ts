// A flat east/north frame in metres around a point, for laying out farm-sized geometry.
// Equirectangular: over a few kilometres the error is centimetres, and because the map is
// affine in longitude and latitude, straight lines and insideness carry over exactly.
import type { LatLon } from '@baletrack/contracts/geo/lat-lon';

/** Mean earth radius (IUGG), metres. */
export const EARTH_RADIUS_M = 6_371_008.8;

/** East (x) and north (y) metres from the frame's origin. */
export interface Metres {
  x: number;
  y: number;
}

export interface LocalFrame {
  origin: LatLon;
  toLatLon(point: Metres): LatLon;
  toMetres(point: LatLon): Metres;
}

/**
 * A local frame with its origin at `origin`.
 * @example localFrame({ lat: 46.55, lon: -120.33 }).toLatLon({ x: 0, y: 111.2 }) // ≈ { lat: 46.551, lon: -120.33 }
 */
export function localFrame(origin: LatLon): LocalFrame {
  const metresPerDegreeLat = (Math.PI / 180) * EARTH_RADIUS_M;
  const metresPerDegreeLon = metresPerDegreeLat * Math.cos((origin.lat * Math.PI) / 180);
  return {
    origin,
    toLatLon: ({ x, y }) => ({
      lat: origin.lat + y / metresPerDegreeLat,
      lon: origin.lon + x / metresPerDegreeLon,
    }),
    toMetres: ({ lat, lon }) => ({
      x: (lon - origin.lon) * metresPerDegreeLon,
      y: (lat - origin.lat) * metresPerDegreeLat,
    }),
  };
}

/**
 * Area enclosed by a ring of points in metres (shoelace), whichever way it winds.
 * @example ringAreaM2([{ x: 0, y: 0 }, { x: 100, y: 0 }, { x: 100, y: 100 }, { x: 0, y: 100 }]) // 10000
 */
export function ringAreaM2(ring: readonly Metres[]): number {
  let twice = 0;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i];
    const b = ring[(i + 1) % ring.length];
    if (a && b) twice += a.x * b.y - b.x * a.y;
  }
  return Math.abs(twice) / 2;
}
