import { describe, expect, it } from 'vitest';
import { KG_PER_LONG_TON, KG_PER_SHORT_TON } from '../units.ts';
import {
  baleValue,
  type GradePrice,
  gradeFloorRfv,
  pricesOn,
  priceUnitOf,
  unitPrice,
} from './hay-value.ts';

const row = (over: Partial<GradePrice>): GradePrice => ({
  grade: 'legume.Good',
  price: 200,
  unit: 'shortTon',
  premiumPerRfvPoint: null,
  effectiveFrom: '2026-01-01',
  ...over,
});

describe('prices', () => {
  it('follow the organization units', () => {
    expect(priceUnitOf('ImperialUS')).toBe('shortTon');
    expect(priceUnitOf('ImperialUK')).toBe('longTon');
    expect(priceUnitOf('MetricSI')).toBe('tonne');
  });

  it('take effect on their day and stay until a later row', () => {
    const prices = [
      row({ price: 200, effectiveFrom: '2026-01-01' }),
      row({ price: 240, effectiveFrom: '2026-06-01' }),
      row({ grade: 'grass.Good', price: 120, effectiveFrom: '2026-03-01' }),
    ];
    expect(pricesOn(prices, '2025-12-31').size).toBe(0);
    expect(pricesOn(prices, '2026-05-31').get('legume.Good')?.price).toBe(200);
    expect(pricesOn(prices, '2026-05-31').get('grass.Good')?.price).toBe(120);
    expect(pricesOn(prices, '2026-06-01').get('legume.Good')?.price).toBe(240);
  });

  it('on the same day, the later row wins', () => {
    const prices = [row({ price: 200 }), row({ price: 210 })];
    expect(pricesOn(prices, '2026-02-01').get('legume.Good')?.price).toBe(210);
  });
});

describe('values', () => {
  it('adds the premium per RFV point above the grade floor (USDA bounds)', () => {
    expect(gradeFloorRfv('legume.Supreme')).toBe(185);
    expect(gradeFloorRfv('legume.Fair')).toBe(130);
    expect(gradeFloorRfv('legume.Utility')).toBeNull();
    expect(gradeFloorRfv('grass.Premium')).toBeNull();
    const price = row({ premiumPerRfvPoint: 0.5 });
    expect(unitPrice({ grade: 'legume.Good', basis: 'rfv', value: 160 }, price)).toBe(205);
    expect(unitPrice({ grade: 'legume.Good', basis: 'rfq', value: 152 }, price)).toBe(201);
    // Graded by CP: no RFV to pay a premium on.
    expect(unitPrice({ grade: 'legume.Good', basis: 'protein', value: 19 }, price)).toBe(200);
  });

  it('prices a bale as weighed in the price unit', () => {
    const grade = { grade: 'legume.Good', basis: 'rfv', value: 150 } as const;
    const prices = pricesOn([row({ price: 200 })], '2026-02-01');
    expect(baleValue(KG_PER_SHORT_TON / 2, grade, prices)).toBeCloseTo(100, 9);
    const perLongTon = pricesOn([row({ price: 200, unit: 'longTon' })], '2026-02-01');
    expect(baleValue(KG_PER_LONG_TON, grade, perLongTon)).toBeCloseTo(200, 9);
    const perTonne = pricesOn([row({ price: 180, unit: 'tonne' })], '2026-02-01');
    expect(baleValue(500, grade, perTonne)).toBeCloseTo(90, 9);
  });

  it('leaves ungraded bales and grades without a price unpriced', () => {
    const prices = pricesOn([row({})], '2026-02-01');
    expect(baleValue(500, null, prices)).toBeNull();
    expect(baleValue(500, { grade: 'grass.Low', basis: 'protein', value: 3 }, prices)).toBeNull();
  });
});
