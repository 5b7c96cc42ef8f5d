import { type BalerList, balerListSchema } from '@baletrack/contracts/balers/baler';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { filterKeys } from '@/features/filters/api/filters-keys';
import { userApi } from '@/lib/api-client';

/** GET /machines (user API): the balers a filter can keep. */
export async function getBalerChoices(signal?: AbortSignal): Promise<BalerList> {
  return balerListSchema.parse(await userApi.get('/machines', { signal }));
}

export function balerChoicesQueryOptions() {
  return queryOptions({
    queryKey: filterKeys.choices('balers'),
    queryFn: ({ signal }) => getBalerChoices(signal),
  });
}

export function useBalerChoices() {
  return useQuery(balerChoicesQueryOptions());
}
