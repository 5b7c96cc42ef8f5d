import { type LoadsResponse, loadsResponseSchema } from '@baletrack/contracts/loads/loads';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadsKeys } from '@/features/loads/api/loads-keys';
import { dataApi } from '@/lib/api-client';

/** GET /loads: the organization's loads, newest first. */
export async function getLoads(signal?: AbortSignal): Promise<LoadsResponse> {
  return loadsResponseSchema.parse(await dataApi.get('/loads', { signal }));
}

export function loadsQueryOptions() {
  return queryOptions({ queryKey: loadsKeys.list(), queryFn: ({ signal }) => getLoads(signal) });
}

/** The loads; `enabled: false` waits until the grower asks for them (the map's stack panel). */
export function useLoads({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...loadsQueryOptions(), enabled });
}
