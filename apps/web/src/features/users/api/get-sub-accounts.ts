import { type SubAccountList, subAccountListSchema } from '@baletrack/contracts/users/sub-account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { usersKeys } from '@/features/users/api/users-keys';
import { userApi } from '@/lib/api-client';

/** GET /users: the organization's sub-account users (owners only). */
export async function getSubAccounts(signal?: AbortSignal): Promise<SubAccountList> {
  return subAccountListSchema.parse(await userApi.get('/users', { signal }));
}

export function subAccountsQueryOptions() {
  return queryOptions({
    queryKey: usersKeys.subAccounts(),
    queryFn: ({ signal }) => getSubAccounts(signal),
  });
}

export function useSubAccounts(options: { enabled?: boolean } = {}) {
  return useQuery({ ...subAccountsQueryOptions(), ...options });
}
