import type { FilterAttribute, Range } from '@baletrack/contracts/filters/filter';
import { type FilterMeasure, filterMeasures } from '@baletrack/contracts/filters/filter-limits';
import { type Quantity, unitOf } from '@baletrack/domain/units';
import type { DisplayUnits } from '@/lib/display-units';

/** How a filter attribute is named and measured on screen. */
export interface AttributeInfo {
  attribute: FilterAttribute;
  label: string;
  /** A measured quantity (converted to the organization's units), or a unitless kind. */
  unit: Quantity | 'percent' | 'count' | 'index';
}

// Labels are the contract's, so the server's messages name each measure as the form does.
const measured = (attribute: FilterAttribute, unit: AttributeInfo['unit']): AttributeInfo => ({
  attribute,
  label: filterMeasures[attribute].label,
  unit,
});

/** The attributes in the order the bale details list them. */
export const attributeInfo: AttributeInfo[] = [
  measured('weightKg', 'weight'),
  measured('dryMassKg', 'weight'),
  measured('avgMoisture', 'percent'),
  measured('peakMoisture', 'percent'),
  measured('temperature', 'temperature'),
  measured('rfv', 'index'),
  measured('adf', 'percent'),
  measured('ndf', 'percent'),
  measured('protein', 'percent'),
  measured('ash', 'percent'),
  measured('sugar', 'percent'),
  measured('baleLengthMeters', 'dimension'),
  measured('baleDiameterMeters', 'dimension'),
  measured('cutLengthMM', 'cutLength'),
  measured('flakeCount', 'count'),
];

/** The unit an attribute's limits are typed in: 'lb', '°F', '%', or '' for counts and RFV. */
export function limitSymbol(info: AttributeInfo, units: DisplayUnits): string {
  if (info.unit === 'percent') return '%';
  if (info.unit === 'count' || info.unit === 'index') return '';
  return units.symbol(info.unit);
}

// Four decimals hide float noise (453.59237 kg → 1000 lb, not 999.9999999).
const tidy = (value: number) => Math.round(value * 1e4) / 1e4;

/** A stored (SI) limit as the number shown in the organization's units. */
export function limitToDisplay(value: number, info: AttributeInfo, units: DisplayUnits): number {
  if (info.unit === 'percent' || info.unit === 'count' || info.unit === 'index') return value;
  return tidy(units.fromSI(value, info.unit));
}

/** A limit typed in the organization's units back to SI for storing. */
export function limitToSI(value: number, info: AttributeInfo, units: DisplayUnits): number {
  if (info.unit === 'percent' || info.unit === 'count' || info.unit === 'index') return value;
  return units.toSI(value, info.unit);
}

/**
 * What an attribute's limits may be in the organization's units, rounded inwards to the unit's
 * digits: every limit inside them converts to one the server accepts.
 * @example displayMeasure(weight, usUnits) // { label: 'Weight', unit: 'lb', min: 0, max: 22046 }
 */
export function displayMeasure(info: AttributeInfo, units: DisplayUnits): FilterMeasure {
  const measure = filterMeasures[info.attribute];
  const quantity = info.unit;
  if (quantity === 'percent' || quantity === 'count' || quantity === 'index') return measure;
  const scale = 10 ** unitOf(quantity, units.system).digits;
  const shown = (value: number) => units.fromSI(value, quantity) * scale;
  return {
    label: measure.label,
    unit: limitSymbol(info, units),
    // Float noise first (10,000 kg is 22,046.226 lb, 200 °C is 392 °F), then inwards.
    min: Math.ceil(tidy(shown(measure.min))) / scale,
    max: Math.floor(tidy(shown(measure.max))) / scale,
  };
}

/** Text typed into a limit box: '' is no limit; '1,000' reads as 1000; NaN when not a number. */
export function parseLimit(text: string): number | null {
  const trimmed = text.trim().replaceAll(',', '');
  if (trimmed === '') return null;
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** A stored range as the two texts of its limit boxes. */
export function rangeToTexts(range: Range | undefined, info: AttributeInfo, units: DisplayUnits) {
  const text = (value: number | null | undefined) =>
    value === null || value === undefined ? '' : String(limitToDisplay(value, info, units));
  return { min: text(range?.min), max: text(range?.max) };
}
