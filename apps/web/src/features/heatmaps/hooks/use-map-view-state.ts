import { useEffect, useState } from 'react';
import { useMap } from 'react-map-gl/maplibre';
import type { MapView } from '@/features/heatmaps/utils/heatmap-view';

/** The map's zoom and visible box, read again after every move (inside the map only). */
export function useMapViewState(): MapView | undefined {
  const { current: map } = useMap();
  const [view, setView] = useState<MapView>();
  useEffect(() => {
    if (!map) return;
    const read = () => {
      const b = map.getBounds();
      setView({
        zoom: map.getZoom(),
        bounds: { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() },
      });
    };
    read();
    map.on('moveend', read);
    return () => {
      map.off('moveend', read);
    };
  }, [map]);
  return view;
}
