import { describe, expect, it } from 'vitest';
import { creditPriceCents } from './price.ts';

describe('creditPriceCents', () => {
  it('takes a promotion off, rounded to the cent', () => {
    expect(creditPriceCents(2500, 20)).toBe(2000);
    expect(creditPriceCents(999, 15)).toBe(849);
    expect(creditPriceCents(999, 100)).toBe(0);
  });

  it('is the full price without a promotion', () => {
    expect(creditPriceCents(2500)).toBe(2500);
    expect(creditPriceCents(2500, null)).toBe(2500);
  });
});
