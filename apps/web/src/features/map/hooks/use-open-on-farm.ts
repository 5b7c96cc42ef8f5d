import { useQuery } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef, useState } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { balesExtentQueryOptions, type ExtentFilter } from '@/features/map/api/get-bales-extent';
import { browserTimeZone, homeRegion } from '@/features/map/utils/home-region';
import type { MapPadding } from '@/features/map/utils/map-padding';
import type { ViewBounds } from '@/features/map/utils/view-query';

interface OpenOnFarmOptions {
  loaded: boolean;
  /** The fields' box: undefined while unknown, null without fields. */
  fieldsBounds: ViewBounds | null | undefined;
  /** The dates and filter the map shows (the bales' box is of those bales). */
  filter: ExtentFilter | undefined;
  /** Room the panels take, so nothing fitted lies under them. */
  padding: () => MapPadding;
}

/**
 * Moves the map onto the farm once, without animation: onto its bales, else its fields, else
 * the region of the browser's time zone. Later moves are the grower's own. Returns whether it
 * has (for the journeys, which wait for it).
 */
export function useOpenOnFarm(mapRef: RefObject<MapRef | null>, options: OpenOnFarmOptions) {
  const { loaded, fieldsBounds, filter, padding } = options;
  const done = useRef(false);
  const [opened, setOpened] = useState(false);
  // Moved before it opens (the grower, or a heatmap's field from the address bar): theirs wins.
  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (!loaded || !map) return;
    const moved = () => {
      if (!done.current) {
        done.current = true;
        setOpened(true);
      }
    };
    map.once('movestart', moved);
    return () => {
      map.off('movestart', moved);
    };
  }, [mapRef, loaded]);
  const extent = useQuery({
    ...balesExtentQueryOptions(filter ?? {}),
    enabled: loaded && filter !== undefined && !done.current,
  });
  useEffect(() => {
    const map = mapRef.current;
    if (!loaded || !map || done.current || extent.isPending) return;
    let target = extent.data ?? null;
    let maxZoom = 16;
    if (!target) {
      if (fieldsBounds === undefined) return;
      target = fieldsBounds;
    }
    if (!target) {
      target = homeRegion(browserTimeZone());
      maxZoom = 7;
    }
    // Set first: the move it starts is its own, not someone else's.
    done.current = true;
    map.fitBounds(
      [
        [target.west, target.south],
        [target.east, target.north],
      ],
      { padding: padding(), maxZoom, duration: 0 },
    );
    setOpened(true);
  }, [mapRef, loaded, fieldsBounds, extent.isPending, extent.data, padding]);
  return opened;
}
