import { type LoadResponse, loadResponseSchema } from '@baletrack/contracts/loads/loads';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadsKeys } from '@/features/loads/api/loads-keys';
import { dataApi } from '@/lib/api-client';

/** GET /loads/{id}: the load, its bales and totals, its buyer's links. */
export async function getLoad(loadId: string, signal?: AbortSignal): Promise<LoadResponse> {
  return loadResponseSchema.parse(
    await dataApi.get(`/loads/${encodeURIComponent(loadId)}`, { signal }),
  );
}

export function loadQueryOptions(loadId: string) {
  return queryOptions({
    queryKey: loadsKeys.load(loadId),
    queryFn: ({ signal }) => getLoad(loadId, signal),
  });
}

export function useLoad(loadId: string) {
  return useQuery(loadQueryOptions(loadId));
}
