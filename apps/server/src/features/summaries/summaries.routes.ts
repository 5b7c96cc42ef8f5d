import {
  baleSummaryGroupByQuerySchema,
  baleSummaryGroupByResponseSchema,
  baleSummaryQuerySchema,
  baleSummaryResponseSchema,
} from '@baletrack/contracts/summaries/summary';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { baleSummary, baleSummaryGroupBy } from './summaries.service.ts';

/** API 1: key figures of the caller's visible bales, for the filter and dates shown. */
export async function summariesRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['summaries'];

  app.get(
    '/bales/summary',
    {
      schema: {
        summary: 'Count, weights, averages, grades and wet bales of the selected bales',
        tags,
        querystring: baleSummaryQuerySchema,
        response: { 200: baleSummaryResponseSchema },
      },
    },
    async (request) => baleSummary(app.ctx, request.principal.orgId, request.query),
  );

  app.get(
    '/bales/summary/active',
    {
      schema: {
        summary: 'The same summary over the bales still on hand (not loaded out for retail)',
        tags,
        querystring: baleSummaryQuerySchema,
        response: { 200: baleSummaryResponseSchema },
      },
    },
    async (request) =>
      baleSummary(app.ctx, request.principal.orgId, request.query, { onHand: true }),
  );

  app.get(
    '/bales/summarygroupby',
    {
      schema: {
        summary: 'One summary per field, cutting, crop, baler, day or size',
        tags,
        querystring: baleSummaryGroupByQuerySchema,
        response: { 200: baleSummaryGroupByResponseSchema },
      },
    },
    async (request) => baleSummaryGroupBy(app.ctx, request.principal.orgId, request.query),
  );
}
