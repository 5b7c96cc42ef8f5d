import { useQuery } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef, useState } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { baleInfoQueryOptions, stackInfoQueryOptions } from '@/features/bales';
import type { MapSelection } from '@/features/map/utils/map-selection';
import { useActiveFilter } from '@/hooks/use-active-filter';
import { useBaleTimeFilter } from '@/hooks/use-bale-time-filter';

/** Close enough that a bale or stack is drawn on its own (the server clusters up to 16). */
const FOCUS_ZOOM = 17;

/**
 * A bale or stack named in the address when the map opens (a shared link, a reload, the heat-risk
 * list's "Show on the map") is brought to the middle of the map, close enough to be drawn on its
 * own, once its place is known: the same request its details panel makes. One chosen on the map
 * afterwards is not moved to (it was chosen where it lies). Returns whether it has moved there.
 */
export function useFocusLinkedSelection(
  mapRef: RefObject<MapRef | null>,
  options: { loaded: boolean; selection: MapSelection | null },
): boolean {
  const { loaded } = options;
  const [linked] = useState(options.selection);
  const [filter] = useBaleTimeFilter();
  const [filterId] = useActiveFilter();
  const bale = useQuery({
    ...baleInfoQueryOptions(linked?.kind === 'bale' ? linked.uid : ''),
    enabled: linked?.kind === 'bale',
  });
  const stack = useQuery({
    ...stackInfoQueryOptions(linked?.kind === 'stack' ? linked.id : '', {
      ...filter,
      ...(filterId && { filterId }),
    }),
    enabled: linked?.kind === 'stack',
  });
  const done = useRef(false);
  const [focused, setFocused] = useState(false);
  const place = linked?.kind === 'bale' ? bale.data?.bale.currentLocation : stack.data?.stack;
  useEffect(() => {
    const map = mapRef.current;
    if (!loaded || !map || done.current || !place) return;
    done.current = true;
    map.jumpTo({ center: [place.lon, place.lat], zoom: Math.max(map.getZoom(), FOCUS_ZOOM) });
    setFocused(true);
  }, [mapRef, loaded, place]);
  return focused;
}
