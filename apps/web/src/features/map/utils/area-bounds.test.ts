import { addLoadBalesSchema } from '@baletrack/contracts/loads/loads';
import { describe, expect, it } from 'vitest';
import { areaBounds, areaRectangle, isTinyArea } from '@/features/map/utils/area-bounds';

// A map 400 px square over a farm near 46.6 N 120.5 W, a thousandth of a degree in 10 px: x
// grows east, y grows south, as on the screen.
const unproject = ([x, y]: [number, number]) => ({
  lng: -120.52 + x / 10_000,
  lat: 46.64 - y / 10_000,
});

const box = { west: -120.51, south: 46.62, east: -120.5, north: 46.63 };
const corners = {
  'top left': { x: 100, y: 100 },
  'top right': { x: 200, y: 100 },
  'bottom right': { x: 200, y: 200 },
  'bottom left': { x: 100, y: 200 },
};
const opposite = {
  'top left': 'bottom right',
  'top right': 'bottom left',
  'bottom right': 'top left',
  'bottom left': 'top right',
} as const;

const closeToBox = {
  west: expect.closeTo(box.west, 9),
  south: expect.closeTo(box.south, 9),
  east: expect.closeTo(box.east, 9),
  north: expect.closeTo(box.north, 9),
};

describe('areaBounds', () => {
  it('gives the same west, south, east and north whichever way the area was dragged', () => {
    for (const [from, to] of Object.entries(opposite)) {
      const start = corners[from as keyof typeof corners];
      const end = corners[to];
      expect(areaBounds(start, end, unproject), `${from} to ${to}`).toEqual(closeToBox);
      expect(areaRectangle(start, end)).toEqual({ left: 100, top: 100, width: 100, height: 100 });
    }
  });

  it('is an area the load accepts', () => {
    const dragged = areaBounds(corners['bottom right'], corners['top left'], unproject);
    expect(addLoadBalesSchema.safeParse({ box: dragged }).success).toBe(true);
  });

  it('keeps a drag past the edge of the world within it', () => {
    const world = ([x, y]: [number, number]) => ({ lng: x - 200, lat: 100 - y });
    expect(areaBounds({ x: 0, y: 0 }, { x: 400, y: 200 }, world)).toEqual({
      west: -180,
      south: -90,
      east: 180,
      north: 90,
    });
  });
});

describe('isTinyArea', () => {
  it('takes a drag under 8 px either way for a click', () => {
    expect(isTinyArea({ x: 100, y: 100 }, { x: 105, y: 96 })).toBe(true);
    expect(isTinyArea({ x: 100, y: 100 }, { x: 300, y: 104 })).toBe(true);
    expect(isTinyArea({ x: 100, y: 100 }, { x: 92, y: 108 })).toBe(false);
  });
});
