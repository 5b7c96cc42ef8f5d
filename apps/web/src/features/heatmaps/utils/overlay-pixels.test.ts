import type { HeatmapClass, HeatmapGrid } from '@baletrack/contracts/heatmaps/heatmap';
import { describe, expect, it } from 'vitest';
import { classCentres, overlayPixels } from './overlay-pixels';

const classes: HeatmapClass[] = [
  { min: null, max: 12, name: null },
  { min: 12, max: 16, name: null },
  { min: 16, max: null, name: null },
];
const grid = (values: (number | null)[]): HeatmapGrid => ({
  west: 0,
  south: 0,
  east: 1,
  north: 1,
  cellSizeM: 5,
  cols: values.length,
  rows: 1,
  values,
});
const colors = ['#ff0000', '#00ff00', '#0000ff'];

describe('overlayPixels', () => {
  it('paints a value at its class middle in the class colour, the outside transparent', () => {
    // Middles: 10 (open below, as wide as the next), 14, 18 (open above).
    expect(classCentres(classes)).toEqual([10, 14, 18]);
    const pixels = overlayPixels(grid([10, 14, null, 18]), classes, colors);
    expect([...pixels]).toEqual([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 0, 0, 0, 0, 255, 255]);
  });

  it('blends between two classes, so the field reads as a surface, not steps', () => {
    const [r, g, b, a] = overlayPixels(grid([12]), classes, colors);
    expect([r, g, b, a]).toEqual([128, 128, 0, 255]);
  });

  it('keeps the end colours beyond the outer middles', () => {
    const pixels = overlayPixels(grid([2, 40]), classes, colors);
    expect([...pixels]).toEqual([255, 0, 0, 255, 0, 0, 255, 255]);
  });
});
