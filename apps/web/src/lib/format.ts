import { DEFAULT_LOCALE, LONG_DATE_FORMAT } from '@baletrack/contracts/constants';

// English is the only locale (docs/product.md#client-behaviour); formatters are built once, not per
// cell.
const longDate = new Intl.DateTimeFormat(DEFAULT_LOCALE, LONG_DATE_FORMAT);
const shortDate = new Intl.DateTimeFormat(DEFAULT_LOCALE, {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  timeZone: 'UTC',
});
// The same short date of a moment, on the reader's calendar (the day a bale was made).
const shortLocalDate = new Intl.DateTimeFormat(DEFAULT_LOCALE, {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});
const numberFormats = new Map<number, Intl.NumberFormat>();

/** '1,234.5' with at most `digits` decimals. */
export function formatNumber(value: number, digits = 0): string {
  let format = numberFormats.get(digits);
  if (!format) {
    format = new Intl.NumberFormat(DEFAULT_LOCALE, { maximumFractionDigits: digits });
    numberFormats.set(digits, format);
  }
  return format.format(value);
}

/** '14.2 %' (moisture and nutrition values are percentages on a dry-matter basis). */
export function formatPercent(value: number, digits = 1): string {
  return `${formatNumber(value, digits)} %`;
}

/**
 * The spec's long date (docs/product.md#client-behaviour): '06/14/2025, 02:31:05 PM' in the
 * reader's time zone.
 */
export function formatLongDate(iso: string): string {
  return longDate.format(new Date(iso));
}

/**
 * The spec's short date (docs/product.md#client-behaviour) of a calendar day ('2025-06-01' →
 * '6/1/2025').
 */
export function formatShortDay(day: string): string {
  return shortDate.format(new Date(`${day}T00:00:00Z`));
}

/** The short date of a moment in the reader's time zone ('2025-06-14T22:31:05Z' → '6/14/2025'). */
export function formatShortDate(iso: string): string {
  return shortLocalDate.format(new Date(iso));
}

/** '1 bale' / '1,234 bales'. */
export function formatCount(count: number, one: string, many: string): string {
  return `${formatNumber(count)} ${count === 1 ? one : many}`;
}
