import { VERSION } from '@baletrack/contracts/constants';
import {
  CONVERT_REPORT_HEADER,
  convertHealthSchema,
  convertReportHeaderValue,
  supportedFileFormats,
  supportedFormatsResponseSchema,
} from '@baletrack/contracts/convert/formats';
import multipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate } from '../../plugins/authenticate.ts';
import { checkRequest } from './convert.service.ts';
import { ConvertError } from './convert-error.ts';
import { ConvertPool } from './convert-pool.ts';
import { multipartRefusal, readUpload } from './upload.ts';

/** attachment; filename="…" (ASCII) and filename* (UTF-8, RFC 6266) for other names. */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * Spec API 3, the file conversion API, under its own base path (`/convert-api`), authenticated
 * with the user pool's access token as `Bearer` (health is public, for load balancers). Its
 * errors have the shared body; ConvertError adds the 413 and 422 the shared AppError lacks.
 * Files are read in worker processes (convert-pool.ts), never on the event loop that serves
 * requests.
 */
export async function convertApi(instance: FastifyInstance): Promise<void> {
  const limits = instance.ctx.config.convert;
  const pool = new ConvertPool(limits);
  instance.addHook('onClose', () => pool.close());
  await instance.register(authenticate, { token: 'access' });
  await instance.register(multipart, {
    limits: { fileSize: limits.maxUploadBytes, files: 1, fields: 10 },
  });
  instance.setErrorHandler((error: FastifyError, _request, reply) => {
    const refusal = error instanceof ConvertError ? error : multipartRefusal(error, limits);
    // Anything else is the shared handler's (validation, auth, unexpected errors).
    if (!refusal) throw error;
    return reply
      .status(refusal.statusCode)
      .headers(refusal.headers)
      .send({ code: refusal.code, message: refusal.message, issues: refusal.issues });
  });

  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['convert'];
  const auth = 'Authorization: Bearer <access token>.';

  app.get(
    '/api/health',
    {
      config: { public: true },
      schema: {
        summary: 'Whether the conversion API is up',
        tags,
        security: [],
        response: { 200: convertHealthSchema },
      },
    },
    async () => ({ status: 'ok' as const, version: VERSION }),
  );

  for (const direction of ['import', 'export'] as const) {
    app.get(
      `/api/supported-${direction}-formats`,
      {
        schema: {
          summary: `Formats the API can ${direction}`,
          description: auth,
          tags,
          security: [{ accessToken: [] }],
          response: { 200: supportedFormatsResponseSchema },
        },
      },
      async () => ({ formats: [...supportedFileFormats] }),
    );
  }

  app.post(
    '/api/convert-file',
    {
      schema: {
        summary: 'Convert a field boundary file to another format',
        description:
          `${auth} Multipart form: file, targetFormat, optional sourceFormat (detected when ` +
          'omitted). Answers the converted file; the X-Convert-Report header (and, for GEOJSON, ' +
          'the body) lists refused features (packages/contracts/src/convert/formats.ts).',
        tags,
        security: [{ accessToken: [] }],
        consumes: ['multipart/form-data'],
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request, limits);
      checkRequest(upload);
      const converted = await pool.convert(upload);
      return reply
        .header('content-type', converted.mediaType)
        .header('content-disposition', contentDisposition(converted.filename))
        .header(CONVERT_REPORT_HEADER, convertReportHeaderValue(converted.report))
        .header('cache-control', 'no-store')
        .send(Buffer.from(converted.body));
    },
  );
}
