// Business constants and limits of docs/product.md#constants-and-limits (and the few numbers
// docs/product.md#navigation-rule, #account and #client-behaviour fix).

export const PRODUCT_NAME = 'Baletrack';
export const VERSION = '3.15.1';

export const MAX_REPORT_RECIPIENTS = 50;
export const PASSWORD_MIN_LENGTH = 8;
// Cognito's own ceiling; also keeps password hashing cheap.
export const PASSWORD_MAX_LENGTH = 256;
export const ORGANIZATION_NAME_MIN_LENGTH = 3;
export const ORGANIZATION_NAME_MAX_LENGTH = 100;
/** Name lengths for filters, fields, cuttings, crops, balers and people. */
export const NAME_MAX_LENGTH = 100;

/** The account-deletion data export link stays valid this long. */
export const DATA_LINK_EXPIRY_DAYS = 7;
/** 1 credit = 1 month for 1 baler. */
export const MONTHS_PER_CREDIT = 1;
/** Guest or identity credentials are refreshed after this long. */
export const CREDENTIALS_CACHE_MINUTES = 50;

/** Data fetches count as fresh for 5 minutes (docs/product.md#client-behaviour). */
export const QUERY_STALE_TIME_MS = 300_000;
export const QUERY_RETRIES = 3;
const QUERY_RETRY_MAX_DELAY_MS = 30_000;

/** Delay before retry number `attempt` (0-based): min(1000·2^attempt, 30000) ms. */
export function queryRetryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, QUERY_RETRY_MAX_DELAY_MS);
}

export const REPORT_FREQUENCIES = ['none', 'nightly', 'weekly', 'monthly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

export const MEASUREMENT_SYSTEMS = ['MetricSI', 'ImperialUK', 'ImperialUS'] as const;
export type MeasurementSystem = (typeof MEASUREMENT_SYSTEMS)[number];

// English is the only locale; the fallback exists so a browser locale never breaks formatting.
export const DEFAULT_LOCALE = 'en-US';
export const FALLBACK_LOCALE = 'en';
export const SUPPORTED_LOCALES = ['en-US'] as const;

/** Short date: numeric year, month and day ('11/4/2025' in en-US). */
export const SHORT_DATE_FORMAT: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
};

/** Long date: 2-digit month, day, hour, minute, second and a numeric year. */
export const LONG_DATE_FORMAT: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
};

/**
 * Query parameter that carries the target route name to the login page
 * (docs/product.md#navigation-rule).
 */
export const LOGIN_REDIRECT_PARAM = 'redirect';

/** Failed requests in this status range to the monitored third-party hosts are reported. */
export const REPORTED_HTTP_STATUS_MIN = 400;
export const REPORTED_HTTP_STATUS_MAX = 599;

/**
 * Error-reporting settings of docs/product.md#error-reporting. Replay masking and media blocking
 * are on by default, unlike the spec: Baletrack chose privacy and lets an operator turn them off.
 */
export const ERROR_REPORTING_DEFAULTS = {
  tracesSampleRate: 1,
  replaysOnErrorSampleRate: 1,
  sendDefaultPii: true,
  replayMaskAllText: true,
  replayBlockAllMedia: true,
} as const;
