import { type SubAccount, subAccountSchema } from '@baletrack/contracts/users/sub-account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersKeys } from '@/features/users/api/users-keys';
import { userApi } from '@/lib/api-client';

/** The owner's actions on one user: PUT /user/{enable,disable,reinvite}, all by user id. */
export type UserChange = 'enable' | 'disable' | 'reinvite';

export async function changeUser(change: UserChange, id: string): Promise<SubAccount> {
  return subAccountSchema.parse(await userApi.put(`/user/${change}`, { query: { id } }));
}

export function useChangeUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ change, id }: { change: UserChange; id: string }) => changeUser(change, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.subAccounts() }),
  });
}
