import {
  type HeatmapOverlayResponse,
  type HeatmapQuery,
  heatmapOverlayResponseSchema,
} from '@baletrack/contracts/heatmaps/heatmap';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { heatmapSearch, heatmapsKeys, keepSameField } from '@/features/heatmaps/api/heatmaps-keys';
import { dataApi } from '@/lib/api-client';

/** GET /heatmap/overlay: the measure interpolated over the field's cells. */
export async function getHeatmapOverlay(
  query: HeatmapQuery,
  signal?: AbortSignal,
): Promise<HeatmapOverlayResponse> {
  return heatmapOverlayResponseSchema.parse(
    await dataApi.get('/heatmap/overlay', { query: heatmapSearch(query), signal }),
  );
}

export function heatmapOverlayQueryOptions(query: HeatmapQuery) {
  return queryOptions({
    queryKey: heatmapsKeys.overlay(query),
    queryFn: ({ signal }) => getHeatmapOverlay(query, signal),
  });
}

/** Asked only once the view allows a heatmap (`query` undefined: not yet). */
export function useHeatmapOverlay(query: HeatmapQuery | undefined) {
  return useQuery({
    ...heatmapOverlayQueryOptions(query as HeatmapQuery),
    enabled: query !== undefined,
    placeholderData: keepSameField(query),
  });
}
