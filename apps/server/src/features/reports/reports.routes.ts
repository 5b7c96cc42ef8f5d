import { Readable } from 'node:stream';
import {
  REPORT_CSV_MEDIA_TYPE,
  REPORT_PDF_MEDIA_TYPE,
  reportCsvQuerySchema,
  reportPdfQuerySchema,
} from '@baletrack/contracts/reports/report';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { streamedDownloadCompression } from '../../plugins/compression.ts';
import { reportPdfFile } from './report-pdf.service.ts';
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
      compress: streamedDownloadCompression,
    },
    async (request, reply) => {
      const report = await reportCsv(app.ctx, request.principal.orgId, request.query);
      return (
        reply
          .header('content-type', REPORT_CSV_MEDIA_TYPE)
          .header('content-disposition', `attachment; filename="${report.filename}"`)
          .header('cache-control', 'no-store')
          // A megabyte written ahead: the next rows are made while the last are compressed (on
          // another thread), not after.
          .send(Readable.from(report.chunks, { objectMode: false, highWaterMark: 1 << 20 }))
      );
    },
  );

  app.get(
    '/reports/pdf',
    {
      schema: {
        summary: "The printable report of a saved filter and the top bar's dates, as PDF",
        description:
          'Organization, filter and its conditions, dates, units, the summary, the grade ' +
          'distribution with a chart, per-field and per-cutting totals, then the yield per field ' +
          "of the crop year (the top bar's `year`, else that of the report's last day: every " +
          "visible bale of it on the farm's fields, not only the filter's); page numbers. Same " +
          'query as /reports/csv; a filter is required (400 without one).',
        tags,
        querystring: reportPdfQuerySchema,
        produces: [REPORT_PDF_MEDIA_TYPE],
      },
    },
    async (request, reply) => {
      const report = await reportPdfFile(app.ctx, request.principal.orgId, request.query);
      return reply
        .header('content-type', REPORT_PDF_MEDIA_TYPE)
        .header('content-disposition', `attachment; filename="${report.filename}"`)
        .header('cache-control', 'no-store')
        .send(report.document);
    },
  );
}
