import {
  type HeatmapInputResponse,
  type HeatmapQuery,
  heatmapInputResponseSchema,
} from '@baletrack/contracts/heatmaps/heatmap';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { heatmapSearch, heatmapsKeys, keepSameField } from '@/features/heatmaps/api/heatmaps-keys';
import { dataApi } from '@/lib/api-client';

/** GET /bales/heatmap/input: the bales the overlay is interpolated from. */
export async function getHeatmapInput(
  query: HeatmapQuery,
  signal?: AbortSignal,
): Promise<HeatmapInputResponse> {
  return heatmapInputResponseSchema.parse(
    await dataApi.get('/bales/heatmap/input', { query: heatmapSearch(query), signal }),
  );
}

export function heatmapInputQueryOptions(query: HeatmapQuery) {
  return queryOptions({
    queryKey: heatmapsKeys.input(query),
    queryFn: ({ signal }) => getHeatmapInput(query, signal),
  });
}

/** Asked only once the view allows a heatmap (`query` undefined: not yet). */
export function useHeatmapInput(query: HeatmapQuery | undefined) {
  return useQuery({
    ...heatmapInputQueryOptions(query as HeatmapQuery),
    enabled: query !== undefined,
    placeholderData: keepSameField(query),
  });
}
