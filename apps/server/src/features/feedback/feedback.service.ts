import { randomUUID } from 'node:crypto';
import { PRODUCT_NAME } from '@baletrack/contracts/constants';
import { messages } from '@baletrack/contracts/errors/messages';
import {
  type AdminFeedbackList,
  type AdminFeedbackQuery,
  FEEDBACK_LIST_LIMIT,
  type Feedback,
  type FeedbackList,
  type FeedbackRequest,
} from '@baletrack/contracts/feedback/feedback';
import { isAdmin } from '@baletrack/contracts/identity/user';
import type { AppContext, Principal } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  insertFeedback,
  listAllFeedback,
  listFeedback,
  organizationName,
} from './feedback.repository.ts';

// docs/product.md#feedback-help-and-support: feedback is stored for the organization acted on and
// mailed to the support address.

const SUBJECT_DETAILS_LENGTH = 60;

function subjectOf(feedback: FeedbackRequest): string {
  const firstLine = feedback.details.split('\n')[0]?.trim() ?? '';
  const short =
    firstLine.length > SUBJECT_DETAILS_LENGTH
      ? `${firstLine.slice(0, SUBJECT_DETAILS_LENGTH)}…`
      : firstLine;
  return `${PRODUCT_NAME} feedback (${feedback.type === 'bug' ? 'bug' : 'feature request'}): ${short}`;
}

function toFeedback(row: Awaited<ReturnType<typeof listFeedback>>[number]): Feedback {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** Stores the feedback, then queues its mail to SUPPORT_EMAIL. */
export async function sendFeedback(
  ctx: AppContext,
  principal: Principal,
  feedback: FeedbackRequest,
): Promise<Feedback> {
  const row = await insertFeedback(ctx.db, {
    ...feedback,
    orgId: principal.orgId,
    id: randomUUID(),
    userId: principal.userId,
    createdAt: ctx.now(),
  });
  const organization = (await organizationName(ctx.db, principal.orgId)) ?? principal.orgId;
  await ctx.mailer.send({
    to: ctx.config.mail.supportEmail,
    subject: subjectOf(feedback),
    text: [
      `Type: ${feedback.type}`,
      `From: ${feedback.name} <${feedback.email}>`,
      `Organization: ${organization} (${principal.orgId})`,
      `Signed in as: ${principal.email}`,
      `Sent: ${row.createdAt.toISOString()}`,
      '',
      feedback.details,
    ].join('\n'),
  });
  return toFeedback(row);
}

export async function feedbackOf(ctx: AppContext, principal: Principal): Promise<FeedbackList> {
  const rows = await listFeedback(ctx.db, principal.orgId, FEEDBACK_LIST_LIMIT);
  return { feedback: rows.map(toFeedback) };
}

/** Everyone's feedback, for SuperAdmins only. */
export async function allFeedback(
  ctx: AppContext,
  principal: Principal,
  query: AdminFeedbackQuery,
): Promise<AdminFeedbackList> {
  if (!isAdmin(principal.groups)) throw new AppError('FORBIDDEN', messages.roles.adminOnly);
  const rows = await listAllFeedback(ctx.db, query.search ?? '', FEEDBACK_LIST_LIMIT);
  return { feedback: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
}
