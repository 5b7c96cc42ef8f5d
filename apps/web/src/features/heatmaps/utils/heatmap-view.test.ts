import { messages } from '@baletrack/contracts/errors/messages';
import type { Field } from '@baletrack/contracts/fields/field';
import { HEATMAP_MIN_ZOOM } from '@baletrack/contracts/heatmaps/heatmap';
import { describe, expect, it } from 'vitest';
import { heatmapBlocker } from './heatmap-view';

const field: Field = {
  id: '0b9a4c4e-3f7e-4a52-9d43-0c6a1f2b3c4d',
  name: 'North 40',
  sizeHectares: null,
  areaHectares: 16,
  boundary: {
    type: 'Polygon',
    coordinates: [
      [
        [-120.505, 46.595],
        [-120.495, 46.595],
        [-120.495, 46.605],
        [-120.505, 46.605],
        [-120.505, 46.595],
      ],
    ],
  },
};
const around = (half: number) => ({
  west: -120.5 - half,
  east: -120.5 + half,
  south: 46.6 - half,
  north: 46.6 + half,
});

describe('heatmapBlocker', () => {
  it('asks for a field first', () => {
    expect(heatmapBlocker(undefined, { zoom: 15, bounds: around(0.01) })).toBe(
      messages.heatmap.fieldRequired,
    );
  });

  it('asks to zoom in below the minimum zoom or while the field is small on screen', () => {
    expect(heatmapBlocker(field, { zoom: HEATMAP_MIN_ZOOM - 1, bounds: around(0.01) })).toBe(
      messages.heatmap.zoomTooLow,
    );
    // The field spans 0.01° of a 0.1° view: a tenth.
    expect(heatmapBlocker(field, { zoom: 14, bounds: around(0.05) })).toBe(
      messages.heatmap.zoomTooLow,
    );
    // Out of the view altogether.
    expect(
      heatmapBlocker(field, {
        zoom: 15,
        bounds: { west: -121, east: -120.9, south: 46, north: 46.1 },
      }),
    ).toBe(messages.heatmap.zoomTooLow);
  });

  it('allows the heatmap once the field fills the view', () => {
    expect(heatmapBlocker(field, { zoom: HEATMAP_MIN_ZOOM, bounds: around(0.01) })).toBeNull();
  });
});
