import { Readable } from 'node:stream';
import { REPORT_CSV_MEDIA_TYPE, reportCsvQuerySchema } from '@baletrack/contracts/reports/report';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reportCsv } from './reports.service.ts';

/** API 1: Bale Reporting (docs/product.md#reports). */
export async function reportsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];

  app.get(
    '/reports/csv',
    {
      schema: {
        summary: "Every visible bale of a saved filter and the top bar's dates, as CSV",
        description:
          'RFC 4180, UTF-8 with a byte-order mark, CRLF line ends; units in the headers ' +
          "(the organization's setting unless `units` is given); streamed in pages. A filter is " +
          'required (400 without one).',
        tags,
        querystring: reportCsvQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const report = await reportCsv(app.ctx, request.principal.orgId, request.query);
      return reply
        .header('content-type', REPORT_CSV_MEDIA_TYPE)
        .header('content-disposition', `attachment; filename="${report.filename}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(report.chunks, { objectMode: false }));
    },
  );
}
