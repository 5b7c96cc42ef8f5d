// The classes a heatmap colours by, in stored SI units. Moisture and RFV classes mean the same
// on every field (the map's legend, docs/product.md#agronomy); bale weight depends mostly on the
// bale size, so its classes span the weights of the field shown, in round numbers of the grower's
// unit, to show how weight varies across that field.
import type { MeasurementSystem } from '@baletrack/contracts/constants';
import type { HeatmapClass, HeatmapMeasure } from '@baletrack/contracts/heatmaps/heatmap';
import { HEATING_MOISTURE_PCT, safeBalingBand } from '../moisture.ts';
import { alfalfaBounds, alfalfaGrades } from '../quality-grade/quality-grade.ts';
import { unitOf } from '../units.ts';

/** Classes per heatmap. */
export const HEATMAP_CLASS_COUNT = 5;

const squares = safeBalingBand('LargeSquare', 'dry');
/** Wetter than this stored hay is likely to heat (the map's darkest moisture class). */
export const HEATING_LIKELY_MOISTURE_PCT = 25;

/** Moisture: below the safe band, safe for squares, damp, may heat, likely to heat. */
export const moistureLimits = [
  squares.min,
  squares.max,
  HEATING_MOISTURE_PCT,
  HEATING_LIKELY_MOISTURE_PCT,
] as const;

/** RFV: the USDA alfalfa grades, worst first (Utility < 130 … Supreme ≥ 185). */
export const rfvLimits = [...alfalfaBounds.rfv.bounds].reverse();
const rfvNames = [...alfalfaGrades].reverse();

// Round steps in the unit shown; 1, 2, 2.5 and 5 times a power of ten.
const NICE = [1, 2, 2.5, 5];

/**
 * The round step (1, 2, 2.5 or 5 times a power of ten) at or above `raw`, and at least `least`:
 * class limits a legend can write plainly.
 * @example niceStep(0.37, 0.1) // 0.5
 */
export function niceStep(raw: number, least: number): number {
  const target = Math.max(raw, least);
  const power = 10 ** Math.floor(Math.log10(target));
  // A hair of float dust (0.30000000000000004) must not take the next step up.
  const factor = NICE.find((f) => f * power >= target - 1e-9) ?? 10;
  return factor * power;
}

/**
 * Weight limits over the field's weights: equal steps of a round size in the grower's unit
 * (at least 10 kg or 25 lb), starting at a multiple of the step, returned in kg.
 * @example weightLimits([480, 520, 610], 'MetricSI') // [500, 550, 600, 650]
 */
export function weightLimits(weightsKg: readonly number[], system: MeasurementSystem): number[] {
  const unit = unitOf('weight', system);
  let low = Infinity;
  let high = -Infinity;
  for (const kg of weightsKg) {
    low = Math.min(low, unit.fromSI(kg));
    high = Math.max(high, unit.fromSI(kg));
  }
  if (low === Infinity) return [300, 450, 600, 750];
  const step = niceStep((high - low) / HEATMAP_CLASS_COUNT, unit.symbol === 'kg' ? 10 : 25);
  const first = Math.floor(low / step) * step;
  return Array.from({ length: HEATMAP_CLASS_COUNT - 1 }, (_, i) =>
    unit.toSI(first + step * (i + 1)),
  );
}

function classesFrom(limits: readonly number[], names?: readonly string[]): HeatmapClass[] {
  return Array.from({ length: limits.length + 1 }, (_, i) => ({
    min: i === 0 ? null : (limits[i - 1] as number),
    max: i === limits.length ? null : (limits[i] as number),
    name: names?.[i] ?? null,
  }));
}

/**
 * The legend of a heatmap: ascending classes in SI units. `values` (the field's, kg) only
 * matter for Weight.
 * @example heatmapClasses('RFV', [], 'MetricSI')[4] // { min: 185, max: null, name: 'Supreme' }
 */
export function heatmapClasses(
  measure: HeatmapMeasure,
  values: readonly number[],
  system: MeasurementSystem,
): HeatmapClass[] {
  if (measure === 'AvgMoisture') return classesFrom(moistureLimits);
  if (measure === 'RFV') return classesFrom(rfvLimits, rfvNames);
  return classesFrom(weightLimits(values, system));
}

/**
 * The class a value falls in: `min` ≤ value < `max` (a value on a limit goes up, as MapLibre's
 * `step` colours it).
 * @example classIndexOf(heatmapClasses('AvgMoisture', [], 'MetricSI'), 16) // 2
 */
export function classIndexOf(classes: readonly HeatmapClass[], value: number): number {
  let index = 0;
  while (index < classes.length - 1 && value >= (classes[index]?.max ?? Infinity)) index += 1;
  return index;
}
