import type { MapViewQuery } from '@baletrack/contracts/map/map';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useMemo, useState } from 'react';
import { type ViewBounds, viewQuery } from '@/features/map/utils/view-query';
import { useActiveFilter } from '@/hooks/use-active-filter';
import { useBaleTimeFilter } from '@/hooks/use-bale-time-filter';

interface MapView {
  bounds: ViewBounds;
  zoom: number;
}

/**
 * The part of the world the map shows, read when the map settles (not on every animation
 * frame), and the query it makes: the view snapped to whole tiles plus the top bar's dates and
 * the applied filter.
 */
export function useMapView() {
  const [view, setView] = useState<MapView>();
  const [filter] = useBaleTimeFilter();
  const [filterId] = useActiveFilter();

  const readView = useCallback((map: MapLibreMap) => {
    const bounds = map.getBounds();
    setView({
      bounds: {
        west: bounds.getWest(),
        south: bounds.getSouth(),
        east: bounds.getEast(),
        north: bounds.getNorth(),
      },
      zoom: map.getZoom(),
    });
  }, []);

  const query: MapViewQuery | undefined = useMemo(
    () =>
      view
        ? { ...viewQuery(view.bounds, view.zoom, filter), ...(filterId && { filterId }) }
        : undefined,
    [view, filter, filterId],
  );
  // The dates and filter alone, known before the map is (where it opens depends on them).
  const dateAndFilter = useMemo(
    () => ({ ...filter, ...(filterId && { filterId }) }),
    [filter, filterId],
  );
  return { view, query, readView, filter: dateAndFilter };
}
