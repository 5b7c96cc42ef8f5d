import { type CropsResponse, cropsResponseSchema } from '@baletrack/contracts/crops/crop';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { filterKeys } from '@/features/filters/api/filters-keys';
import { dataApi } from '@/lib/api-client';

/** GET /crops: the crops a filter can keep. */
export async function getCropChoices(signal?: AbortSignal): Promise<CropsResponse> {
  return cropsResponseSchema.parse(await dataApi.get('/crops', { signal }));
}

export function cropChoicesQueryOptions() {
  return queryOptions({
    queryKey: filterKeys.choices('crops'),
    queryFn: ({ signal }) => getCropChoices(signal),
  });
}

export function useCropChoices() {
  return useQuery(cropChoicesQueryOptions());
}
