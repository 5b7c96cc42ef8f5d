import {
  type AvailableYearsResponse,
  availableYearsResponseSchema,
} from '@baletrack/contracts/bales/bale-reads';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mapKeys } from '@/features/map/api/map-keys';
import { dataApi } from '@/lib/api-client';

/** GET /available-years: the years in which the organization's visible bales were made. */
export async function getAvailableYears(signal?: AbortSignal): Promise<AvailableYearsResponse> {
  return availableYearsResponseSchema.parse(await dataApi.get('/available-years', { signal }));
}

export function availableYearsQueryOptions() {
  return queryOptions({
    queryKey: mapKeys.availableYears(),
    queryFn: ({ signal }) => getAvailableYears(signal),
  });
}

export function useAvailableYears() {
  return useQuery(availableYearsQueryOptions());
}
