import {
  type ClustersResponse,
  clustersResponseSchema,
  type MapViewQuery,
} from '@baletrack/contracts/map/map';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { mapKeys } from '@/features/map/api/map-keys';
import { dataApi } from '@/lib/api-client';

/**
 * How often the map asks again for what it draws, so bales a baler (or `npm run simulate`)
 * reports appear without a reload. Only while the page is visible (TanStack Query's default).
 */
export const CLUSTERS_REFRESH_MS = 30_000;

/** GET /clusters/get: clusters, loose bales and stacks in a map view, never every bale. */
export async function getClusters(
  view: MapViewQuery,
  signal?: AbortSignal,
): Promise<ClustersResponse> {
  const { west, south, east, north, zoom, year, from, to, filterId } = view;
  return clustersResponseSchema.parse(
    await dataApi.get('/clusters/get', {
      query: { west, south, east, north, zoom, year, from, to, filterId },
      signal,
    }),
  );
}

export function clustersQueryOptions(view: MapViewQuery) {
  return queryOptions({
    queryKey: mapKeys.clusters(view),
    queryFn: ({ signal }) => getClusters(view, signal),
    // While the next view loads, the map keeps drawing the last one instead of going blank.
    placeholderData: keepPreviousData,
    refetchInterval: CLUSTERS_REFRESH_MS,
  });
}

/** What the map draws for `view`; idle until the map knows its view. */
export function useClusters(view: MapViewQuery | undefined) {
  const queryClient = useQueryClient();
  // Shown again (back from a screen where months were applied, or after bales arrived), the map
  // asks anew rather than draw answers kept from before: locked counts included.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: mapKeys.allClusters() });
  }, [queryClient]);
  return useQuery({
    ...clustersQueryOptions(view ?? { west: 0, south: 0, east: 0, north: 0, zoom: 0 }),
    enabled: view !== undefined,
  });
}
