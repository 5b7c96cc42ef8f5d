import {
  adminFeedbackListSchema,
  adminFeedbackQuerySchema,
  feedbackListSchema,
  feedbackRequestSchema,
  feedbackSchema,
} from '@baletrack/contracts/feedback/feedback';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allFeedback, feedbackOf, sendFeedback } from './feedback.service.ts';

/** Most feedback one user may send in an hour: each one mails the support address. */
export const FEEDBACK_PER_HOUR = 10;

/** API 2: GET and POST /feedback (docs/product.md#user-api); everyone's for SuperAdmins. */
export async function feedbackRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['feedback'];

  app.get(
    '/feedback',
    {
      schema: {
        summary: "The organization's feedback, newest first",
        tags,
        response: { 200: feedbackListSchema },
      },
    },
    async (request) => feedbackOf(app.ctx, request.principal),
  );
  app.post(
    '/feedback',
    {
      config: {
        // Counted per user (the route's hook runs after authentication), so people behind one
        // farm's address do not share a limit.
        rateLimit: {
          max: FEEDBACK_PER_HOUR,
          timeWindow: '1 hour',
          keyGenerator: (request) => request.principal?.userId ?? request.ip,
        },
      },
      schema: {
        summary: 'Send a bug report or feature request (stored and mailed to the support address)',
        tags,
        body: feedbackRequestSchema,
        response: { 201: feedbackSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await sendFeedback(app.ctx, request.principal, request.body)),
  );
  app.get(
    '/admin/feedback',
    {
      schema: {
        summary: "Everyone's feedback, newest first (SuperAdmins)",
        tags: ['admin'],
        querystring: adminFeedbackQuerySchema,
        response: { 200: adminFeedbackListSchema },
      },
    },
    async (request) => allFeedback(app.ctx, request.principal, request.query),
  );
}
