import type { Readable } from 'node:stream';
import {
  INGEST_API_KEY_HEADER,
  ingestMessages,
  ingestRequestDocsSchema,
  ingestResponseSchema,
} from '@baletrack/contracts/ingest/ingest';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { findActiveBalerByKeyHash } from '../balers/balers.repository.ts';
import { hashApiKey } from '../balers/balers.service.ts';
import { type IngestingBaler, ingestBales } from './ingest.service.ts';
import { BatchBody, checkedEnvelope, receiveBatchBody } from './ingest-body.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The baler whose key signed an ingest request, read once by the key check. */
    baler: IngestingBaler;
  }
}

// 5,000 records of ~1 KB each, with room to spare; the rest of the server keeps 1 MB.
const INGEST_BODY_LIMIT = 12 * 1024 * 1024;

/** The ingest API: balers (through their connectivity provider) send bales with their key. */
export async function ingestRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.decorateRequest('baler', null as unknown as IngestingBaler);
  // A JSON body is received whole, then parsed record by record while the COPY runs
  // (ingest-body.ts), which also checks its envelope; its schema below documents it.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', (request: FastifyRequest, payload: Readable) =>
    receiveBatchBody(payload, request.headers['content-length'], INGEST_BODY_LIMIT),
  );

  // Before the body is read, so an unauthenticated caller cannot make us parse megabytes.
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const key = request.headers[INGEST_API_KEY_HEADER];
    if (typeof key !== 'string' || key === '') {
      throw new AppError('UNAUTHORIZED', ingestMessages.apiKeyMissing);
    }
    const baler = await findActiveBalerByKeyHash(app.ctx.db, hashApiKey(app.ctx, key));
    if (!baler) throw new AppError('UNAUTHORIZED', ingestMessages.apiKeyUnknown);
    request.baler = baler;
  });

  app.post(
    '/bales',
    {
      bodyLimit: INGEST_BODY_LIMIT,
      // The envelope is checked by BatchBody, or by checkedEnvelope for another content type;
      // each record on its own, control characters included (parseRecord), so one bad record
      // never refuses the batch.
      validatorCompiler: () => (body) => ({ value: body }),
      schema: {
        summary: 'Store a batch of bales from one baler (idempotent on the bale uid)',
        description:
          'Up to 5,000 records of `IngestBale`. Each record is checked on its own: bad ones are ' +
          'listed in `rejected` with their index and reason, the others are stored together. ' +
          'A batch without any valid record is refused with 400 and nothing is stored.',
        tags: ['ingest'],
        security: [{ balerKey: [] }],
        body: ingestRequestDocsSchema,
        response: { 200: ingestResponseSchema },
      },
    },
    async (request) => {
      const body: unknown = request.body;
      const batch = body instanceof BatchBody ? body : checkedEnvelope(body);
      return ingestBales(app.ctx, request.baler, batch);
    },
  );
}
