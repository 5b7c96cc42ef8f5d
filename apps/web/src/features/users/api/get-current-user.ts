import { type CurrentUser, currentUserSchema } from '@baletrack/contracts/identity/user';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { usersKeys } from '@/features/users/api/users-keys';
import { userApi } from '@/lib/api-client';

/** GET /user: who is signed in, with their groups. */
export async function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  return currentUserSchema.parse(await userApi.get('/user', { signal }));
}

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: usersKeys.currentUser(),
    queryFn: ({ signal }) => getCurrentUser(signal),
  });
}

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
