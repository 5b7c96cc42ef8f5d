import {
  DATA_EXPORT_MEDIA_TYPE,
  dataExportSchema,
  dataExportTokenParamsSchema,
  latestDataExportResponseSchema,
} from '@baletrack/contracts/account/data-export';
import { dataGovernanceSchema } from '@baletrack/contracts/account/data-governance';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { downloadDataExport, latestDataExport, requestDataExport } from './data-export.service.ts';
import { dataGovernance } from './data-governance.service.ts';

/** API 1: the organization's data — what is kept, and all of it as a ZIP (docs/product.md#account). */
export async function accountDataRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];

  app.get(
    '/reports/data-governance',
    {
      schema: {
        summary: 'What is stored about the organization: how much, where, how long, who sees it',
        description: 'Account owner (or a SuperAdmin acting for the organization) only.',
        tags,
        response: { 200: dataGovernanceSchema },
      },
    },
    async (request) => dataGovernance(app.ctx, request.principal),
  );

  app.post(
    '/reports/email-user-data',
    {
      config: { notForManagers: true, rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: {
        summary: "Export all the organization's data as a ZIP, mailed as a 7-day link",
        description:
          'Queues the export for the background builder (or answers the one under way) with 202; ' +
          'follow it with GET. When ready, the caller is mailed a link that works without ' +
          'signing in for 7 days. Account owner (or a SuperAdmin acting) only.',
        tags,
        response: { 202: dataExportSchema },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await requestDataExport(app.ctx, request.principal)),
  );

  app.get(
    '/reports/email-user-data',
    {
      schema: {
        summary: "The organization's latest data export and its progress",
        tags,
        response: { 200: latestDataExportResponseSchema },
      },
    },
    async (request) => ({ export: await latestDataExport(app.ctx, request.principal) }),
  );

  // Public: the mailed link works without signing in, for that one file, until it expires (and
  // after the organization is deleted). Throttled against token guessing.
  app.get(
    '/public/data-exports/:token',
    {
      config: { public: true, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        summary: "The mailed link: a data export's ZIP (404 once expired)",
        tags,
        params: dataExportTokenParamsSchema,
        produces: [DATA_EXPORT_MEDIA_TYPE],
      },
    },
    async (request, reply) => {
      const file = await downloadDataExport(app.ctx, request.params.token);
      return reply
        .header('content-type', DATA_EXPORT_MEDIA_TYPE)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .send(file.content);
    },
  );
}
