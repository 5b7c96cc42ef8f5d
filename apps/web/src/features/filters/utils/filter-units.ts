import type { FilterAttribute, Range } from '@baletrack/contracts/filters/filter';
import type { Quantity } from '@baletrack/domain/units';
import type { DisplayUnits } from '@/lib/display-units';

/** How a filter attribute is named and measured on screen. */
export interface AttributeInfo {
  attribute: FilterAttribute;
  label: string;
  /** A measured quantity (converted to the organization's units), or a unitless kind. */
  unit: Quantity | 'percent' | 'count' | 'index';
}

/** The attributes in the order the bale details list them. */
export const attributeInfo: AttributeInfo[] = [
  { attribute: 'weightKg', label: 'Weight', unit: 'weight' },
  { attribute: 'dryMassKg', label: 'Dry mass', unit: 'weight' },
  { attribute: 'avgMoisture', label: 'Average moisture', unit: 'percent' },
  { attribute: 'peakMoisture', label: 'Peak moisture', unit: 'percent' },
  { attribute: 'temperature', label: 'Temperature', unit: 'temperature' },
  { attribute: 'rfv', label: 'RFV', unit: 'index' },
  { attribute: 'adf', label: 'ADF', unit: 'percent' },
  { attribute: 'ndf', label: 'NDF', unit: 'percent' },
  { attribute: 'protein', label: 'Protein', unit: 'percent' },
  { attribute: 'ash', label: 'Ash', unit: 'percent' },
  { attribute: 'sugar', label: 'NFC', unit: 'percent' },
  { attribute: 'baleLengthMeters', label: 'Bale length', unit: 'dimension' },
  { attribute: 'baleDiameterMeters', label: 'Bale diameter', unit: 'dimension' },
  { attribute: 'cutLengthMM', label: 'Cut length', unit: 'cutLength' },
  { attribute: 'flakeCount', label: 'Flakes', unit: 'count' },
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
