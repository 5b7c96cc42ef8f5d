import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Every text response in brotli or gzip when the client asks (Accept-Encoding), nothing when it
 * does not (docs/operations.md#compression). Register it before any route: its hooks apply only
 * to routes added after it. The web app's files come precompressed from the build and are sent
 * as they are (an answer that already has a Content-Encoding is left alone).
 */
export async function compression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    // Brotli first when the client accepts both at the same weight; no deflate (every browser
    // and HTTP client that sends deflate sends gzip too).
    encodings: ['br', 'gzip'],
    // Small answers (most JSON errors, /config.json) cost more to compress than they save.
    threshold: 1024,
  });
  // The plugin marks only the answers it compressed; an uncompressed answer of a compressible
  // type (small, or to a client that did not ask) varies by Accept-Encoding all the same, so a
  // shared cache never hands it to a client that asked for compression, or the other way round.
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (reply.getHeader('content-encoding') === undefined && compressibleType.test(type)) {
      varyOnAcceptEncoding(reply);
    }
    return payload;
  });
}
Object.assign(compression, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: 'compression',
});

/**
 * Route options for a large streamed answer (a report's CSV): brotli at quality 1 instead of the
 * plugin's 4. On 56 MB of a report's CSV: 0.27 s of a core for 12.9 MB, against 2.1 s for 11.6 MB
 * (docs/operations.md#compression).
 */
export const streamedDownloadCompression = {
  brotliOptions: {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
    },
  },
};

const compressibleType = /^(text\/|application\/(json|javascript|xml|.*\+json|.*\+xml))/i;

function varyOnAcceptEncoding(reply: {
  getHeader(name: string): unknown;
  header(name: string, value: string): unknown;
}): void {
  const current = String(reply.getHeader('vary') ?? '');
  const names = current.split(',').map((n) => n.trim().toLowerCase());
  if (names.includes('*') || names.includes('accept-encoding')) return;
  reply.header('vary', current ? `${current}, accept-encoding` : 'accept-encoding');
}
