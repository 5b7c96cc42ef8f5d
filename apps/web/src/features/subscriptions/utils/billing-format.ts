import { DEFAULT_LOCALE } from '@baletrack/contracts/constants';

const monthNames = new Intl.DateTimeFormat(DEFAULT_LOCALE, {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * A price in the smallest unit of its currency, as Stripe counts it.
 * @example formatMoney(2500, 'usd') // '$25.00'
 */
export function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat(DEFAULT_LOCALE, {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(cents / 100);
}

/**
 * A subscription month ('YYYY-MM') as a grower reads it.
 * @example monthLabel('2027-03') // 'Mar 2027'
 */
export function monthLabel(month: string): string {
  return monthNames.format(new Date(`${month}-01T00:00:00Z`));
}
