import { errorReportDataCollection, scrubReport } from '@baletrack/contracts/errors/error-report';
import * as Sentry from '@sentry/react';
import type { RuntimeConfig } from '@/config/runtime-config';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The Sentry browser SDK as the operator configured it: traces propagated to the product's
 * origins only; replays only of sessions with an error, text masked and media blocked unless
 * turned off; failed requests (400–599) to the monitored third-party hosts reported as 'HTTP
 * Client Error with status code: {status}'; every event scrubbed of secrets.
 */
export function initSdk(reporting: NonNullable<RuntimeConfig['errorReporting']>): void {
  Sentry.init({
    dsn: reporting.dsn,
    release: reporting.release,
    environment: reporting.environment,
    tracesSampleRate: reporting.tracesSampleRate,
    tracePropagationTargets: reporting.traceOrigins.map(
      (origin) => new RegExp(`^${escapeRegExp(origin)}(/|$)`),
    ),
    replaysSessionSampleRate: 0,
    replaysOnErrorSampleRate: reporting.replayOnErrorSampleRate,
    dataCollection: errorReportDataCollection(reporting.sendDefaultPii),
    integrations: [
      Sentry.browserTracingIntegration(),
      Sentry.replayIntegration({
        maskAllText: reporting.maskAllText,
        blockAllMedia: reporting.blockAllMedia,
      }),
      Sentry.httpClientIntegration({
        failedRequestStatusCodes: [[400, 599]],
        failedRequestTargets: reporting.monitoredHosts.map(
          (origin) => new RegExp(`^${escapeRegExp(origin)}(/|$)`),
        ),
      }),
    ],
    beforeSend: (event) => scrubReport(event),
    beforeSendTransaction: (event) => scrubReport(event),
    beforeBreadcrumb: (breadcrumb) => scrubReport(breadcrumb),
  });
}

export function captureError(error: unknown): void {
  Sentry.captureException(error);
}
