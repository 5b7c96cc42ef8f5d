import type { Boundary } from '@baletrack/contracts/geo/boundary';
import { describe, expect, it } from 'vitest';
import { pointInBoundary, pointInRing } from './point-in-boundary.ts';

const square = (x0: number, y0: number, size: number): [number, number][] => [
  [x0, y0],
  [x0 + size, y0],
  [x0 + size, y0 + size],
  [x0, y0 + size],
  [x0, y0],
];

describe('pointInRing', () => {
  it('tells inside from outside, concave rings included', () => {
    const l = [
      [0, 0],
      [2, 0],
      [2, 1],
      [1, 1],
      [1, 2],
      [0, 2],
      [0, 0],
    ];
    expect(pointInRing({ lon: 0.5, lat: 1.5 }, l)).toBe(true);
    expect(pointInRing({ lon: 1.5, lat: 0.5 }, l)).toBe(true);
    expect(pointInRing({ lon: 1.5, lat: 1.5 }, l)).toBe(false);
    expect(pointInRing({ lon: -0.1, lat: 0.5 }, l)).toBe(false);
  });
});

describe('pointInBoundary', () => {
  const withHole: Boundary = {
    type: 'Polygon',
    coordinates: [square(-120.4, 46.5, 0.1), square(-120.36, 46.54, 0.02)],
  };

  it('excludes the holes of a polygon', () => {
    expect(pointInBoundary({ lon: -120.38, lat: 46.52 }, withHole)).toBe(true);
    expect(pointInBoundary({ lon: -120.35, lat: 46.55 }, withHole)).toBe(false);
    expect(pointInBoundary({ lon: -120.2, lat: 46.55 }, withHole)).toBe(false);
  });

  it('accepts any part of a multipolygon', () => {
    const multi: Boundary = {
      type: 'MultiPolygon',
      coordinates: [[square(0, 0, 1)], [square(5, 5, 1)]],
    };
    expect(pointInBoundary({ lon: 5.5, lat: 5.5 }, multi)).toBe(true);
    expect(pointInBoundary({ lon: 3, lat: 3 }, multi)).toBe(false);
  });
});
