import {
  type AuthorizedEmailEntry,
  authorizedEmailEntrySchema,
} from '@baletrack/contracts/balers/authorized-email';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authorizedEmailsKeys } from '@/features/authorized-emails/api/authorized-emails-keys';
import { userApi } from '@/lib/api-client';

/** What PUT /authorized-emails/{email} does: confirm with the holder's code, or mail again. */
export type AuthorizedEmailChange = { email: string } & ({ code: string } | { resend: true });

export async function changeAuthorizedEmail(
  change: AuthorizedEmailChange,
): Promise<AuthorizedEmailEntry> {
  const query = 'code' in change ? { code: change.code } : { resend: 'true' };
  return authorizedEmailEntrySchema.parse(
    await userApi.put(`/authorized-emails/${encodeURIComponent(change.email)}`, { query }),
  );
}

export function useChangeAuthorizedEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAuthorizedEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authorizedEmailsKeys.all }),
  });
}
