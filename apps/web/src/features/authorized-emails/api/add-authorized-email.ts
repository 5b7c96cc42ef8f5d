import {
  type AuthorizedEmailEntry,
  authorizedEmailEntrySchema,
} from '@baletrack/contracts/balers/authorized-email';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authorizedEmailsKeys } from '@/features/authorized-emails/api/authorized-emails-keys';
import { userApi } from '@/lib/api-client';

/** POST /authorized-emails/{email}: Pending; the server mails its holder a link and a code. */
export async function addAuthorizedEmail(email: string): Promise<AuthorizedEmailEntry> {
  return authorizedEmailEntrySchema.parse(
    await userApi.post(`/authorized-emails/${encodeURIComponent(email)}`),
  );
}

export function useAddAuthorizedEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAuthorizedEmail,
    // Not awaited: the form clears as soon as the server accepts, before the list refetches, so
    // a fast typist's next email is not wiped by a late reset.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: authorizedEmailsKeys.all });
    },
  });
}
