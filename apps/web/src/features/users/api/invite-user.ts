import {
  type InviteUserRequest,
  type SubAccount,
  subAccountSchema,
} from '@baletrack/contracts/users/sub-account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersKeys } from '@/features/users/api/users-keys';
import { userApi } from '@/lib/api-client';

/** POST /user: invites someone by name and email; the server mails a temporary password. */
export async function inviteUser(input: InviteUserRequest): Promise<SubAccount> {
  return subAccountSchema.parse(await userApi.post('/user', { body: input }));
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.subAccounts() }),
  });
}
