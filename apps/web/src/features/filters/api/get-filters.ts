import { type FiltersResponse, filtersResponseSchema } from '@baletrack/contracts/filters/filter';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { filterKeys } from '@/features/filters/api/filters-keys';
import { dataApi } from '@/lib/api-client';

/** GET /filters/get: the organization's saved filters, by name. */
export async function getFilters(signal?: AbortSignal): Promise<FiltersResponse> {
  return filtersResponseSchema.parse(await dataApi.get('/filters/get', { signal }));
}

export function filtersQueryOptions() {
  return queryOptions({
    queryKey: filterKeys.list(),
    queryFn: ({ signal }) => getFilters(signal),
  });
}

export function useFilters() {
  return useQuery(filtersQueryOptions());
}
