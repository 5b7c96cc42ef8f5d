import { describe, expect, it } from 'vitest';
import { dryMassKg, nfc, rfv } from './nutrition.ts';

describe('dryMassKg', () => {
  it('takes the water out of the weight', () => {
    expect(dryMassKg(500, 14)).toBeCloseTo(430, 9);
    expect(dryMassKg(500, 0)).toBe(500);
    expect(dryMassKg(600, 50)).toBe(300);
  });
});

describe('rfv', () => {
  it('scores full-bloom alfalfa (ADF 41, NDF 53) as the reference 100', () => {
    expect(Math.round(rfv(41, 53))).toBe(100);
  });

  it('matches the check values of docs/product.md#formulas', () => {
    expect(Math.round(rfv(30, 40))).toBe(152);
    expect(Math.round(rfv(32, 50))).toBe(119);
    // The design note we started from rounds this one to 170; the formula gives 171.3
    // (docs/product.md#formulas).
    expect(rfv(29, 36)).toBeCloseTo(171.3, 1);
  });

  it('rises as fibre falls', () => {
    expect(rfv(27, 34)).toBeGreaterThan(rfv(29, 36));
  });

  it('refuses an NDF of zero', () => {
    expect(() => rfv(30, 0)).toThrow(RangeError);
  });
});

describe('nfc', () => {
  it('is what remains after fibre, protein, fat and ash', () => {
    expect(nfc({ ndf: 40, protein: 19, ash: 10 })).toBeCloseTo(28.5, 9);
    expect(nfc({ ndf: 60, protein: 10, ash: 8, fat: 2 })).toBeCloseTo(20, 9);
  });

  it('never goes negative', () => {
    expect(nfc({ ndf: 80, protein: 20, ash: 10 })).toBe(0);
  });
});
