import { describe, expect, it } from 'vitest';
import { viewQuery } from '@/features/map/utils/view-query';

describe('viewQuery', () => {
  it('widens the view to whole tiles of its zoom level', () => {
    // Zoom 10.6 → level 10, tiles of 360/1024 = 0.3515625°.
    const query = viewQuery({ west: -93.7, south: 41.9, east: -93.5, north: 42.05 }, 10.6);
    expect(query).toEqual({
      west: -93.867187,
      south: 41.835938,
      east: -93.164062,
      north: 42.1875,
      zoom: 10,
    });
  });

  it('asks the same question after a small pan, so the cached answer is reused', () => {
    const before = viewQuery({ west: -93.74, south: 41.91, east: -93.62, north: 41.95 }, 12.2);
    const after = viewQuery({ west: -93.73, south: 41.915, east: -93.61, north: 41.955 }, 12.7);
    expect(after).toEqual(before);
  });

  it('asks for every longitude when the view shows world copies', () => {
    const query = viewQuery({ west: -250, south: -80, east: 250, north: 80 }, 0.4);
    expect(query).toMatchObject({ west: -180, east: 180, south: -90, north: 90, zoom: 0 });
  });

  it('carries the time filter', () => {
    const query = viewQuery({ west: 1, south: 1, east: 2, north: 2 }, 8, { year: 2025 });
    expect(query.year).toBe(2025);
  });
});
