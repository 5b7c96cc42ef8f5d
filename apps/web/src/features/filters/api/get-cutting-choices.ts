import {
  type CuttingsResponse,
  cuttingsResponseSchema,
} from '@baletrack/contracts/cuttings/cutting';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { filterKeys } from '@/features/filters/api/filters-keys';
import { dataApi } from '@/lib/api-client';

/** GET /cuttings/all: the cuttings of every crop year a filter can keep. */
export async function getCuttingChoices(signal?: AbortSignal): Promise<CuttingsResponse> {
  return cuttingsResponseSchema.parse(await dataApi.get('/cuttings/all', { signal }));
}

export function cuttingChoicesQueryOptions() {
  return queryOptions({
    queryKey: filterKeys.choices('cuttings'),
    queryFn: ({ signal }) => getCuttingChoices(signal),
  });
}

export function useCuttingChoices() {
  return useQuery(cuttingChoicesQueryOptions());
}
