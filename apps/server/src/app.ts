import { VERSION } from '@baletrack/contracts/constants';
import { defaultImagery, imageryOrigin } from '@baletrack/contracts/map/imagery';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context.ts';
import { accountRoutes } from './features/account/account.routes.ts';
import { accountDataRoutes } from './features/account/account-data.routes.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { auditsRoutes } from './features/audits/audits.routes.ts';
import { authorizedEmailsRoutes } from './features/authorized-emails/authorized-emails.routes.ts';
import { automatedReportsRoutes } from './features/automated-reports/automated-reports.routes.ts';
import { balersRoutes } from './features/balers/balers.routes.ts';
import { balesRoutes } from './features/bales/bales.routes.ts';
import { chatRoutes } from './features/chat/chat.routes.ts';
import { convertApi } from './features/convert/convert.routes.ts';
import { cropsRoutes } from './features/crops/crops.routes.ts';
import { cuttingsRoutes } from './features/cuttings/cuttings.routes.ts';
import { feedbackRoutes } from './features/feedback/feedback.routes.ts';
import { fieldsRoutes } from './features/fields/fields.routes.ts';
import { filtersRoutes } from './features/filters/filters.routes.ts';
import { geofencesRoutes } from './features/geofences/geofences.routes.ts';
import { heatRiskRoutes } from './features/heat-risk/heat-risk.routes.ts';
import { heatmapsRoutes } from './features/heatmaps/heatmaps.routes.ts';
import { hostedUiRoutes } from './features/identity/hosted-ui.routes.ts';
import { identityRoutes } from './features/identity/identity.routes.ts';
import { ingestRoutes } from './features/ingest/ingest.routes.ts';
import { inventoryRoutes } from './features/inventory/inventory.routes.ts';
import { loadsRoutes } from './features/loads/loads.routes.ts';
import { mailboxRoutes } from './features/mailbox/mailbox.routes.ts';
import { mapRoutes } from './features/map/map.routes.ts';
import { reportsRoutes } from './features/reports/reports.routes.ts';
import { settingsRoutes } from './features/settings/settings.routes.ts';
import { subscriptionsRoutes } from './features/subscriptions/subscriptions.routes.ts';
import { summariesRoutes } from './features/summaries/summaries.routes.ts';
import { subAccountsRoutes } from './features/users/sub-accounts.routes.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { registerFederatedOwner } from './features/users/users.service.ts';
import { yieldRoutes } from './features/yield/yield.routes.ts';
import { startErrorReporting } from './lib/error-reporting.ts';
import { databaseRateLimitStore } from './lib/rate-limit/database-store.ts';
import { requestValidatorCompiler } from './lib/request-validator.ts';
import { refuseViewerChanges } from './lib/roles.ts';
import { authenticate } from './plugins/authenticate.ts';
import { answerClientError, answerFrameworkError } from './plugins/client-error.ts';
import { compression } from './plugins/compression.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { webApp } from './plugins/web-app.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/**
 * The whole server: identity pool, the spec's three APIs, and the web app, each a plugin under
 * its own base path so it could be deployed on its own host (docs/product.md#the-three-apis).
 */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  // Off without SENTRY_DSN; started before the first request so its errors are reported.
  startErrorReporting(ctx.config);
  const app = Fastify({
    logger: { level: ctx.config.logLevel },
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1_048_576,
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  });
  app.decorate('ctx', ctx);
  app.setValidatorCompiler(requestValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  // Plugins, in order: cross-cutting first, then each API under its base path, the web app last
  // so its catch-all never shadows an API route.
  // Brotli or gzip for every text answer; first, so it covers every route registered below.
  await app.register(compression);
  // Satellite tiles are fetched by the map straight from their provider: the operator's
  // (MAP_TILE_URL), else the public-domain default unless the operator turned it off
  // (MAP_DEFAULT_IMAGERY=false; docs/adr/0014-basemap-and-default-imagery.md).
  const { map } = ctx.config;
  const tileUrl = map.tileUrl ?? (map.defaultImagery ? defaultImagery.tileUrl : undefined);
  const tileOrigins = tileUrl ? [imageryOrigin(tileUrl)] : [];
  const reporting = ctx.config.errorReporting;
  const reportingOrigins = reporting ? [new URL(reporting.dsn).origin] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        // Mantine injects its styles at run time; maps draw tiles and workers from blobs.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', ...tileOrigins],
        // The error-reporting service receives the web app's events straight from the browser.
        'connect-src': ["'self'", ...reportingOrigins, ...tileOrigins],
        'worker-src': ["'self'", 'blob:'],
      },
    },
  });
  // Counters in the database: limits hold across processes and restarts.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(ctx) });
  // The support chat's websocket (features/chat); a question is small.
  await app.register(websocket, { options: { maxPayload: 16_384 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Baletrack APIs', version: VERSION },
      components: {
        securitySchemes: {
          idToken: { type: 'apiKey', in: 'header', name: 'Authorization' },
          // The ingest API's per-baler key.
          balerKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
          // The conversion API's (spec API 3): the user pool's access token as Bearer.
          accessToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
      security: [{ idToken: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  // Public routes (`config: { public: true }`, which the auth plugin skips) are documented as
  // needing no credentials, so the document says what the server enforces.
  app.addHook('onRoute', (route) => {
    const config = route.config as { public?: boolean } | undefined;
    if (config?.public && route.schema) route.schema.security ??= [];
  });

  await app.register(identityRoutes, { prefix: '/cognito' });
  await app.register(hostedUiRoutes, {
    prefix: '/cognito',
    // A new person from an outside provider gets an organization, which is the users feature's.
    registerFederatedOwner: (person) => registerFederatedOwner(app.ctx, person),
  });
  await app.register(
    async (userApi) => {
      await userApi.register(authenticate);
      await userApi.register(refuseViewerChanges);
      await userApi.register(usersRoutes);
      await userApi.register(settingsRoutes);
      await userApi.register(subAccountsRoutes);
      await userApi.register(balersRoutes);
      await userApi.register(authorizedEmailsRoutes);
      await userApi.register(adminRoutes);
      await userApi.register(subscriptionsRoutes);
      await userApi.register(feedbackRoutes);
      await userApi.register(chatRoutes);
      await userApi.register(accountRoutes);
    },
    { prefix: '/user-api' },
  );
  await app.register(
    async (dataApi) => {
      await dataApi.register(authenticate);
      await dataApi.register(refuseViewerChanges);
      await dataApi.register(balesRoutes);
      await dataApi.register(mapRoutes);
      await dataApi.register(geofencesRoutes);
      await dataApi.register(fieldsRoutes);
      await dataApi.register(cropsRoutes);
      await dataApi.register(cuttingsRoutes);
      await dataApi.register(filtersRoutes);
      await dataApi.register(summariesRoutes);
      await dataApi.register(inventoryRoutes);
      await dataApi.register(loadsRoutes);
      await dataApi.register(auditsRoutes);
      await dataApi.register(yieldRoutes);
      await dataApi.register(heatmapsRoutes);
      await dataApi.register(heatRiskRoutes);
      await dataApi.register(reportsRoutes);
      await dataApi.register(automatedReportsRoutes);
      await dataApi.register(accountDataRoutes);
    },
    { prefix: '/data-api' },
  );
  await app.register(convertApi, { prefix: '/convert-api' });
  // Balers authenticate with their own key, not a user's token (ingest.routes.ts).
  await app.register(ingestRoutes, { prefix: '/ingest/v1' });
  await app.register(mailboxRoutes);
  await app.register(webApp);
  return app;
}
