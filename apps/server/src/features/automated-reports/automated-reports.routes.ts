import {
  automatedReportSchema,
  automatedReportsResponseSchema,
  createAutomatedReportRequestSchema,
  updateAutomatedReportRequestSchema,
} from '@baletrack/contracts/automated-reports/automated-report';
import { idParamsSchema } from '@baletrack/contracts/common/id-params';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  automatedReports,
  changeAutomatedReport,
  createAutomatedReport,
  removeAutomatedReport,
} from './automated-reports.service.ts';

/** API 1: automated reports, the account owner's (docs/product.md#automated-reports). */
export async function automatedReportsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['automated reports'];

  app.get(
    '/autoreport/settings',
    {
      schema: {
        summary: "The organization's automated reports, with the next sending time and last run",
        tags,
        response: { 200: automatedReportsResponseSchema },
      },
    },
    async (request) => automatedReports(app.ctx, request.principal),
  );

  app.post(
    '/autoreport/settings',
    {
      schema: {
        summary: 'Set up an automated report (sent at 06:00 in its timezone)',
        tags,
        body: createAutomatedReportRequestSchema,
        response: { 201: automatedReportSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createAutomatedReport(app.ctx, request.principal, request.body)),
  );

  app.put(
    '/autoreport/settings',
    {
      schema: {
        summary: "Replace an automated report's settings (the id in the body)",
        tags,
        body: updateAutomatedReportRequestSchema,
        response: { 200: automatedReportSchema },
      },
    },
    async (request) => changeAutomatedReport(app.ctx, request.principal, request.body),
  );

  app.delete(
    '/autoreport/settings/:id',
    {
      schema: {
        summary: 'Delete an automated report; nothing more is sent',
        tags,
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      await removeAutomatedReport(app.ctx, request.principal, request.params.id);
      return reply.status(204).send();
    },
  );
}
