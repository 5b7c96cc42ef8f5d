import type { Boundary } from '@baletrack/contracts/geo/boundary';
import { describe, expect, it } from 'vitest';
import { assembleBoundary, boundaryParts, drawableRing, holeCount } from './boundary-parts';

const square = (x: number, y: number, size: number) => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
  [x, y],
];

describe('drawableRing', () => {
  it('rounds to 9 decimals, drops altitude and repeated corners, and closes the ring', () => {
    expect(
      drawableRing([
        [1.1234567891234, 2, 300],
        [1.1234567891111, 2],
        [3, 2],
        [3, 4],
      ]),
    ).toEqual([
      [1.123456789, 2],
      [3, 2],
      [3, 4],
      [1.123456789, 2],
    ]);
  });
});

describe('boundaryParts and assembleBoundary', () => {
  const hole = square(0.2, 0.2, 0.1);
  const multi: Boundary = {
    type: 'MultiPolygon',
    coordinates: [[square(0, 0, 1), hole], [square(2, 0, 1)]] as Boundary['coordinates'] &
      [number, number][][][],
  };

  it('gives a multipolygon back unchanged when nothing was edited', () => {
    const parts = boundaryParts(multi);
    expect(parts.outlines).toHaveLength(2);
    expect(assembleBoundary(parts.outlines, [0, 1], parts.holes)).toEqual(multi);
    expect(holeCount(multi)).toBe(1);
  });

  it('puts the holes back with the part they came from, whatever the order drawn', () => {
    const parts = boundaryParts(multi);
    const [first = [], second = []] = parts.outlines;
    const again = assembleBoundary([second, first], [1, 0], parts.holes);
    expect(again).toEqual({ type: 'MultiPolygon', coordinates: [[second], [first, hole]] });
  });

  it('makes a single part a Polygon, and no part at all null', () => {
    expect(assembleBoundary([square(0, 0, 1)], [null], [])).toEqual({
      type: 'Polygon',
      coordinates: [square(0, 0, 1)],
    });
    expect(assembleBoundary([], [], [])).toBeNull();
    expect(assembleBoundary([[[0, 0]]], [null], [])).toBeNull();
  });
});
