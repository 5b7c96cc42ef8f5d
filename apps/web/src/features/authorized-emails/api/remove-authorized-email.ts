import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authorizedEmailsKeys } from '@/features/authorized-emails/api/authorized-emails-keys';
import { userApi } from '@/lib/api-client';

/** DELETE /authorized-emails/{email}: Deleted, kept in the list for history. */
export async function removeAuthorizedEmail(email: string): Promise<void> {
  await userApi.delete(`/authorized-emails/${encodeURIComponent(email)}`);
}

export function useRemoveAuthorizedEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAuthorizedEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authorizedEmailsKeys.all }),
  });
}
