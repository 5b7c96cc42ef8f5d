import { type FeedbackList, feedbackListSchema } from '@baletrack/contracts/feedback/feedback';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { feedbackKeys } from '@/features/feedback/api/feedback-keys';
import { userApi } from '@/lib/api-client';

/** GET /feedback: the organization's own feedback, newest first. */
export async function getFeedback(signal?: AbortSignal): Promise<FeedbackList> {
  return feedbackListSchema.parse(await userApi.get('/feedback', { signal }));
}

export function feedbackQueryOptions() {
  return queryOptions({
    queryKey: feedbackKeys.own(),
    queryFn: ({ signal }) => getFeedback(signal),
  });
}

export function useFeedback() {
  return useQuery(feedbackQueryOptions());
}
