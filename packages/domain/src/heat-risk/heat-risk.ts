// The heat-risk rule of docs/product.md#beyond-the-spec-heat-risk (its sources are listed there).
// Safe limits are the safe baling bands of ../moisture.ts, not restated here.
import { type BaleSize, baleShapeBySize, type TagMaterial } from '@baletrack/contracts/bales/bale';
import type { HeatRiskLevel, HeatRiskWhy } from '@baletrack/contracts/heat-risk/heat-risk';
import { type BalingMethod, safeBalingBand } from '../moisture.ts';

const DAY_MS = 86_400_000;
/** Full weight while heating peaks (3–7 days, Missouri). */
export const PEAK_HEATING_DAYS = 7;
/** No risk counted from six weeks on (Missouri: fires usually come within six weeks). */
export const WATCH_DAYS = 42;
/** Points of moisture over the safe limit, weighted by age, from which the risk is high. */
export const HIGH_RISK_SCORE = 4;

/** What the rule reads of a bale. */
export interface HeatRiskInput {
  avgMoisture: number;
  peakMoisture: number;
  baleSize: BaleSize;
  appliedPreservativeKg: number | null;
  bindingMode: TagMaterial;
  creationTime: Date;
}

export interface BaleHeatRisk {
  level: HeatRiskLevel;
  /** Moisture points over the safe limit × the age weight; 0 when not at risk. */
  score: number;
  why: HeatRiskWhy;
}

/** How the bale was made, as the summaries read it: preservative, film (baleage) or dry. */
export function balingMethod(input: Pick<HeatRiskInput, 'appliedPreservativeKg' | 'bindingMode'>) {
  if ((input.appliedPreservativeKg ?? 0) > 0) return 'preservative' satisfies BalingMethod;
  if (input.bindingMode === 'Film' || input.bindingMode === 'TwineAndFilm') return 'baleage';
  return 'dry' satisfies BalingMethod;
}

/**
 * The weight of a bale's age: 1 for the first week (heating peaks), then falling in a straight
 * line to 0 at six weeks.
 * @example ageWeight(3) // 1
 * @example ageWeight(21) // 0.6
 * @example ageWeight(42) // 0
 */
export function ageWeight(days: number): number {
  if (days <= PEAK_HEATING_DAYS) return 1;
  if (days >= WATCH_DAYS) return 0;
  return (WATCH_DAYS - days) / (WATCH_DAYS - PEAK_HEATING_DAYS);
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * A bale's heat risk at `now`: its average moisture against the top of the safe band for its
 * shape (dry large squares 16 %, dry rounds 18 %, with preservative 30 %), weighted by its age.
 * Wrapped baleage ferments without air and is never at risk here. High from a score of 4 (a dry
 * large square at 20 % in its first week), elevated above 0.
 * @example baleHeatRisk({ avgMoisture: 20, peakMoisture: 23, baleSize: 'ThreeXFour',
 *   appliedPreservativeKg: 0, bindingMode: 'Twine', creationTime }, now) // level 'high', score 4
 */
export function baleHeatRisk(input: HeatRiskInput, now: Date): BaleHeatRisk {
  const shape = baleShapeBySize[input.baleSize];
  const method = balingMethod(input);
  const safeMaxMoisture = safeBalingBand(shape, method).max;
  const days = Math.max(0, Math.floor((now.getTime() - input.creationTime.getTime()) / DAY_MS));
  const excess = Math.max(0, input.avgMoisture - safeMaxMoisture);
  const why: HeatRiskWhy = {
    avgMoisture: input.avgMoisture,
    peakMoisture: input.peakMoisture,
    safeMaxMoisture,
    excessMoisture: round2(excess),
    baleSize: input.baleSize,
    shape,
    preservativeKg: input.appliedPreservativeKg ?? 0,
    daysSinceBaling: days,
  };
  const score = method === 'baleage' ? 0 : round2(excess * ageWeight(days));
  const level = score >= HIGH_RISK_SCORE ? 'high' : score > 0 ? 'elevated' : 'none';
  return { level, score, why };
}

/**
 * A stack is as much at risk as its worst bale: heat from one wet bale spreads to its neighbours.
 * @example stackHeatRisk([{ level: 'elevated', score: 2 }, { level: 'high', score: 5 }])
 *   // { level: 'high', score: 5 }
 */
export function stackHeatRisk(bales: readonly Pick<BaleHeatRisk, 'level' | 'score'>[]): {
  level: HeatRiskLevel;
  score: number;
} {
  let worst: { level: HeatRiskLevel; score: number } = { level: 'none', score: 0 };
  for (const b of bales) {
    if (b.score > worst.score) worst = { level: b.level, score: b.score };
  }
  return worst;
}
