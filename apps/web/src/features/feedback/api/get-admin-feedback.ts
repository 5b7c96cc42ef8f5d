import {
  type AdminFeedbackList,
  adminFeedbackListSchema,
} from '@baletrack/contracts/feedback/feedback';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { feedbackKeys } from '@/features/feedback/api/feedback-keys';
import { userApi } from '@/lib/api-client';

/** GET /admin/feedback: everyone's feedback (SuperAdmins only). */
export async function getAdminFeedback(
  search: string,
  signal?: AbortSignal,
): Promise<AdminFeedbackList> {
  return adminFeedbackListSchema.parse(
    await userApi.get('/admin/feedback', { query: { search: search || undefined }, signal }),
  );
}

export function adminFeedbackQueryOptions(search: string) {
  return queryOptions({
    queryKey: feedbackKeys.everyone(search),
    queryFn: ({ signal }) => getAdminFeedback(search, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminFeedback(search: string) {
  return useQuery(adminFeedbackQueryOptions(search));
}
