// The Overlay heatmap: inverse-distance-weighted values over a grid clipped to a field
// (docs/product.md#heatmaps). Distances are taken in metres (a local frame), so a field far from
// the equator is not stretched east–west; the grid is aligned with longitude and latitude, which
// the frame maps affinely, so it draws as one image between its four corners.
import type { Boundary } from '@baletrack/contracts/geo/boundary';
import type { LatLon } from '@baletrack/contracts/geo/lat-lon';
import { boundaryBox } from '../geo/boundary-box.ts';
import { localFrame } from '../geo/local-frame.ts';
import { boundaryMask } from './boundary-mask.ts';
import { type Neighbours, SampleBuckets } from './sample-buckets.ts';

/** A measured value where a bale was made. */
export interface HeatmapSample extends LatLon {
  value: number;
}

export interface IdwGridOptions {
  /** Cells at most; the cell grows until the grid fits (keeps a field well under a second). */
  maxCells?: number;
  /** Cells are never finer than this: bales lie metres apart, finer cells add nothing. */
  minCellM?: number;
  /** Weights fall with distance to this power (2: the usual IDW). */
  power?: number;
  /**
   * Each cell is interpolated from this many nearest samples: the field's own neighbourhood
   * speaks, not bales at the far end, and a field of 1,000 bales stays quick.
   */
  neighbours?: number;
  /**
   * Smoothing length in metres, or 'density': the mean spacing of the samples over the box.
   * Weights become 1 / (d² + h²)^(power/2): a cell no longer takes its nearest bale's value
   * exactly, so the surface shows the trend across the field instead of one spot per bale
   * (bales of neighbouring values differ by the noise of single measurements). Off: exact IDW.
   */
  smoothingM?: number | 'density';
}

export interface IdwGrid {
  west: number;
  south: number;
  east: number;
  north: number;
  cellSizeM: number;
  cols: number;
  rows: number;
  /** Row-major from the north-west corner; null outside the boundary. */
  values: (number | null)[];
}

export const HEATMAP_MAX_CELLS = 16_384;
export const HEATMAP_MIN_CELL_M = 5;
export const HEATMAP_NEIGHBOURS = 12;
/** Smoothed grids take more neighbours: the trend of the area, not the nearest few. */
export const HEATMAP_SMOOTH_NEIGHBOURS = 24;
// Closer than this (1 mm) a cell centre is on the sample: its value, not a division by ~0.
const SAME_PLACE_M2 = 1e-6;

/**
 * The IDW grid of `samples` over the boundary's box, null outside the boundary and its holes;
 * a cell centred on a sample takes its value exactly. Undefined without samples.
 * @example idwGrid(field.boundary, [{ lat: 46.6, lon: -120.5, value: 14.2 }, …])?.values
 */
export function idwGrid(
  boundary: Boundary,
  samples: readonly HeatmapSample[],
  options: IdwGridOptions = {},
): IdwGrid | undefined {
  if (samples.length === 0) return undefined;
  const maxCells = options.maxCells ?? HEATMAP_MAX_CELLS;
  const power = options.power ?? 2;
  const box = boundaryBox(boundary);
  const frame = localFrame({ lat: box.north, lon: box.west });
  const far = frame.toMetres({ lat: box.south, lon: box.east });
  const width = Math.max(far.x, 1e-9);
  const height = Math.max(-far.y, 1e-9);
  let cell = Math.max(
    options.minCellM ?? HEATMAP_MIN_CELL_M,
    Math.sqrt((width * height) / maxCells),
  );
  // A box of exactly 10 cells may measure 10.000000001 cells in floating point: not 11.
  const cellsAlong = (length: number) => Math.max(1, Math.ceil(length / cell - 1e-6));
  while (cellsAlong(width) * cellsAlong(height) > maxCells) cell *= 1.01;
  const cols = cellsAlong(width);
  const rows = cellsAlong(height);

  const lons = new Float64Array(cols);
  const lats = new Float64Array(rows);
  for (let col = 0; col < cols; col += 1)
    lons[col] = frame.toLatLon({ x: (col + 0.5) * cell, y: 0 }).lon;
  for (let row = 0; row < rows; row += 1)
    lats[row] = frame.toLatLon({ x: 0, y: -(row + 0.5) * cell }).lat;
  const mask = boundaryMask(boundary, { lons, lats });

  const n = samples.length;
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  const vs = new Float64Array(n);
  samples.forEach((sample, i) => {
    const at = frame.toMetres(sample);
    xs[i] = at.x;
    ys[i] = at.y;
    vs[i] = sample.value;
  });
  const buckets = new SampleBuckets(xs, ys);
  const smoothing =
    options.smoothingM === 'density' ? densitySpacing(width, height, n) : (options.smoothingM ?? 0);
  const h2 = smoothing * smoothing;
  const k = Math.min(
    n,
    options.neighbours ?? (h2 > 0 ? HEATMAP_SMOOTH_NEIGHBOURS : HEATMAP_NEIGHBOURS),
  );
  const near: Neighbours = { d2: new Float64Array(k), index: new Int32Array(k), count: 0 };
  const values: (number | null)[] = new Array(cols * rows).fill(null);
  for (let row = 0; row < rows; row += 1) {
    const y = -(row + 0.5) * cell;
    for (let col = 0; col < cols; col += 1) {
      if (mask[row * cols + col] === 0) continue;
      buckets.nearest((col + 0.5) * cell, y, near);
      values[row * cols + col] =
        h2 > 0 ? interpolateSmooth(near, vs, power / 2, h2) : interpolate(near, vs, power / 2);
    }
  }
  const corner = frame.toLatLon({ x: cols * cell, y: -rows * cell });
  return {
    west: box.west,
    north: box.north,
    east: corner.lon,
    south: corner.lat,
    cellSizeM: cell,
    cols,
    rows,
    values,
  };
}

/**
 * The mean spacing of `n` samples spread over a box (metres): the length over which one bale's
 * value gives way to its neighbours'.
 *
 * @example densitySpacing(400, 400, 1600) // 10
 */
export function densitySpacing(widthM: number, heightM: number, n: number): number {
  return Math.sqrt((widthM * heightM) / Math.max(1, n));
}

/** Smoothed IDW: 1 / (d² + h²)^(power/2) over the nearest samples. */
function interpolateSmooth(near: Neighbours, vs: Float64Array, halfPower: number, h2: number) {
  let weighted = 0;
  let weights = 0;
  for (let j = 0; j < near.count; j += 1) {
    const d2 = (near.d2[j] as number) + h2;
    const w = halfPower === 1 ? 1 / d2 : 1 / d2 ** halfPower;
    weighted += w * (vs[near.index[j] as number] as number);
    weights += w;
  }
  return weighted / weights;
}

/** The IDW value from the nearest samples; samples on the spot (several: their mean) win. */
function interpolate(near: Neighbours, vs: Float64Array, halfPower: number): number {
  let weighted = 0;
  let weights = 0;
  let onSpot = 0;
  let onSpotSum = 0;
  for (let j = 0; j < near.count; j += 1) {
    const d2 = near.d2[j] as number;
    const v = vs[near.index[j] as number] as number;
    if (d2 < SAME_PLACE_M2) {
      onSpot += 1;
      onSpotSum += v;
      continue;
    }
    // Power 2 needs no square root: 1 / d².
    const w = halfPower === 1 ? 1 / d2 : 1 / d2 ** halfPower;
    weighted += w * v;
    weights += w;
  }
  return onSpot > 0 ? onSpotSum / onSpot : weighted / weights;
}
