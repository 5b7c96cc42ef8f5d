import { type Organization, organizationSchema } from '@baletrack/contracts/identity/user';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { usersKeys } from '@/features/users/api/users-keys';
import { userApi } from '@/lib/api-client';

/** GET /user/organization: the organization the signed-in user belongs to. */
export async function getOrganization(signal?: AbortSignal): Promise<Organization> {
  return organizationSchema.parse(await userApi.get('/user/organization', { signal }));
}

export function organizationQueryOptions() {
  return queryOptions({
    queryKey: usersKeys.organization(),
    queryFn: ({ signal }) => getOrganization(signal),
  });
}

export function useOrganization() {
  return useQuery(organizationQueryOptions());
}
