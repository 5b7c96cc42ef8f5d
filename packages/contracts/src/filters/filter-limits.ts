import { messages } from '../errors/messages.ts';
import { BALE_LIMITS } from '../ingest/ingest.ts';

/**
 * Numeric bale attributes a filter can bound with a min and a max, in SI units
 * (docs/product.md#filters; names as in #bales).
 */
export const filterAttributes = [
  'weightKg',
  'dryMassKg',
  'avgMoisture',
  'peakMoisture',
  'protein',
  'ash',
  'sugar',
  'rfv',
  'adf',
  'ndf',
  'temperature',
  'baleLengthMeters',
  'baleDiameterMeters',
  'cutLengthMM',
  'flakeCount',
] as const;
export type FilterAttribute = (typeof filterAttributes)[number];

/** A filter's bounds on one attribute; either may be open. */
type Range = { min: number | null; max: number | null };

/** What a filter's limit on a measure may be, in SI, and how the measure is named on screen. */
export interface FilterMeasure {
  label: string;
  /** The SI unit of the stored limits; '' for RFV and counts. */
  unit: string;
  min: number;
  max: number;
}

const percent = (label: string): FilterMeasure => ({ label, unit: '%', min: 0, max: 100 });
const upTo = (label: string, unit: string, max: number): FilterMeasure => ({
  label,
  unit,
  min: 0,
  max,
});

/**
 * Each attribute's name and possible values: the limits a baler's bale is held to (BALE_LIMITS),
 * percentages of 0–100, so a filter reaches every bale that can be stored and no impossible one.
 */
export const filterMeasures: Record<FilterAttribute, FilterMeasure> = {
  weightKg: upTo('Weight', 'kg', BALE_LIMITS.weightKg),
  dryMassKg: upTo('Dry matter', 'kg', BALE_LIMITS.dryMassKg),
  avgMoisture: percent('Average moisture'),
  peakMoisture: percent('Peak moisture'),
  protein: percent('Protein'),
  ash: percent('Ash'),
  sugar: percent('NFC'),
  rfv: upTo('RFV', '', BALE_LIMITS.rfv),
  adf: percent('ADF'),
  ndf: percent('NDF'),
  temperature: {
    label: 'Temperature',
    unit: '°C',
    min: -BALE_LIMITS.temperature,
    max: BALE_LIMITS.temperature,
  },
  baleLengthMeters: upTo('Bale length', 'm', BALE_LIMITS.baleLengthMeters),
  baleDiameterMeters: upTo('Bale diameter', 'm', BALE_LIMITS.baleDiameterMeters),
  cutLengthMM: upTo('Cut length', 'mm', BALE_LIMITS.cutLengthMM),
  // Far above any bale: a 2.4 m big square has 30 to 40 flakes.
  flakeCount: upTo('Flakes', '', 1_000),
};

/**
 * What is wrong with a range of a measure, by bound: outside the measure's limits, or a minimum
 * above the maximum. The form calls it in the organization's units, the schema in SI.
 * @example rangeProblems({ label: 'Weight', unit: 'lb', min: 0, max: 22_046 }, { min: -50, max: null })
 * // { min: 'Weight must be between 0 and 22,046 lb.' }
 */
export function rangeProblems(
  measure: FilterMeasure,
  range: Range,
): Partial<Record<keyof Range, string>> {
  const outside = (value: number | null) =>
    value !== null && (value < measure.min || value > measure.max);
  const tooFar = messages.validation.limitOutOfRange(
    measure.label,
    measure.min,
    measure.max,
    measure.unit,
  );
  const problems: Partial<Record<keyof Range, string>> = {};
  if (outside(range.min)) problems.min = tooFar;
  if (outside(range.max)) problems.max = tooFar;
  if (!problems.min && !problems.max && range.min !== null && range.max !== null) {
    if (range.min > range.max) problems.min = messages.validation.limitMinAboveMax(measure.label);
  }
  return problems;
}
