import type { Field } from '@baletrack/contracts/fields/field';
import { useReducedMotion } from '@mantine/hooks';
import { type RefObject, useEffect, useRef } from 'react';
import { useMap } from 'react-map-gl/maplibre';
import { fieldsBounds } from '@/features/fields';

// Below this width the panel spans the map's top (yield-map-mode.module.css), else its right.
const PHONE_WIDTH = 768;

/**
 * Brings every field into view once the yield map's panel has its size, in the part of the map
 * the panel leaves free: below it on a phone, left of it elsewhere; once per time it opens.
 */
export function useFitFields(
  fields: readonly Field[],
  panel: RefObject<HTMLElement | null>,
  ready: boolean,
): void {
  const { current: map } = useMap();
  const reduceMotion = useReducedMotion();
  const fitted = useRef(false);
  useEffect(() => {
    if (!map || !ready || fitted.current || !panel.current) return;
    const box = fieldsBounds(fields);
    if (!box) return;
    fitted.current = true;
    const area = map.getContainer().getBoundingClientRect();
    const over = panel.current.getBoundingClientRect();
    // Clear of the panel, the zoom buttons and the in-view list and chat at the bottom; a map
    // too small for that still keeps a part of itself for the fields.
    const padding =
      area.width < PHONE_WIDTH
        ? {
            top: Math.min(over.bottom - area.top + 12, area.height / 2),
            bottom: Math.min(180, area.height / 4),
            left: 24,
            right: 72,
          }
        : {
            top: 60,
            bottom: 100,
            left: 60,
            right: Math.min(area.right - over.left + 24, area.width / 2),
          };
    map.fitBounds(
      [
        [box.west, box.south],
        [box.east, box.north],
      ],
      { padding, maxZoom: 16, duration: reduceMotion ? 0 : 700 },
    );
  }, [map, fields, panel, ready, reduceMotion]);
}
