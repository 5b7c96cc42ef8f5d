import type { Boundary } from '@baletrack/contracts/geo/boundary';
import { describe, expect, it } from 'vitest';
import { localFrame } from '../geo/local-frame.ts';
import { pointInBoundary } from '../geo/point-in-boundary.ts';
import { densitySpacing, idwGrid } from './idw-grid.ts';

// A 100 m × 100 m square field (north-west corner at the origin) with a 40 m square hole in
// the middle, laid out in metres and turned into degrees.
const frame = localFrame({ lat: 46.6, lon: -120.5 });
const ring = (points: [number, number][]): [number, number][] =>
  points.map(([x, y]) => {
    const p = frame.toLatLon({ x, y });
    return [p.lon, p.lat];
  });
const square = (x0: number, y0: number, size: number) =>
  ring([
    [x0, y0],
    [x0 + size, y0],
    [x0 + size, y0 - size],
    [x0, y0 - size],
    [x0, y0],
  ]);
const withHole: Boundary = {
  type: 'Polygon',
  coordinates: [square(0, 0, 100), square(30, -30, 40)],
};
const at = (x: number, y: number, value: number) => ({ ...frame.toLatLon({ x, y }), value });

describe('idwGrid', () => {
  it('sizes 10 m cells over the box when the cap allows it', () => {
    const grid = idwGrid(withHole, [at(5, -5, 1)], { maxCells: 100, minCellM: 1 });
    expect(grid?.cols).toBe(10);
    expect(grid?.rows).toBe(10);
    expect(grid?.cellSizeM).toBeCloseTo(10, 6);
    expect(grid?.west).toBeCloseTo(-120.5, 9);
    expect(grid?.north).toBeCloseTo(46.6, 9);
  });

  it('grows the cells to stay within the cap, never finer than the minimum', () => {
    const capped = idwGrid(withHole, [at(5, -5, 1)], { maxCells: 30, minCellM: 1 });
    expect((capped?.cols ?? 0) * (capped?.rows ?? 0)).toBeLessThanOrEqual(30);
    const coarse = idwGrid(withHole, [at(5, -5, 1)], { maxCells: 10_000, minCellM: 25 });
    expect(coarse?.cols).toBe(4);
  });

  it('is exact where a cell centre lies on a sample, a weighted mean between them', () => {
    // Cell centres of 10 m cells are at 5, 15, … metres.
    const samples = [at(5, -5, 10), at(95, -95, 20), at(5, -95, 40)];
    const grid = idwGrid(withHole, samples, { maxCells: 100, minCellM: 1 });
    const value = (col: number, row: number) => grid?.values[row * 10 + col];
    expect(value(0, 0)).toBe(10);
    expect(value(9, 9)).toBe(20);
    expect(value(0, 9)).toBe(40);
    // Hand computation at (95, -5): distances² 8100, 8100 and 16200 → weights 2 : 2 : 1.
    expect(value(9, 0)).toBeCloseTo((2 * 10 + 2 * 20 + 1 * 40) / 5, 9);
    const all = grid?.values.filter((v): v is number => v !== null) ?? [];
    expect(Math.min(...all)).toBeGreaterThanOrEqual(10);
    expect(Math.max(...all)).toBeLessThanOrEqual(40);
  });

  it('leaves cells outside the boundary and in its holes empty', () => {
    const grid = idwGrid(withHole, [at(5, -5, 1), at(95, -95, 3)], { maxCells: 100, minCellM: 1 });
    const value = (col: number, row: number) => grid?.values[row * 10 + col];
    // The hole spans 30–70 m: cells 3 to 6 each way.
    expect(value(4, 4)).toBeNull();
    expect(value(3, 6)).toBeNull();
    expect(value(2, 4)).not.toBeNull();
    expect(value(7, 5)).not.toBeNull();
    expect(grid?.values.filter((v) => v === null)).toHaveLength(16);
  });

  it('clips to a triangle as point-in-polygon does, cell by cell', () => {
    const triangle: Boundary = {
      type: 'MultiPolygon',
      coordinates: [
        [
          ring([
            [0, 0],
            [100, 0],
            [0, -100],
            [0, 0],
          ]),
        ],
        [
          ring([
            [200, 0],
            [210, 0],
            [210, -10],
            [200, -10],
            [200, 0],
          ]),
        ],
      ],
    };
    const grid = idwGrid(triangle, [at(10, -10, 5)], { maxCells: 2_000, minCellM: 1 });
    if (!grid) throw new Error('no grid');
    const lonStep = (grid.east - grid.west) / grid.cols;
    const latStep = (grid.north - grid.south) / grid.rows;
    let inside = 0;
    grid.values.forEach((v, i) => {
      const centre = {
        lon: grid.west + ((i % grid.cols) + 0.5) * lonStep,
        lat: grid.north - (Math.floor(i / grid.cols) + 0.5) * latStep,
      };
      expect(v !== null).toBe(pointInBoundary(centre, triangle));
      if (v !== null) inside += 1;
    });
    expect(inside).toBeGreaterThan(0);
  });

  it('has nothing to draw without samples', () => {
    expect(idwGrid(withHole, [])).toBeUndefined();
  });

  it('smoothed, weighs 1 / (d² + h²) instead of taking the nearest bale exactly', () => {
    const samples = [at(5, -5, 10), at(95, -95, 20)];
    const grid = idwGrid(withHole, samples, { maxCells: 100, minCellM: 1, smoothingM: 30 });
    // At (5, -5): d² 0 and 16200, plus h² 900 → weights 1/900 : 1/17100.
    const w1 = 1 / 900;
    const w2 = 1 / 17_100;
    expect(grid?.values[0]).toBeCloseTo((w1 * 10 + w2 * 20) / (w1 + w2), 9);
  });

  it("smoothed at the bales' density, reads as a surface: the trend without one spot per bale", () => {
    // Bales every 10 m whose values rise west to east, each ±4 off the trend like a checkerboard.
    const samples = [];
    for (let x = 5; x < 100; x += 10) {
      for (let y = -5; y > -100; y -= 10) {
        const noise = (Math.round(x / 10) + Math.round(-y / 10)) % 2 === 0 ? 4 : -4;
        samples.push(at(x, y, 10 + x / 10 + noise));
      }
    }
    const field: Boundary = { type: 'Polygon', coordinates: [square(0, 0, 100)] };
    const options = { maxCells: 400, minCellM: 1 };
    const roughness = (values: (number | null)[], cols: number) => {
      let sum = 0;
      let pairs = 0;
      values.forEach((v, i) => {
        const right = values[i + 1];
        if ((i + 1) % cols !== 0 && v !== null && right !== null && right !== undefined) {
          sum += Math.abs(right - v);
          pairs += 1;
        }
      });
      return sum / pairs;
    };
    const exact = idwGrid(field, samples, options);
    const smooth = idwGrid(field, samples, { ...options, smoothingM: 'density' });
    if (!exact || !smooth) throw new Error('expected grids');
    expect(roughness(smooth.values, smooth.cols)).toBeLessThan(
      roughness(exact.values, exact.cols) / 3,
    );
    // The west–east trend stays: the east column reads higher than the west one.
    const column = (col: number) =>
      smooth.values.filter((_, i) => i % smooth.cols === col) as number[];
    const mean = (vs: number[]) => vs.reduce((a, b) => a + b, 0) / vs.length;
    expect(mean(column(smooth.cols - 1)) - mean(column(0))).toBeGreaterThan(5);
  });

  it('takes the mean spacing of the samples over the box as the density length', () => {
    expect(densitySpacing(400, 400, 1600)).toBe(10);
    expect(densitySpacing(100, 100, 0)).toBe(100);
  });
});
