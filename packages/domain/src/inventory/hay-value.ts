// What hay on hand is worth (docs/product.md#beyond-the-spec-quality-and-value): the owner's
// price per grade and ton, kept with the day it takes effect, optionally plus a premium per RFV
// point above the grade's lower RFV bound. Hay is priced as weighed (as fed), like the USDA
// market reports' prices per ton.
import type { MeasurementSystem } from '@baletrack/contracts/constants';
import type { HayGrade } from '@baletrack/contracts/inventory/hay-grade';
import { type PriceUnit, priceUnits } from '@baletrack/contracts/inventory/inventory';
import type { GradeResult } from '../quality-grade/hay-grade.ts';
import { alfalfaBounds } from '../quality-grade/quality-grade.ts';
import { KG_PER_LONG_TON, KG_PER_SHORT_TON } from '../units.ts';

export { type PriceUnit, priceUnits };

export const KG_PER_PRICE_UNIT: Record<PriceUnit, number> = {
  shortTon: KG_PER_SHORT_TON,
  longTon: KG_PER_LONG_TON,
  tonne: 1000,
};

/**
 * The ton prices are set per, following the organization's units.
 * @example priceUnitOf('ImperialUS') // 'shortTon'
 */
export function priceUnitOf(system: MeasurementSystem): PriceUnit {
  return system === 'ImperialUS' ? 'shortTon' : system === 'ImperialUK' ? 'longTon' : 'tonne';
}

/** One price row: from `effectiveFrom` on (a 'YYYY-MM-DD' day, inclusive) until a later row. */
export interface GradePrice {
  grade: HayGrade;
  price: number;
  unit: PriceUnit;
  /** Added per RFV (or RFQ) point above the grade's lower bound; null when none. */
  premiumPerRfvPoint: number | null;
  effectiveFrom: string;
}

/**
 * The price of each grade in effect on a day: the row with the latest `effectiveFrom` not after
 * it; of rows on the same day, the last in `prices` (callers pass them oldest first).
 * @example pricesOn([{ grade: 'grass.Good', effectiveFrom: '2026-01-01', … }], '2025-12-31') // empty
 */
export function pricesOn(prices: readonly GradePrice[], day: string): Map<HayGrade, GradePrice> {
  const inEffect = new Map<HayGrade, GradePrice>();
  for (const row of prices) {
    if (row.effectiveFrom > day) continue;
    const held = inEffect.get(row.grade);
    if (!held || row.effectiveFrom >= held.effectiveFrom) inEffect.set(row.grade, row);
  }
  return inEffect;
}

/**
 * The RFV bound a legume grade starts at (Supreme 185, Premium 170, Good 150, Fair 130); null for
 * Utility and grass grades, which earn no RFV premium.
 * @example gradeFloorRfv('legume.Good') // 150
 */
export function gradeFloorRfv(grade: HayGrade): number | null {
  const index = ['legume.Supreme', 'legume.Premium', 'legume.Good', 'legume.Fair'].indexOf(grade);
  return index < 0 ? null : (alfalfaBounds.rfv.bounds[index] ?? null);
}

/**
 * Price per unit of one bale's hay: its grade's price plus the premium for each RFV (or RFQ)
 * point above the grade's lower bound, when the grade was decided by RFV or RFQ.
 * @example unitPrice({ grade: 'legume.Good', basis: 'rfv', value: 160 }, { price: 200, premiumPerRfvPoint: 0.5, … }) // 205
 */
export function unitPrice(grade: GradeResult, price: GradePrice): number {
  const floor = gradeFloorRfv(grade.grade);
  const byRfv = grade.basis === 'rfv' || grade.basis === 'rfq';
  if (!price.premiumPerRfvPoint || floor === null || !byRfv) return price.price;
  return price.price + price.premiumPerRfvPoint * Math.max(0, grade.value - floor);
}

/**
 * A bale's value: its weight as weighed in the price's unit times its unit price. Null when the
 * bale has no grade or its grade no price (it counts as unpriced).
 * @example baleValue(907.18474, { grade: 'grass.Good', basis: 'protein', value: 10 }, prices) // 150 at $150 a short ton
 */
export function baleValue(
  weightKg: number,
  grade: GradeResult | null,
  prices: ReadonlyMap<HayGrade, GradePrice>,
): number | null {
  if (!grade) return null;
  const price = prices.get(grade.grade);
  if (!price) return null;
  return (weightKg / KG_PER_PRICE_UNIT[price.unit]) * unitPrice(grade, price);
}
