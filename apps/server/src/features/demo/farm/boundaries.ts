// Field and yard outlines from the farm's metres to GeoJSON in WGS 84.
import type { Boundary } from '@baletrack/contracts/geo/boundary';
import { type LocalFrame, type Metres, ringAreaM2 } from '@baletrack/domain/geo/local-frame';

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

function signedArea(ring: readonly Metres[]): number {
  let twice = 0;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i] as Metres;
    const b = ring[(i + 1) % ring.length] as Metres;
    twice += a.x * b.y - b.x * a.y;
  }
  return twice / 2;
}

/**
 * A GeoJSON Polygon of an outline and its holes: closed rings, the outline counter-clockwise and
 * holes clockwise (RFC 7946 §3.1.6), positions to 6 decimals (about 0.1 m).
 * @example toBoundary(frame, rect(0, 0, 100, 100)) // { type: 'Polygon', coordinates: [[…5 positions]] }
 */
export function toBoundary(
  frame: LocalFrame,
  outline: readonly Metres[],
  holes: readonly (readonly Metres[])[] = [],
): Boundary {
  const ring = (points: readonly Metres[], counterClockwise: boolean) => {
    const ordered = signedArea(points) > 0 === counterClockwise ? points : [...points].reverse();
    const positions = ordered.map((p): [number, number] => {
      const { lat, lon } = frame.toLatLon(p);
      return [round6(lon), round6(lat)];
    });
    const [first] = positions;
    return first ? [...positions, first] : positions;
  };
  return {
    type: 'Polygon',
    coordinates: [ring(outline, true), ...holes.map((h) => ring(h, false))],
  };
}

/**
 * Area of an outline less its holes, hectares.
 * @example areaHectares(rect(0, 0, 100, 100)) // 1
 */
export function areaHectares(
  outline: readonly Metres[],
  holes: readonly (readonly Metres[])[] = [],
): number {
  return (ringAreaM2(outline) - holes.reduce((sum, h) => sum + ringAreaM2(h), 0)) / 10_000;
}
