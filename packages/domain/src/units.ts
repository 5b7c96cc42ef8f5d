// The one place measurements are converted for display (store SI, convert in one module:
// docs/adr/0009-units-si-converted-in-one-module.md). Units per measurement system follow
// docs/product.md#settings-and-units.
import type { MeasurementSystem } from '@baletrack/contracts/constants';

/**
 * What is being measured; each is stored in one SI unit:
 * weight kg (a bale), tonnage kg (totals shown in tonnes), length m (distances), dimension m
 * (bale length and diameter, feet and inches in imperial), cutLength mm, area ha, yield kg/ha
 * (a field's hay per area, shown in tonnes per hectare or tons per acre), nutrientRate kg/ha
 * (a nutrient taken off or applied, kg/ha or lb/ac), nutrientPerTon kg per tonne of dry matter
 * (a crop's nutrient removal coefficient, lb per ton in imperial), temperature °C.
 */
export type Quantity =
  | 'weight'
  | 'tonnage'
  | 'length'
  | 'dimension'
  | 'cutLength'
  | 'area'
  | 'yield'
  | 'nutrientRate'
  | 'nutrientPerTon'
  | 'temperature';

export interface Unit {
  symbol: string;
  /** From the stored SI value to this unit. */
  fromSI(value: number): number;
  /** From this unit back to the stored SI value. */
  toSI(value: number): number;
  /** Fraction digits shown by default. */
  digits: number;
}

// Exact definitions: international pound, foot and inch (1959), acre from the foot.
export const KG_PER_LB = 0.45359237;
export const KG_PER_LONG_TON = 2240 * KG_PER_LB;
export const KG_PER_SHORT_TON = 2000 * KG_PER_LB;
export const M_PER_FT = 0.3048;
export const MM_PER_IN = 25.4;
export const HA_PER_AC = (43_560 * M_PER_FT * M_PER_FT) / 10_000;

function scaled(symbol: string, siPerUnit: number, digits: number): Unit {
  return { symbol, fromSI: (v) => v / siPerUnit, toSI: (v) => v * siPerUnit, digits };
}

const kg = scaled('kg', 1, 0);
const lb = scaled('lb', KG_PER_LB, 0);
const metre = scaled('m', 1, 2);
const foot = scaled('ft', M_PER_FT, 1);
const inch = scaled('in', MM_PER_IN, 1);
const celsius = scaled('°C', 1, 1);
const fahrenheit: Unit = {
  symbol: '°F',
  fromSI: (c) => (c * 9) / 5 + 32,
  toSI: (f) => ((f - 32) * 5) / 9,
  digits: 1,
};

/**
 * The unit each measurement system shows each quantity in. Imperial US totals are short tons,
 * written 'tons' as US growers say; Imperial UK totals are long tons.
 */
export const unitsBySystem: Record<MeasurementSystem, Record<Quantity, Unit>> = {
  MetricSI: {
    weight: kg,
    tonnage: scaled('t', 1000, 2),
    length: metre,
    dimension: metre,
    cutLength: scaled('mm', 1, 0),
    area: scaled('ha', 1, 1),
    yield: scaled('t/ha', 1000, 2),
    nutrientRate: scaled('kg/ha', 1, 0),
    nutrientPerTon: scaled('kg/t DM', 1, 1),
    temperature: celsius,
  },
  ImperialUK: {
    weight: lb,
    tonnage: scaled('long tons', KG_PER_LONG_TON, 2),
    length: foot,
    dimension: foot,
    cutLength: inch,
    area: scaled('ac', HA_PER_AC, 1),
    yield: scaled('long tons/ac', KG_PER_LONG_TON / HA_PER_AC, 2),
    nutrientRate: scaled('lb/ac', KG_PER_LB / HA_PER_AC, 0),
    nutrientPerTon: scaled('lb/long ton DM', (1000 * KG_PER_LB) / KG_PER_LONG_TON, 1),
    temperature: celsius,
  },
  ImperialUS: {
    weight: lb,
    tonnage: scaled('tons', KG_PER_SHORT_TON, 2),
    length: foot,
    dimension: foot,
    cutLength: inch,
    area: scaled('ac', HA_PER_AC, 1),
    yield: scaled('tons/ac', KG_PER_SHORT_TON / HA_PER_AC, 2),
    nutrientRate: scaled('lb/ac', KG_PER_LB / HA_PER_AC, 0),
    nutrientPerTon: scaled('lb/ton DM', (1000 * KG_PER_LB) / KG_PER_SHORT_TON, 1),
    temperature: fahrenheit,
  },
};

/**
 * The unit a quantity is shown in.
 * @example unitOf('weight', 'ImperialUS').symbol // 'lb'
 */
export function unitOf(quantity: Quantity, system: MeasurementSystem): Unit {
  return unitsBySystem[system][quantity];
}

/**
 * A stored SI value in the system's unit.
 * @example toDisplayValue(500, 'weight', 'ImperialUS') // 1102.31…
 */
export function toDisplayValue(value: number, quantity: Quantity, system: MeasurementSystem) {
  return unitOf(quantity, system).fromSI(value);
}

/**
 * A value typed in the system's unit (a filter's min or max) back to SI for storage and queries.
 * @example fromDisplayValue(100, 'temperature', 'ImperialUS') // 37.77…
 */
export function fromDisplayValue(value: number, quantity: Quantity, system: MeasurementSystem) {
  return unitOf(quantity, system).toSI(value);
}

const numberFormats = new Map<number, Intl.NumberFormat>();

/**
 * A number as the product writes it: thousands separated, at most `digits` decimals.
 * @example formatNumber(1438.472, 2) // '1,438.47'
 */
export function formatNumber(value: number, digits: number): string {
  let format = numberFormats.get(digits);
  if (!format) {
    // English is the only locale (docs/product.md#client-behaviour).
    format = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: 0,
      maximumFractionDigits: digits,
    });
    numberFormats.set(digits, format);
  }
  return format.format(value);
}

/**
 * A stored SI value as text in the system's unit; every display of a measure goes through this.
 * Imperial bale dimensions read as feet and inches, the way growers say them.
 * @example formatMeasure(500, 'weight', 'ImperialUS') // '1,102 lb'
 * @example formatMeasure(2.4, 'dimension', 'ImperialUK') // '7 ft 10 in'
 * @example formatMeasure(20, 'temperature', 'ImperialUS', { digits: 0 }) // '68 °F'
 */
export function formatMeasure(
  value: number,
  quantity: Quantity,
  system: MeasurementSystem,
  options: { digits?: number } = {},
): string {
  const unit = unitOf(quantity, system);
  if (quantity === 'dimension' && unit.symbol === 'ft') return formatFeetAndInches(value);
  return `${formatNumber(unit.fromSI(value), options.digits ?? unit.digits)} ${unit.symbol}`;
}

/**
 * Metres as whole feet and inches, rounded to the nearest inch.
 * @example formatFeetAndInches(1.5) // '4 ft 11 in'
 * @example formatFeetAndInches(0.9144) // '3 ft'
 */
export function formatFeetAndInches(metres: number): string {
  const totalInches = Math.round((Math.abs(metres) * 1000) / MM_PER_IN);
  const sign = metres < 0 && totalInches > 0 ? '−' : '';
  const feet = Math.floor(totalInches / 12);
  const inches = totalInches % 12;
  if (feet === 0) return `${sign}${inches} in`;
  return inches === 0 ? `${sign}${feet} ft` : `${sign}${feet} ft ${inches} in`;
}
