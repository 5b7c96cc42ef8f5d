import type { ClustersResponse } from '@baletrack/contracts/map/map';
import { type RefObject, useEffect, useRef } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { itemsBounds } from '@/features/map/utils/map-features';
import type { ViewBounds } from '@/features/map/utils/view-query';

interface OpenOnFarmOptions {
  loaded: boolean;
  /** The fields' box: undefined while unknown, null without fields. */
  homeBounds: ViewBounds | null | undefined;
  /** The first answer (for the whole world), used when there are no fields. */
  items: ClustersResponse | undefined;
  itemsArePlaceholder: boolean;
}

/**
 * Moves the map onto the farm once, without animation: onto its fields, or else onto wherever
 * the first answer put bales. Later moves are the grower's own.
 */
export function useOpenOnFarm(mapRef: RefObject<MapRef | null>, options: OpenOnFarmOptions) {
  const { loaded, homeBounds, items, itemsArePlaceholder } = options;
  const done = useRef(false);
  useEffect(() => {
    const map = mapRef.current;
    if (!loaded || !map || done.current || homeBounds === undefined) return;
    let target = homeBounds;
    if (target === null) {
      if (!items || itemsArePlaceholder) return;
      target = itemsBounds(items);
    }
    done.current = true;
    if (!target) return;
    map.fitBounds(
      [
        [target.west, target.south],
        [target.east, target.north],
      ],
      { padding: 60, maxZoom: 16, duration: 0 },
    );
  }, [mapRef, loaded, homeBounds, items, itemsArePlaceholder]);
}
