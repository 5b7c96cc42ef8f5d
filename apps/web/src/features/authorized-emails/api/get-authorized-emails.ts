import {
  type AuthorizedEmailList,
  authorizedEmailListSchema,
} from '@baletrack/contracts/balers/authorized-email';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { authorizedEmailsKeys } from '@/features/authorized-emails/api/authorized-emails-keys';
import { userApi } from '@/lib/api-client';

/** GET /authorized-emails: the organization's authorized emails; everyone may read them. */
export async function getAuthorizedEmails(signal?: AbortSignal): Promise<AuthorizedEmailList> {
  return authorizedEmailListSchema.parse(await userApi.get('/authorized-emails', { signal }));
}

export function authorizedEmailsQueryOptions() {
  return queryOptions({
    queryKey: authorizedEmailsKeys.list(),
    queryFn: ({ signal }) => getAuthorizedEmails(signal),
  });
}

export function useAuthorizedEmails() {
  return useQuery(authorizedEmailsQueryOptions());
}
