import {
  type Feedback,
  type FeedbackRequest,
  feedbackSchema,
} from '@baletrack/contracts/feedback/feedback';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { feedbackKeys } from '@/features/feedback/api/feedback-keys';
import { userApi } from '@/lib/api-client';

/** POST /feedback: stored, and mailed to the support address. */
export async function sendFeedback(input: FeedbackRequest): Promise<Feedback> {
  return feedbackSchema.parse(await userApi.post('/feedback', { body: input }));
}

export function useSendFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendFeedback,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackKeys.all }),
  });
}
