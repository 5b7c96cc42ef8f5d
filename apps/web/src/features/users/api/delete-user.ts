import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersKeys } from '@/features/users/api/users-keys';
import { userApi } from '@/lib/api-client';

/** DELETE /user: removes the user; they can no longer sign in. */
export async function deleteUser(id: string): Promise<void> {
  await userApi.delete('/user', { query: { id } });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.subAccounts() }),
  });
}
