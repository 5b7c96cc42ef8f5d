import { boundarySchema } from '@baletrack/contracts/geo/boundary';
import { localFrame } from '@baletrack/domain/geo/local-frame';
import { pointInBoundary } from '@baletrack/domain/geo/point-in-boundary';
import { describe, expect, it } from 'vitest';
import { areaHectares, toBoundary } from './boundaries.ts';

const frame = localFrame({ lat: 46.548, lon: -120.313 });
const square = (x0: number, y0: number, size: number) => [
  { x: x0, y: y0 },
  { x: x0, y: y0 + size },
  { x: x0 + size, y: y0 + size },
  { x: x0 + size, y: y0 },
];

describe('toBoundary', () => {
  it('closes the rings, winds the outline counter-clockwise and holes clockwise', () => {
    const boundary = toBoundary(frame, square(0, 0, 400), [[...square(100, 100, 50)].reverse()]);
    expect(boundarySchema.parse(boundary)).toEqual(boundary);
    if (boundary.type !== 'Polygon') throw new Error('expected a polygon');
    const [outline = [], hole = []] = boundary.coordinates;
    const winding = (ring: number[][]) =>
      ring.slice(1).reduce((sum, [x = 0, y = 0], i) => {
        const [px = 0, py = 0] = ring[i] ?? [];
        return sum + (px * y - x * py);
      }, 0);
    expect(winding(outline)).toBeGreaterThan(0);
    expect(winding(hole)).toBeLessThan(0);
    expect(pointInBoundary(frame.toLatLon({ x: 125, y: 125 }), boundary)).toBe(false);
    expect(pointInBoundary(frame.toLatLon({ x: 300, y: 300 }), boundary)).toBe(true);
  });
});

describe('areaHectares', () => {
  it('subtracts holes', () => {
    expect(areaHectares(square(0, 0, 400), [square(100, 100, 100)])).toBe(15);
  });
});
