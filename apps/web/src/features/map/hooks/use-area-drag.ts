import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useEffectEvent, useState } from 'react';
import { areaBounds, isTinyArea, type ScreenPoint } from '@/features/map/utils/area-bounds';
import type { ViewBounds } from '@/features/map/utils/view-query';

export interface AreaDrag {
  start: ScreenPoint;
  end: ScreenPoint;
}

/**
 * Draws an area by dragging on the map, with a mouse or one finger (the map's own panning is off
 * meanwhile, see BaleMap's `selectingArea`): the drag under way, and `onDrawn` with the box on
 * release. A drag too small to be an area is a click and draws nothing; a second finger makes
 * the gesture a pinch, and the drag is dropped.
 */
export function useAreaDrag(
  map: MapLibreMap | undefined,
  onDrawn: (box: ViewBounds) => void,
): AreaDrag | null {
  const [drag, setDrag] = useState<AreaDrag | null>(null);
  const drawn = useEffectEvent(onDrawn);

  useEffect(() => {
    if (!map) return;
    const surface = map.getCanvasContainer();
    const canvas = map.getCanvas();
    // One finger draws instead of scrolling or zooming the page.
    const touchAction = [surface.style.touchAction, canvas.style.touchAction] as const;
    surface.style.touchAction = 'none';
    canvas.style.touchAction = 'none';

    let pointerId: number | null = null;
    let start: ScreenPoint = { x: 0, y: 0 };
    // As MapLibre reads a pointer: from the canvas's top left corner.
    const pointOf = (event: PointerEvent): ScreenPoint => {
      const box = canvas.getBoundingClientRect();
      return { x: event.clientX - box.left, y: event.clientY - box.top };
    };
    const drop = () => {
      pointerId = null;
      setDrag(null);
    };
    const onDown = (event: PointerEvent) => {
      if (pointerId !== null) return drop();
      if (event.button !== 0) return;
      pointerId = event.pointerId;
      start = pointOf(event);
      surface.setPointerCapture(event.pointerId);
      setDrag({ start, end: start });
    };
    const onMove = (event: PointerEvent) => {
      if (event.pointerId === pointerId) setDrag({ start, end: pointOf(event) });
    };
    const onUp = (event: PointerEvent) => {
      if (event.pointerId !== pointerId) return;
      const end = pointOf(event);
      drop();
      if (!isTinyArea(start, end)) drawn(areaBounds(start, end, (point) => map.unproject(point)));
    };
    const onCancel = (event: PointerEvent) => {
      if (event.pointerId === pointerId) drop();
    };
    surface.addEventListener('pointerdown', onDown);
    surface.addEventListener('pointermove', onMove);
    surface.addEventListener('pointerup', onUp);
    surface.addEventListener('pointercancel', onCancel);
    return () => {
      surface.removeEventListener('pointerdown', onDown);
      surface.removeEventListener('pointermove', onMove);
      surface.removeEventListener('pointerup', onUp);
      surface.removeEventListener('pointercancel', onCancel);
      [surface.style.touchAction, canvas.style.touchAction] = touchAction;
    };
  }, [map]);

  return drag;
}
