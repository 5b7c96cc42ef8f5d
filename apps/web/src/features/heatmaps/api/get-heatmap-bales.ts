import {
  type HeatmapBalesResponse,
  type HeatmapQuery,
  heatmapBalesResponseSchema,
} from '@baletrack/contracts/heatmaps/heatmap';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { heatmapSearch, heatmapsKeys, keepSameField } from '@/features/heatmaps/api/heatmaps-keys';
import { dataApi } from '@/lib/api-client';

/** GET /bales/heatmap/get: the field's bales with their value and class. */
export async function getHeatmapBales(
  query: HeatmapQuery,
  signal?: AbortSignal,
): Promise<HeatmapBalesResponse> {
  return heatmapBalesResponseSchema.parse(
    await dataApi.get('/bales/heatmap/get', { query: heatmapSearch(query), signal }),
  );
}

export function heatmapBalesQueryOptions(query: HeatmapQuery) {
  return queryOptions({
    queryKey: heatmapsKeys.bales(query),
    queryFn: ({ signal }) => getHeatmapBales(query, signal),
  });
}

/** Asked only once the view allows a heatmap (`query` undefined: not yet). */
export function useHeatmapBales(query: HeatmapQuery | undefined) {
  return useQuery({
    ...heatmapBalesQueryOptions(query as HeatmapQuery),
    enabled: query !== undefined,
    placeholderData: keepSameField(query),
  });
}
