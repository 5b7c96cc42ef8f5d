import { describe, expect, it } from 'vitest';
import {
  CREDENTIALS_CACHE_MINUTES,
  DATA_LINK_EXPIRY_DAYS,
  DEFAULT_LOCALE,
  ERROR_REPORTING_DEFAULTS,
  LONG_DATE_FORMAT,
  MAX_REPORT_RECIPIENTS,
  MEASUREMENT_SYSTEMS,
  MONTHS_PER_CREDIT,
  ORGANIZATION_NAME_MIN_LENGTH,
  PASSWORD_MIN_LENGTH,
  PRODUCT_NAME,
  QUERY_RETRIES,
  QUERY_STALE_TIME_MS,
  queryRetryDelay,
  REPORT_FREQUENCIES,
  SHORT_DATE_FORMAT,
  VERSION,
} from './constants.ts';

describe('constants (docs/product.md#constants-and-limits)', () => {
  it('names the product and its version', () => {
    expect(PRODUCT_NAME).toBe('Baletrack');
    expect(VERSION).toBe('3.15.1');
  });

  it('holds the limits', () => {
    expect(MAX_REPORT_RECIPIENTS).toBe(50);
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(ORGANIZATION_NAME_MIN_LENGTH).toBe(3);
    expect(DATA_LINK_EXPIRY_DAYS).toBe(7);
    expect(MONTHS_PER_CREDIT).toBe(1);
    expect(CREDENTIALS_CACHE_MINUTES).toBe(50);
  });

  it('lists report frequencies and measurement systems in the spec order', () => {
    expect(REPORT_FREQUENCIES).toEqual(['none', 'nightly', 'weekly', 'monthly']);
    expect(MEASUREMENT_SYSTEMS).toEqual(['MetricSI', 'ImperialUK', 'ImperialUS']);
  });

  it('keeps error reporting sampling everything, with replay privacy on by default', () => {
    expect(ERROR_REPORTING_DEFAULTS).toEqual({
      tracesSampleRate: 1,
      replaysOnErrorSampleRate: 1,
      sendDefaultPii: true,
      replayMaskAllText: true,
      replayBlockAllMedia: true,
    });
  });
});

describe('query caching and retries (docs/product.md#client-behaviour)', () => {
  it('treats data as fresh for 5 minutes and retries 3 times', () => {
    expect(QUERY_STALE_TIME_MS).toBe(5 * 60 * 1000);
    expect(QUERY_RETRIES).toBe(3);
  });

  it('doubles the retry delay from 1 s and caps it at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(queryRetryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });
});

describe('date formats', () => {
  const moment = new Date('2025-11-04T09:05:03Z');
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(DEFAULT_LOCALE, { ...options, timeZone: 'UTC' }).format(moment);

  it('uses en-US', () => {
    expect(DEFAULT_LOCALE).toBe('en-US');
  });

  it('writes the short date with numeric year, month and day', () => {
    expect(format(SHORT_DATE_FORMAT)).toBe('11/4/2025');
  });

  it('writes the long date with 2-digit parts and a numeric year', () => {
    expect(format(LONG_DATE_FORMAT)).toBe('11/04/2025, 09:05:03 AM');
  });
});
