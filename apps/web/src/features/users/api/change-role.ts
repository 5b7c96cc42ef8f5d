import type { InvitableRole } from '@baletrack/contracts/identity/roles';
import { type SubAccount, subAccountSchema } from '@baletrack/contracts/users/sub-account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersKeys } from '@/features/users/api/users-keys';
import { userApi } from '@/lib/api-client';

/** PUT /user/role: the owner makes someone a manager or a viewer. */
export async function changeRole(id: string, role: InvitableRole): Promise<SubAccount> {
  return subAccountSchema.parse(await userApi.put('/user/role', { body: { id, role } }));
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: InvitableRole }) => changeRole(id, role),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.subAccounts() }),
  });
}
