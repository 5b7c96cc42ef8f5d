import fs from 'node:fs';
import path from 'node:path';
import { VERSION } from '@baletrack/contracts/constants';
import { errorCodes } from '@baletrack/contracts/errors/api-error';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { SUPPORTED_SCOPES } from '../features/identity/hosted-ui.service.ts';
import { mailboxEnabled } from '../features/mailbox/mailbox.routes.ts';

/** Paths owned by an API: an unknown path there is a JSON 404, never the web app's page. */
const apiPrefixes = ['/data-api', '/user-api', '/convert-api', '/cognito', '/ingest', '/docs'];

/** What the browser's Sentry SDK needs (docs/product.md#error-reporting). */
function browserReporting(reporting: NonNullable<Config['errorReporting']>, publicUrl: string) {
  return {
    dsn: reporting.dsn,
    environment: reporting.environment,
    release: VERSION,
    tracesSampleRate: reporting.tracesSampleRate,
    replayOnErrorSampleRate: reporting.replayOnErrorSampleRate,
    sendDefaultPii: reporting.sendDefaultPii,
    maskAllText: reporting.maskAllText,
    blockAllMedia: reporting.blockAllMedia,
    traceOrigins: [...new Set([new URL(publicUrl).origin, ...reporting.traceOrigins])],
    monitoredHosts: reporting.monitoredHosts,
  };
}

/**
 * The hosted sign-in for the web app's "Sign in with <provider>" (docs/product.md#hosted-sign-in):
 * offered with an outside provider, where a domain Amplify reaches over https is known.
 */
function hostedSignIn(config: Config, base: string) {
  const domain =
    config.userPool.oauthDomain ??
    (base.startsWith('https://') ? `${new URL(base).host}/cognito` : undefined);
  if (!domain || !config.userPool.federation) return {};
  return {
    oauth: {
      domain,
      scopes: SUPPORTED_SCOPES,
      redirectSignIn: config.userPool.callbackUrls,
      redirectSignOut: config.userPool.signOutUrls,
      providers: [config.userPool.federation.name],
    },
  };
}

/**
 * The built web app (apps/web/dist) with its runtime configuration at /config.json, so one
 * build serves any deployment; unknown non-API paths get index.html for client-side routes.
 */
export async function webApp(app: FastifyInstance): Promise<void> {
  const { config } = app.ctx;
  app.get('/config.json', { schema: { hide: true } }, async (request, reply) => {
    // Read per request: the public URL is known only once the server listens (port 0 in tests).
    const base = app.ctx.config.publicUrl;
    reply.header('cache-control', 'no-store');
    return {
      userPoolId: config.userPool.id,
      userPoolClientId: config.userPool.clientId,
      userPoolEndpoint: `${base}/cognito/`,
      dataApiUrl: `${base}/data-api`,
      userApiUrl: `${base}/user-api`,
      convertApiUrl: `${base}/convert-api`,
      version: VERSION,
      ...(config.map.tileUrl
        ? { mapTileUrl: config.map.tileUrl, mapTileAttribution: config.map.tileAttribution ?? '' }
        : config.map.defaultImagery
          ? {}
          : { mapDefaultImagery: false }),
      ...(mailboxEnabled(app.ctx, request.ip) ? { mailboxUrl: `${base}/mailbox` } : {}),
      ...hostedSignIn(config, base),
      ...(config.errorReporting
        ? { errorReporting: browserReporting(config.errorReporting, base) }
        : {}),
    };
  });

  const built = fs.existsSync(path.join(config.webDist, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      // One route that looks the file up per request: a route per file (the basemap alone is
      // 3,000 tiles, 5,700 files with their compressed twins) cost 1.1 s and 80 MB of heap at
      // every start. A path with no file falls through to the not-found handler below.
      wildcard: true,
      index: false,
      // The build writes `.br` and `.gz` beside each file (apps/web/vite.config.ts): sent as
      // they are when the browser accepts them, so nothing is compressed per request.
      preCompressed: true,
      // Hashed assets never change; everything else must always be fresh: the page, and the
      // service worker (sw.js, workbox-*.js) and manifest.webmanifest, whose next version is how
      // a phone learns of a new build to keep for offline use (apps/web/vite.config.ts).
      setHeaders(reply, filePath) {
        const immutable = filePath.startsWith(path.join(config.webDist, 'assets') + path.sep);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    // The folder itself is no file: the page, as for any client-side route.
    app.get('/', { schema: { hide: true } }, (_request, reply) => reply.sendFile('index.html'));
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = apiPrefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`));
    const wantsPage = request.method === 'GET' && !isApi && !path.extname(pathname);
    if (wantsPage && built) {
      return reply.sendFile('index.html');
    }
    if (wantsPage) {
      return reply
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    return reply.status(404).send({
      code: errorCodes.NOT_FOUND,
      message: `No such endpoint: ${request.method} ${pathname}`,
    });
  });
}
