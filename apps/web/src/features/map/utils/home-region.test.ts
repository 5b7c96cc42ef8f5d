import { describe, expect, it } from 'vitest';
import { homeRegion } from '@/features/map/utils/home-region';
import { mapPadding } from '@/features/map/utils/map-padding';

const contains = (box: ReturnType<typeof homeRegion>, lon: number, lat: number) =>
  lon >= box.west && lon <= box.east && lat >= box.south && lat <= box.north;

describe('homeRegion', () => {
  it("opens on the time zone's region: Kansas for Chicago, Yakima for Los Angeles", () => {
    expect(contains(homeRegion('America/Chicago'), -98, 38.5)).toBe(true);
    expect(contains(homeRegion('America/Los_Angeles'), -120.5, 46.6)).toBe(true);
  });

  it('falls back to the continent, then to the farmed world', () => {
    expect(contains(homeRegion('America/Argentina/Cordoba'), -100, 40)).toBe(true);
    expect(contains(homeRegion('Europe/Vienna'), 16.4, 48.2)).toBe(true);
    expect(contains(homeRegion(undefined), -98, 38.5)).toBe(true);
    expect(contains(homeRegion('Etc/UTC'), 10, 50)).toBe(true);
  });
});

describe('mapPadding', () => {
  it('keeps fitted views right of the legend and clear of an open details panel', () => {
    const closed = mapPadding(1440, 840, false);
    const open = mapPadding(1440, 840, true);
    expect(closed.left).toBeGreaterThanOrEqual(280);
    expect(open.right).toBeGreaterThan(closed.right);
    // What is left for the view is still most of the map.
    expect(1440 - open.left - open.right).toBeGreaterThan(600);
  });

  it('on a phone leaves strips above and below for the collapsed panels', () => {
    const phone = mapPadding(390, 784, true);
    expect(phone.left + phone.right).toBeLessThan(100);
    expect(phone.top).toBeGreaterThan(0);
    expect(phone.bottom).toBeGreaterThan(phone.top);
  });
});
