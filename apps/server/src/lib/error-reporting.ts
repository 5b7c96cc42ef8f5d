import { VERSION } from '@baletrack/contracts/constants';
import { errorReportDataCollection, scrubReport } from '@baletrack/contracts/errors/error-report';
import * as Sentry from '@sentry/node';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

// Unhandled server errors go to Sentry when SENTRY_DSN is set (docs/product.md#error-reporting),
// with the route and nothing of the request that could be a secret: no headers, no body, no
// query. Without a DSN nothing here does anything.

let started = false;

/** Starts the Sentry SDK once per process, if configured. */
export function startErrorReporting(config: Config): void {
  const reporting = config.errorReporting;
  if (!reporting || started) return;
  started = true;
  Sentry.init({
    dsn: reporting.dsn,
    release: VERSION,
    environment: reporting.environment,
    tracesSampleRate: reporting.tracesSampleRate,
    // Trace headers only to our own origins (Stripe, mail or a chat endpoint never get them).
    tracePropagationTargets: [new URL(config.publicUrl).origin, ...reporting.traceOrigins],
    dataCollection: errorReportDataCollection(reporting.sendDefaultPii),
    // The error handler reports what is unexpected (5xx), named by route; the SDK's own Fastify
    // capture would also report errors we answer on purpose.
    integrations: (defaults) => defaults.filter((integration) => integration.name !== 'Fastify'),
    beforeSend: (event) => scrubReport(withoutRequestDetails(event)),
    beforeSendTransaction: (event) => scrubReport(withoutRequestDetails(event)),
    beforeBreadcrumb: (breadcrumb) => scrubReport(breadcrumb),
  });
}

function withoutRequestDetails<T extends Sentry.Event>(event: T): T {
  if (!event.request) return event;
  const { method, url } = event.request;
  return { ...event, request: { method, url: url?.split('?')[0] } };
}

/** Reports an unhandled error of a request, named by its route (e.g. `POST /user-api/feedback`). */
export function reportServerError(request: FastifyRequest, error: unknown): void {
  if (!started) return;
  const route = `${request.method} ${request.routeOptions.url ?? '(no route)'}`;
  Sentry.captureException(error, (scope) =>
    scope
      .setTransactionName(route)
      .setTag('route', route)
      .setContext('route', { method: request.method, path: request.routeOptions.url ?? null }),
  );
}

/** Sends what is queued (at shutdown, or in tests). */
export async function flushErrorReports(timeoutMs = 2000): Promise<boolean> {
  return started ? Sentry.flush(timeoutMs) : true;
}
