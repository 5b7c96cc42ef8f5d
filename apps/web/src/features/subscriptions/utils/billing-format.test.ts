import { describe, expect, it } from 'vitest';
import { formatMoney, monthLabel } from './billing-format.ts';

describe('billing formats', () => {
  it('writes prices in their currency from the smallest unit', () => {
    expect(formatMoney(2500, 'usd')).toBe('$25.00');
    expect(formatMoney(123456, 'eur')).toBe('€1,234.56');
  });

  it('names a month as a grower reads it, whatever the time zone', () => {
    expect(monthLabel('2027-03')).toBe('Mar 2027');
    expect(monthLabel('2027-12')).toBe('Dec 2027');
  });
});
