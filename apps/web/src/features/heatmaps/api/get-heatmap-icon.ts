import {
  type HeatmapIconResponse,
  type HeatmapQuery,
  heatmapIconResponseSchema,
} from '@baletrack/contracts/heatmaps/heatmap';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { heatmapSearch, heatmapsKeys, keepSameField } from '@/features/heatmaps/api/heatmaps-keys';
import { dataApi } from '@/lib/api-client';

/** GET /heatmap/icon: the Icon type's classes and bales per class. */
export async function getHeatmapIcon(
  query: HeatmapQuery,
  signal?: AbortSignal,
): Promise<HeatmapIconResponse> {
  return heatmapIconResponseSchema.parse(
    await dataApi.get('/heatmap/icon', { query: heatmapSearch(query), signal }),
  );
}

export function heatmapIconQueryOptions(query: HeatmapQuery) {
  return queryOptions({
    queryKey: heatmapsKeys.icon(query),
    queryFn: ({ signal }) => getHeatmapIcon(query, signal),
  });
}

/** Asked only once the view allows a heatmap (`query` undefined: not yet). */
export function useHeatmapIcon(query: HeatmapQuery | undefined) {
  return useQuery({
    ...heatmapIconQueryOptions(query as HeatmapQuery),
    enabled: query !== undefined,
    placeholderData: keepSameField(query),
  });
}
