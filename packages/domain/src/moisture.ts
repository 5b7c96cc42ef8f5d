// Baling moisture rules of docs/product.md#moisture: the safe band for each way of making hay, and
// the risk that stored hay heats.
import type { BaleShape } from '@baletrack/contracts/bales/bale';

/** Dry hay, hay treated with buffered propionic acid, or wrapped baleage. */
export type BalingMethod = 'dry' | 'preservative' | 'baleage';

export interface MoistureBand {
  /** Percent moisture, inclusive. */
  min: number;
  max: number;
}

/**
 * The moisture at which a bale keeps: dry large squares 12–16 %, dry rounds 15–18 %, any shape
 * with preservative 16–30 %, wrapped baleage 40–65 %.
 * @example safeBalingBand('LargeSquare', 'dry') // { min: 12, max: 16 }
 */
export function safeBalingBand(shape: BaleShape, method: BalingMethod): MoistureBand {
  if (method === 'preservative') return { min: 16, max: 30 };
  if (method === 'baleage') return { min: 40, max: 65 };
  return shape === 'Round' ? { min: 15, max: 18 } : { min: 12, max: 16 };
}

export type BalingMoisture = 'tooDry' | 'safe' | 'tooWet';

/**
 * Where a bale's moisture lies against its safe band. Too dry loses leaves (and value); too wet
 * moulds or heats.
 * @example balingMoisture(19, 'LargeSquare', 'dry') // 'tooWet'
 * @example balingMoisture(19, 'LargeSquare', 'preservative') // 'safe'
 */
export function balingMoisture(
  moisture: number,
  shape: BaleShape,
  method: BalingMethod,
): BalingMoisture {
  const band = safeBalingBand(shape, method);
  if (moisture < band.min) return 'tooDry';
  if (moisture > band.max) return 'tooWet';
  return 'safe';
}

export type HeatRisk = 'low' | 'heating' | 'fire';

/** Above this untreated stored hay may heat. */
export const HEATING_MOISTURE_PCT = 20;
/** From this untreated hay can pass 60 °C, where fires start. */
export const FIRE_MOISTURE_PCT = 27;
/** Preservative protects hay up to about this moisture. */
export const PRESERVED_MAX_MOISTURE_PCT = 30;
export const FIRE_TEMPERATURE_C = 60;

/**
 * How likely stored dry hay is to heat, from its moisture (use the bale's peak: wet spots heat
 * first) and, when known, its measured temperature. Untreated: up to 20 % low, above 20 %
 * heating, from 27 % fire. Preservative covers hay up to 30 %; wetter than that the untreated
 * rule applies. A measured 60 °C or more is a fire risk whatever the moisture. Wrapped baleage
 * ferments without air and is outside this rule.
 * @example heatRisk(22, { preserved: false }) // 'heating'
 * @example heatRisk(22, { preserved: true }) // 'low'
 * @example heatRisk(15, { preserved: false, temperatureC: 65 }) // 'fire'
 */
export function heatRisk(
  moisture: number,
  options: { preserved: boolean; temperatureC?: number | null },
): HeatRisk {
  if (options.temperatureC != null && options.temperatureC >= FIRE_TEMPERATURE_C) return 'fire';
  if (options.preserved && moisture <= PRESERVED_MAX_MOISTURE_PCT) return 'low';
  if (moisture >= FIRE_MOISTURE_PCT) return 'fire';
  if (moisture > HEATING_MOISTURE_PCT) return 'heating';
  return 'low';
}
