import { act, renderHook } from '@testing-library/react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { useAreaDrag } from '@/features/map/hooks/use-area-drag';
import type { ViewBounds } from '@/features/map/utils/view-query';

// Dragging on the map in its area mode: a mouse or one finger draws, a second finger is a pinch,
// a small drag is a click. The map is MapLibre's surface as far as the drag reads it: its canvas
// inside its container, and a thousandth of a degree in 10 px.

function fakeMap() {
  const surface = document.createElement('div');
  const canvas = document.createElement('canvas');
  surface.append(canvas);
  const map = {
    getCanvasContainer: () => surface,
    getCanvas: () => canvas,
    unproject: ([x, y]: [number, number]) => ({
      lng: -120.52 + x / 10_000,
      lat: 46.64 - y / 10_000,
    }),
  };
  return { surface, canvas, map: map as unknown as MapLibreMap };
}

function drawOn() {
  const { surface, canvas, map } = fakeMap();
  const drawn: ViewBounds[] = [];
  const hook = renderHook(() => useAreaDrag(map, (box) => drawn.push(box)));
  const pointer = (type: string, x: number, y: number, pointerId = 1) =>
    act(() => {
      canvas.dispatchEvent(
        new PointerEvent(type, { clientX: x, clientY: y, pointerId, button: 0, bubbles: true }),
      );
    });
  return { surface, hook, drawn, pointer };
}

describe('useAreaDrag', () => {
  it('shows the drag under way and gives the box on release, whichever way it went', () => {
    const { hook, drawn, pointer } = drawOn();
    pointer('pointerdown', 200, 200);
    pointer('pointermove', 100, 150);
    expect(hook.result.current).toEqual({ start: { x: 200, y: 200 }, end: { x: 100, y: 150 } });
    pointer('pointerup', 100, 100);
    expect(hook.result.current).toBeNull();
    expect(drawn).toHaveLength(1);
    expect(drawn[0]?.west).toBeCloseTo(-120.51, 9);
    expect(drawn[0]?.east).toBeCloseTo(-120.5, 9);
    expect(drawn[0]?.south).toBeCloseTo(46.62, 9);
    expect(drawn[0]?.north).toBeCloseTo(46.63, 9);
  });

  it('takes a small drag for a click, and a second finger for a pinch: nothing is drawn', () => {
    const { hook, drawn, pointer } = drawOn();
    pointer('pointerdown', 100, 100);
    pointer('pointerup', 105, 140);
    pointer('pointerdown', 100, 100, 1);
    pointer('pointerdown', 300, 300, 2);
    expect(hook.result.current).toBeNull();
    pointer('pointerup', 200, 200, 1);
    expect(drawn).toEqual([]);
  });

  it('keeps one finger from moving the page while it draws, and gives the touch back after', () => {
    const { surface, hook } = drawOn();
    expect(surface.style.touchAction).toBe('none');
    hook.unmount();
    expect(surface.style.touchAction).toBe('');
  });
});
