import type { ViewBounds } from '@/features/map/utils/view-query';

/** A point on the map, in pixels from its box's top left corner (as MapLibre's `point`). */
export interface ScreenPoint {
  x: number;
  y: number;
}

/** A drag narrower or shorter than this is a click: no area was meant. */
const AREA_MIN_PX = 8;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The rectangle between two opposite corners, whichever way it was dragged. */
export function areaRectangle(start: ScreenPoint, end: ScreenPoint) {
  return {
    left: Math.min(start.x, end.x),
    top: Math.min(start.y, end.y),
    width: Math.abs(end.x - start.x),
    height: Math.abs(end.y - start.y),
  };
}

/** Whether a drag between these corners is too small to be an area. */
export function isTinyArea(start: ScreenPoint, end: ScreenPoint): boolean {
  const { width, height } = areaRectangle(start, end);
  return width < AREA_MIN_PX || height < AREA_MIN_PX;
}

/**
 * The box on the ground under a rectangle drawn on the map: its four corners unprojected, the
 * extremes taken (so any drag direction gives the same box), kept within the world.
 * @example areaBounds({ x: 10, y: 80 }, { x: 200, y: 5 }, (point) => map.unproject(point))
 * // { west: -120.51, south: 46.61, east: -120.49, north: 46.63 }
 */
export function areaBounds(
  start: ScreenPoint,
  end: ScreenPoint,
  unproject: (point: [number, number]) => { lng: number; lat: number },
): ViewBounds {
  const corners = [
    unproject([start.x, start.y]),
    unproject([end.x, start.y]),
    unproject([end.x, end.y]),
    unproject([start.x, end.y]),
  ];
  const lngs = corners.map((corner) => clamp(corner.lng, -180, 180));
  const lats = corners.map((corner) => clamp(corner.lat, -90, 90));
  return {
    west: Math.min(...lngs),
    south: Math.min(...lats),
    east: Math.max(...lngs),
    north: Math.max(...lats),
  };
}
