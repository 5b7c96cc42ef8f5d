import type { HeatmapClass, HeatmapGrid } from '@baletrack/contracts/heatmaps/heatmap';
import { describe, expect, it } from 'vitest';
import { overlayPixels } from './overlay-pixels';

const classes: HeatmapClass[] = [
  { min: null, max: 12, name: null },
  { min: 12, max: 16, name: null },
  { min: 16, max: null, name: null },
];

describe('overlayPixels', () => {
  it("paints each cell in its class's colour and leaves the outside transparent", () => {
    const grid: HeatmapGrid = {
      west: 0,
      south: 0,
      east: 1,
      north: 1,
      cellSizeM: 5,
      cols: 2,
      rows: 2,
      values: [10, 12, null, 30],
    };
    const pixels = overlayPixels(grid, classes, ['#ff0000', '#00ff00', '#0000ff']);
    expect([...pixels]).toEqual([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 0, 0, 0, 0, 255, 255]);
  });
});
