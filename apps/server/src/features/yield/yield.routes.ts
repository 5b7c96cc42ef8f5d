import { REPORT_CSV_MEDIA_TYPE } from '@baletrack/contracts/reports/report';
import { fieldYieldQuerySchema, fieldYieldResponseSchema } from '@baletrack/contracts/yield/yield';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fieldYield, fieldYieldCsvFile } from './yield.service.ts';

/** Yield per field (docs/product.md#beyond-the-spec-yield-per-field): every user reads it. */
export async function yieldRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/yield',
    {
      schema: {
        summary: "A crop year's hay per field and cutting, per hectare, against the year before",
        tags: ['yield'],
        querystring: fieldYieldQuerySchema,
        response: { 200: fieldYieldResponseSchema },
      },
    },
    async (request) => fieldYield(app.ctx, request.principal.orgId, request.query.year),
  );

  app.get(
    '/yield/csv',
    {
      schema: {
        summary: 'The same as CSV: a row per field and crop year, then per cutting',
        description:
          "RFC 4180, UTF-8 with a byte-order mark, CRLF line ends; the organization's units in " +
          'the headers.',
        tags: ['yield'],
        querystring: fieldYieldQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const file = await fieldYieldCsvFile(app.ctx, request.principal.orgId, request.query.year);
      return reply
        .header('content-type', REPORT_CSV_MEDIA_TYPE)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
}
