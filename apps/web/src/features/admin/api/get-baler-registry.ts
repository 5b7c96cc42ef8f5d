import {
  type RegistryEntryList,
  registryEntryListSchema,
} from '@baletrack/contracts/admin/baler-registry';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/api/admin-keys';
import { userApi } from '@/lib/api-client';

/** GET /admin/baler-registry: the connectivity provider's VINs matching `search`. */
export async function getBalerRegistry(
  search: string,
  signal?: AbortSignal,
): Promise<RegistryEntryList> {
  return registryEntryListSchema.parse(
    await userApi.get('/admin/baler-registry', { query: { search: search || undefined }, signal }),
  );
}

export function balerRegistryQueryOptions(search: string) {
  return queryOptions({
    queryKey: adminKeys.registry(search),
    queryFn: ({ signal }) => getBalerRegistry(search, signal),
    placeholderData: keepPreviousData,
  });
}

export function useBalerRegistry(search: string) {
  return useQuery(balerRegistryQueryOptions(search));
}
