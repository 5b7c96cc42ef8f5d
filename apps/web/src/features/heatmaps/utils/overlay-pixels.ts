import type { HeatmapClass, HeatmapGrid } from '@baletrack/contracts/heatmaps/heatmap';

const OPAQUE = 255;

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/**
 * The overlay as RGBA pixels, one per cell in the grid's order (north-west first), each cell in
 * its class's colour; cells outside the field stay transparent.
 * @example overlayPixels(grid, classes, ['#d2e3f3', …]) // Uint8ClampedArray(cols × rows × 4)
 */
export function overlayPixels(
  grid: HeatmapGrid,
  classes: readonly HeatmapClass[],
  colors: readonly string[],
): Uint8ClampedArray {
  const pixels = new Uint8ClampedArray(grid.cols * grid.rows * 4);
  const palette = colors.map(rgb);
  const limits = classes.slice(0, -1).map((c) => c.max ?? Infinity);
  grid.values.forEach((value, i) => {
    if (value === null) return;
    let index = 0;
    while (index < limits.length && value >= (limits[index] as number)) index += 1;
    const [r, g, b] = palette[index] ?? [0, 0, 0];
    pixels.set([r, g, b, OPAQUE], i * 4);
  });
  return pixels;
}
