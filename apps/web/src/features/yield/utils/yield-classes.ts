import type { MeasurementSystem } from '@baletrack/contracts/constants';
import { niceStep } from '@baletrack/domain/heatmap/measure-classes';
import { unitOf } from '@baletrack/domain/units';
import type { DisplayUnits } from '@/lib/display-units';
import { formatNumber } from '@/lib/format';

/** Classes on the yield map. */
export const YIELD_CLASS_COUNT = 5;

// ColorBrewer's YlGn, light to dark: more dry matter per area reads darker and greener, unlike
// the heatmaps' weight oranges, and the pale end stays clear of the hatched "no hay" fields.
const colors = ['#ffffcc', '#c2e699', '#78c679', '#31a354', '#006837'] as const;

/** A class of the yield map in dry matter per hectare (SI); null: open on that side. */
export interface YieldClass {
  min: number | null;
  max: number | null;
  color: string;
}

// The smallest step in the grower's unit: a tenth of a ton (or tonne) per acre (or hectare).
const LEAST_STEP = 0.1;

/**
 * The yield map's five classes over the fields' dry matter per hectare (fields with hay only),
 * ascending, the first and last open-ended; none without a value. Limits are round numbers of
 * the grower's unit, spread around the fields' middle, so one field or equal fields take the
 * middle class.
 * @example yieldClasses([5_000, 7_000, 9_000], 'MetricSI').map((c) => c.min) // [null, 6000, 7000, 8000, 9000]
 */
export function yieldClasses(
  valuesKgPerHectare: readonly number[],
  system: MeasurementSystem,
): YieldClass[] {
  if (valuesKgPerHectare.length === 0) return [];
  const unit = unitOf('yield', system);
  const shown = valuesKgPerHectare.map((value) => unit.fromSI(value));
  const low = Math.min(...shown);
  const high = Math.max(...shown);
  // Equal steps of a round size, not quantiles: the legend reads like "2–2.5 tons/ac", and a
  // farm's dozen fields would otherwise move every limit whenever one field changes.
  const step = niceStep((high - low) / YIELD_CLASS_COUNT, LEAST_STEP);
  // The middle in steps, without float dust (6.3 / 0.1 is 62.99…), so a value on the step's grid
  // lands in the middle class.
  const middle = Number(((low + high) / 2 / step).toFixed(6));
  const first = Math.max(0, Math.round(middle - YIELD_CLASS_COUNT / 2));
  const limits = Array.from({ length: YIELD_CLASS_COUNT - 1 }, (_, i) =>
    unit.toSI(Number(((first + i + 1) * step).toPrecision(12))),
  );
  return colors.map((color, i) => ({
    min: i === 0 ? null : (limits[i - 1] ?? null),
    max: i === limits.length ? null : (limits[i] ?? null),
    color,
  }));
}

/**
 * The class a value falls in: `min` ≤ value < `max`, so a value on a limit goes up.
 * @example yieldClassOf(yieldClasses([5_000, 7_000, 9_000], 'MetricSI'), 7_000) // 2
 */
export function yieldClassOf(classes: readonly YieldClass[], kgPerHectare: number): number {
  // Limits come back from the grower's unit with float dust: a hair below one is on it.
  const onOrAbove = (max: number | null | undefined) =>
    max !== null && max !== undefined && kgPerHectare >= max * (1 - 1e-9);
  let index = 0;
  while (index < classes.length - 1 && onOrAbove(classes[index]?.max)) {
    index += 1;
  }
  return index;
}

/**
 * Each class as the legend names it in the organization's units: 'under 2.5 tons/ac',
 * '2.5–3 tons/ac', …, '4 tons/ac and over'.
 */
export function yieldClassLabels(classes: readonly YieldClass[], units: DisplayUnits): string[] {
  const show = (kgPerHectare: number) => formatNumber(units.fromSI(kgPerHectare, 'yield'), 2);
  const symbol = units.symbol('yield');
  return classes.map((c) =>
    c.min === null
      ? `under ${show(c.max ?? 0)} ${symbol}`
      : c.max === null
        ? `${show(c.min)} ${symbol} and over`
        : `${show(c.min)}–${show(c.max)} ${symbol}`,
  );
}
