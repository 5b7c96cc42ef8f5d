import type { Boundary } from '@baletrack/contracts/geo/boundary';
import { describe, expect, it } from 'vitest';
import {
  boundaryAreaSquareMetres,
  boundaryPerimeterMetres,
  distanceMetres,
  measureBoundary,
  ringAreaSquareMetres,
} from './boundary-measure.ts';
import { EARTH_RADIUS_M, localFrame } from './local-frame.ts';

const RAD = Math.PI / 180;
type Ring = [number, number][];
const cell = (west: number, south: number, size: number): Ring => [
  [west, south],
  [west + size, south],
  [west + size, south + size],
  [west, south + size],
  [west, south],
];
/** Exact area of a longitude/latitude cell on the sphere: R² Δλ (sin φ₂ − sin φ₁). */
const cellArea = (south: number, north: number, degreesWide: number) =>
  EARTH_RADIUS_M ** 2 * degreesWide * RAD * (Math.sin(north * RAD) - Math.sin(south * RAD));

/** A square of `side` metres centred on a point, through the local frame. */
function squareAround(lat: number, lon: number, side: number): Ring {
  const frame = localFrame({ lat, lon });
  const half = side / 2;
  return [
    [-half, -half],
    [half, -half],
    [half, half],
    [-half, half],
    [-half, -half],
  ].map(([x = 0, y = 0]) => {
    const point = frame.toLatLon({ x, y });
    return [point.lon, point.lat] as [number, number];
  });
}

describe('ringAreaSquareMetres', () => {
  it('matches the closed form of a one-degree cell at the equator and at 46° N', () => {
    expect(ringAreaSquareMetres(cell(0, 0, 1))).toBeCloseTo(cellArea(0, 1, 1), -1);
    expect(ringAreaSquareMetres(cell(-121, 46, 1))).toBeCloseTo(cellArea(46, 47, 1), -1);
  });

  it('gives the figure @turf/area 7 gives the server for the same cell', () => {
    // @turf/area 7.4.0 on [[0,0],[1,0],[1,1],[0,1],[0,0]]: 12,363,718,145.18 m².
    expect(ringAreaSquareMetres(cell(0, 0, 1))).toBeCloseTo(12_363_718_145.18, 0);
  });

  it('does not care about winding or whether the ring is closed', () => {
    const ring = cell(-120.4, 46.5, 0.01);
    const reversed = [...ring].reverse();
    expect(ringAreaSquareMetres(reversed)).toBeCloseTo(ringAreaSquareMetres(ring), 6);
    expect(ringAreaSquareMetres(ring.slice(0, -1))).toBeCloseTo(ringAreaSquareMetres(ring), 6);
  });

  it('is zero for fewer than three corners', () => {
    expect(
      ringAreaSquareMetres([
        [0, 0],
        [1, 1],
        [0, 0],
      ]),
    ).toBe(0);
  });

  it('measures a field-sized square (100 m, a hectare) within a square metre', () => {
    expect(ringAreaSquareMetres(squareAround(46.55, -120.33, 100))).toBeCloseTo(10_000, -0.5);
  });
});

describe('boundaryAreaSquareMetres', () => {
  it('subtracts holes and adds the parts of a multipolygon', () => {
    const outline = cell(-120.4, 46.5, 0.02);
    const hole = cell(-120.395, 46.505, 0.005);
    const withHole: Boundary = { type: 'Polygon', coordinates: [outline, hole] };
    expect(boundaryAreaSquareMetres(withHole)).toBeCloseTo(
      ringAreaSquareMetres(outline) - ringAreaSquareMetres(hole),
      6,
    );
    const twoParts: Boundary = {
      type: 'MultiPolygon',
      coordinates: [[outline, hole], [cell(-120.3, 46.5, 0.01)]],
    };
    expect(boundaryAreaSquareMetres(twoParts)).toBeCloseTo(
      boundaryAreaSquareMetres(withHole) + ringAreaSquareMetres(cell(-120.3, 46.5, 0.01)),
      6,
    );
  });
});

describe('distanceMetres and boundaryPerimeterMetres', () => {
  it('gives a degree of latitude as R·π/180 (≈ 111,195 m)', () => {
    expect(distanceMetres([0, 0], [0, 1])).toBeCloseTo((EARTH_RADIUS_M * Math.PI) / 180, 3);
    expect(distanceMetres([10, 45], [10, 46])).toBeCloseTo(111_195.08, 1);
  });

  it('gives 100 m of longitude at 60° N as half the degrees it takes at the equator', () => {
    // Over a short distance the great circle and the parallel agree to well under a millimetre.
    const degrees = 100 / ((EARTH_RADIUS_M * Math.PI) / 180);
    expect(distanceMetres([0, 0], [degrees, 0])).toBeCloseTo(100, 6);
    expect(distanceMetres([0, 60], [2 * degrees, 60])).toBeCloseTo(100, 3);
  });

  it('walks a 100 m square in 400 m, holes included', () => {
    const square: Boundary = { type: 'Polygon', coordinates: [squareAround(46.55, -120.33, 100)] };
    expect(boundaryPerimeterMetres(square)).toBeCloseTo(400, 1);
    const withHole: Boundary = {
      type: 'Polygon',
      coordinates: [squareAround(46.55, -120.33, 100), squareAround(46.55, -120.33, 10)],
    };
    expect(boundaryPerimeterMetres(withHole)).toBeCloseTo(440, 1);
  });

  it('measures area in hectares and perimeter in metres together', () => {
    const square: Boundary = { type: 'Polygon', coordinates: [squareAround(46.55, -120.33, 200)] };
    const measured = measureBoundary(square);
    expect(measured.areaHectares).toBeCloseTo(4, 3);
    expect(measured.perimeterMetres).toBeCloseTo(800, 0);
  });
});
