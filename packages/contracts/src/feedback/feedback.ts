import { z } from 'zod';
import { nameSchema } from '../common/name.ts';
import { messages } from '../errors/messages.ts';
import { emailSchema } from '../identity/register.ts';

export const feedbackTypes = ['bug', 'feature'] as const;
export type FeedbackType = (typeof feedbackTypes)[number];

// Long enough for steps to reproduce, short enough for one support mail.
export const FEEDBACK_DETAILS_MAX_LENGTH = 5000;

/** POST /feedback. */
export const feedbackRequestSchema = z.object({
  type: z.enum(feedbackTypes),
  name: nameSchema,
  email: emailSchema,
  details: z
    .string({ error: messages.feedback.detailsRequired })
    .trim()
    .min(1, messages.feedback.detailsRequired)
    .max(FEEDBACK_DETAILS_MAX_LENGTH),
});
export type FeedbackRequest = z.infer<typeof feedbackRequestSchema>;

/** One element of GET /feedback. */
export const feedbackSchema = feedbackRequestSchema.extend({
  id: z.uuid(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Feedback = z.infer<typeof feedbackSchema>;
