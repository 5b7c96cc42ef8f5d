import type { ViewBounds } from '@/features/map/utils/view-query';

// Boxes (west, south, east, north) of the hay regions a browser's time zone points to.
const box = (west: number, south: number, east: number, north: number): ViewBounds => ({
  west,
  south,
  east,
  north,
});
const zones: Record<string, ViewBounds> = {
  'America/Los_Angeles': box(-124.5, 32.5, -114, 49),
  'America/Vancouver': box(-130, 48.3, -114, 56),
  'America/Boise': box(-117.3, 42, -111, 49),
  'America/Denver': box(-114, 31.3, -102, 49),
  'America/Phoenix': box(-114.8, 31.3, -109, 37),
  'America/Edmonton': box(-120, 49, -110, 56),
  'America/Regina': box(-110, 49, -101.4, 55),
  'America/Winnipeg': box(-102, 49, -89, 54),
  'America/Chicago': box(-104, 26, -85, 49),
  'America/Toronto': box(-83.5, 41.7, -74, 47),
  'America/New_York': box(-85, 25, -67, 47.5),
  'America/Halifax': box(-67, 43.3, -59.5, 47.5),
  'America/Anchorage': box(-155, 58, -141, 65),
  'Pacific/Honolulu': box(-160.5, 18.8, -154.7, 22.3),
  'America/Mexico_City': box(-105, 17, -96, 22.5),
  'Europe/London': box(-8, 50, 2, 58.7),
  'Europe/Berlin': box(5.8, 47.2, 15.1, 55.1),
  'Europe/Paris': box(-4.8, 42.3, 8.2, 51.1),
  'Australia/Sydney': box(141, -37.5, 153.7, -28.2),
  'Pacific/Auckland': box(166, -47.3, 178.6, -34.4),
};
// The rest of a continent, by the zone's first part.
const areas: Record<string, ViewBounds> = {
  America: box(-128, 24, -65, 55),
  Europe: box(-11, 35, 32, 62),
  Australia: box(113, -44, 154, -10),
  Africa: box(-18, -35, 52, 37),
  Asia: box(60, 5, 145, 55),
};
const world = box(-128, -45, 154, 62);

/**
 * Where a new organization's map opens when it has neither bales nor fields: the region the
 * browser's time zone names (most growers work where they live), else a continent, else the
 * farmed world.
 *
 * @example homeRegion('America/Chicago') // the central US
 */
export function homeRegion(timeZone: string | undefined): ViewBounds {
  if (!timeZone) return world;
  return zones[timeZone] ?? areas[timeZone.split('/')[0] ?? ''] ?? world;
}

/** The browser's time zone, if it tells. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
