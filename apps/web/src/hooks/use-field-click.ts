import type { Field } from '@baletrack/contracts/fields/field';
import { pointInBoundary } from '@baletrack/domain/geo/point-in-boundary';
import { useEffect } from 'react';
import { type MapMouseEvent, useMap } from 'react-map-gl/maplibre';

/**
 * Calls `onField` with the field under a click on the map (the first, should fields overlap),
 * so a map mode (heatmap, yield map) picks a field by a click inside its outline.
 */
export function useFieldClick(fields: readonly Field[], onField: (field: Field) => void): void {
  const { current: map } = useMap();
  useEffect(() => {
    if (!map) return;
    const onClick = (event: MapMouseEvent) => {
      const point = { lon: event.lngLat.lng, lat: event.lngLat.lat };
      const field = fields.find((f) => pointInBoundary(point, f.boundary));
      if (field) onField(field);
    };
    map.on('click', onClick);
    return () => {
      map.off('click', onClick);
    };
  }, [map, fields, onField]);
}
