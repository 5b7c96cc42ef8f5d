import { describe, expect, it } from 'vitest';
import { ledgerCredits } from './ledger.ts';

describe('ledgerCredits', () => {
  it('adds purchases, grants and refunds and spends applies and renewals', () => {
    expect(ledgerCredits('purchase', 12)).toBe(12);
    expect(ledgerCredits('grant', 3)).toBe(3);
    expect(ledgerCredits('refund')).toBe(1);
    expect(ledgerCredits('apply')).toBe(-1);
    expect(ledgerCredits('renewal')).toBe(-1);
  });

  it('refuses a count that is not a positive whole number', () => {
    for (const count of [0, -1, 1.5]) {
      expect(() => ledgerCredits('purchase', count)).toThrow(RangeError);
    }
  });
});
