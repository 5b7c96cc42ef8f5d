import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { balesExtentQueryOptions, type ExtentFilter } from '@/features/map/api/get-bales-extent';
import { browserTimeZone, homeRegion } from '@/features/map/utils/home-region';
import type { ViewBounds } from '@/features/map/utils/view-query';

/** Where the map is made: a box to fit, and how far in it may zoom. */
export interface OpeningView {
  bounds: ViewBounds;
  maxZoom: number;
}

/**
 * Where the map opens, decided before it is made so it never shows the world first: the bales
 * of the dates and filter, else the fields, else the region of the browser's time zone.
 * Undefined while unknown; the first answer stays (later moves are the grower's own).
 */
export function useOpeningView(
  filter: ExtentFilter,
  /** The fields' box: undefined while unknown, null without fields. */
  fieldsBounds: ViewBounds | null | undefined,
): OpeningView | undefined {
  const decided = useRef<OpeningView>(undefined);
  // Asked at once, beside the map library's download, not after the map has loaded.
  const extent = useQuery({ ...balesExtentQueryOptions(filter), enabled: !decided.current });
  if (decided.current) return decided.current;
  // "No bales" from before is asked again first (see balesExtentQueryOptions).
  if (extent.isPending || (extent.isFetching && extent.data === null)) return undefined;
  if (extent.data) decided.current = { bounds: extent.data, maxZoom: 16 };
  else if (fieldsBounds) decided.current = { bounds: fieldsBounds, maxZoom: 16 };
  else if (fieldsBounds === null) {
    decided.current = { bounds: homeRegion(browserTimeZone()), maxZoom: 7 };
  }
  return decided.current;
}
