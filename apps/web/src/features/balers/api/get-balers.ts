import { type BalerList, balerListSchema } from '@baletrack/contracts/balers/baler';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { balersKeys } from '@/features/balers/api/balers-keys';
import { userApi } from '@/lib/api-client';

/** GET /machines: the organization's balers; everyone of the organization may read them. */
export async function getBalers(signal?: AbortSignal): Promise<BalerList> {
  return balerListSchema.parse(await userApi.get('/machines', { signal }));
}

export function balersQueryOptions() {
  return queryOptions({
    queryKey: balersKeys.list(),
    queryFn: ({ signal }) => getBalers(signal),
  });
}

export function useBalers() {
  return useQuery(balersQueryOptions());
}
