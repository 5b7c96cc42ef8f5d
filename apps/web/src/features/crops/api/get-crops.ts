import { type CropsResponse, cropsResponseSchema } from '@baletrack/contracts/crops/crop';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { cropsKeys } from '@/features/crops/api/crops-keys';
import { dataApi } from '@/lib/api-client';

/** GET /crops: the organization's crops by name. */
export async function getCrops(signal?: AbortSignal): Promise<CropsResponse> {
  return cropsResponseSchema.parse(await dataApi.get('/crops', { signal }));
}

export function cropsQueryOptions() {
  return queryOptions({ queryKey: cropsKeys.list(), queryFn: ({ signal }) => getCrops(signal) });
}

export function useCrops() {
  return useQuery(cropsQueryOptions());
}
