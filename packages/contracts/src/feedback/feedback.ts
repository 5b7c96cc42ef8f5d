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

/** GET /feedback: the organization's own feedback, newest first (at most `FEEDBACK_LIST_LIMIT`). */
export const feedbackListSchema = z.object({ feedback: z.array(feedbackSchema) });
export type FeedbackList = z.infer<typeof feedbackListSchema>;

/** How many feedback entries a list answers with, newest first. */
export const FEEDBACK_LIST_LIMIT = 200;

/** GET /admin/feedback's query: words in the organization's name, the sender or the details. */
export const adminFeedbackQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
});
export type AdminFeedbackQuery = z.infer<typeof adminFeedbackQuerySchema>;

/** One element of GET /admin/feedback (SuperAdmins): everyone's, with its organization. */
export const adminFeedbackSchema = feedbackSchema.extend({
  orgId: z.uuid(),
  organizationName: z.string(),
});
export const adminFeedbackListSchema = z.object({ feedback: z.array(adminFeedbackSchema) });
export type AdminFeedbackList = z.infer<typeof adminFeedbackListSchema>;
