import type { HeatmapClass, HeatmapGrid } from '@baletrack/contracts/heatmaps/heatmap';

const OPAQUE = 255;

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/**
 * Where each class's colour is pure: the middle of its range; an open class (under the first
 * limit, over the last) as wide as its neighbour.
 */
export function classCentres(classes: readonly HeatmapClass[]): number[] {
  const width = (c: HeatmapClass | undefined) =>
    c && c.min !== null && c.max !== null ? c.max - c.min : 1;
  return classes.map((c, i) => {
    if (c.min !== null && c.max !== null) return (c.min + c.max) / 2;
    if (c.max !== null) return c.max - width(classes[i + 1]) / 2;
    if (c.min !== null) return c.min + width(classes[i - 1]) / 2;
    return 0;
  });
}

/**
 * The overlay as RGBA pixels, one per cell in the grid's order (north-west first): a value at a
 * class's middle in that class's colour, values between two middles blended between their
 * colours, so the field reads as one surface rather than steps; cells outside the field stay
 * transparent.
 * @example overlayPixels(grid, classes, ['#d2e3f3', …]) // Uint8ClampedArray(cols × rows × 4)
 */
export function overlayPixels(
  grid: HeatmapGrid,
  classes: readonly HeatmapClass[],
  colors: readonly string[],
): Uint8ClampedArray {
  const pixels = new Uint8ClampedArray(grid.cols * grid.rows * 4);
  const palette = colors.map(rgb);
  const centres = classCentres(classes);
  const last = centres.length - 1;
  grid.values.forEach((value, i) => {
    if (value === null) return;
    let upper = 0;
    while (upper <= last && value > (centres[upper] as number)) upper += 1;
    const below = palette[Math.max(0, upper - 1)] ?? [0, 0, 0];
    const above = palette[Math.min(last, upper)] ?? below;
    const from = centres[Math.max(0, upper - 1)] as number;
    const to = centres[Math.min(last, upper)] as number;
    // Past the outer middles both ends are the same class: its colour, unblended.
    const t = to === from ? 0 : (value - from) / (to - from);
    const mix = (k: number) =>
      Math.round((below[k] as number) * (1 - t) + (above[k] as number) * t);
    pixels.set([mix(0), mix(1), mix(2), OPAQUE], i * 4);
  });
  return pixels;
}
