// USDA AMS hay quality grades (docs/product.md#quality-grades). Legumes are graded by RFV, grasses
// by crude protein; all values on a dry-matter basis.
import {
  type AlfalfaGrade,
  alfalfaGrades,
  type GrassGrade,
  grassGrades,
} from '@baletrack/contracts/summaries/summary';
import { rfv as relativeFeedValue } from '../nutrition.ts';

// The grade names are part of the summary contract; re-exported for the rules' callers.
export { type AlfalfaGrade, alfalfaGrades, type GrassGrade, grassGrades };

export type QualityGrade = AlfalfaGrade | GrassGrade;

/** Which grade table a crop uses: legumes (alfalfa and its mixes) or grass hay. */
export type ForageKind = 'legume' | 'grass';

export type AlfalfaIndicator = 'rfv' | 'adf' | 'ndf' | 'protein';

// Lower bounds (or upper bounds for fibre) of Supreme, Premium, Good and Fair; below Fair is
// Utility. Where two grades share a bound the value gets the better grade, except the strict
// "> 185" / "< 27" edges of Supreme the table states.
// Exported so bulk grading (SQL in the summaries) reads the same numbers.
export const alfalfaBounds: Readonly<
  Record<AlfalfaIndicator, { bounds: readonly number[]; higherIsBetter: boolean }>
> = {
  rfv: { bounds: [185, 170, 150, 130], higherIsBetter: true },
  protein: { bounds: [22, 20, 18, 16], higherIsBetter: true },
  adf: { bounds: [27, 29, 32, 35], higherIsBetter: false },
  ndf: { bounds: [34, 36, 40, 44], higherIsBetter: false },
};

/**
 * The alfalfa grade one indicator alone gives.
 * @example alfalfaGradeBy('rfv', 172) // 'Premium'
 * @example alfalfaGradeBy('adf', 33) // 'Fair'
 */
export function alfalfaGradeBy(indicator: AlfalfaIndicator, value: number): AlfalfaGrade {
  const { bounds, higherIsBetter } = alfalfaBounds[indicator];
  for (const [index, bound] of bounds.entries()) {
    // Supreme's bound is strict; the others include the shared bound.
    const strict = index === 0;
    const above = strict ? value > bound : value >= bound;
    const below = strict ? value < bound : value <= bound;
    if (higherIsBetter ? above : below) return alfalfaGrades[index] ?? 'Utility';
  }
  return 'Utility';
}

/** Lower bounds of grass Premium (strict), Good and Fair; below Fair is Low. */
export const grassProteinBounds: readonly number[] = [13, 9, 5];

/**
 * Grass hay grade from crude protein: Premium > 13, Good 9–13, Fair 5–9, Low < 5.
 * @example grassGrade(10) // 'Good'
 */
export function grassGrade(protein: number): GrassGrade {
  const [premium, good, fair] = grassProteinBounds as [number, number, number];
  if (protein > premium) return 'Premium';
  if (protein >= good) return 'Good';
  if (protein >= fair) return 'Fair';
  return 'Low';
}

/** Crop names graded by the alfalfa table (a case-insensitive regular expression). */
export const LEGUME_NAME_PATTERN = 'alfalfa|lucerne|clover|legume|vetch|trefoil|sainfoin';
const legumeName = new RegExp(LEGUME_NAME_PATTERN, 'i');

/**
 * Which table a crop is graded by, from its free-text name: alfalfa (lucerne), clover and other
 * legumes and their mixes use the alfalfa table, everything else is grass hay.
 * @example forageKindOf('Alfalfa/orchardgrass') // 'legume'
 * @example forageKindOf('Timothy') // 'grass'
 */
export function forageKindOf(cropName: string | null | undefined): ForageKind {
  return legumeName.test(cropName ?? '') ? 'legume' : 'grass';
}

export interface GradeInputs {
  rfv?: number | null;
  adf?: number | null;
  ndf?: number | null;
  protein?: number | null;
}

/**
 * A bale's or stack's quality grade. Indicators often disagree (a leafy bale can be Supreme by
 * CP and Good by ADF), so one rule decides: legumes are graded by RFV, which already combines
 * ADF and NDF and is what buyers price alfalfa by; RFV is computed from ADF and NDF when absent,
 * and CP is the fallback when neither is there. Grass is graded by CP. Null when nothing fits.
 * @example qualityGrade('legume', { rfv: 160, protein: 23 }) // 'Good'
 * @example qualityGrade('legume', { adf: 30, ndf: 40 }) // 'Good' (RFV 152)
 * @example qualityGrade('grass', { protein: 14 }) // 'Premium'
 */
export function qualityGrade(kind: ForageKind, values: GradeInputs): QualityGrade | null {
  if (kind === 'grass') return values.protein == null ? null : grassGrade(values.protein);
  if (values.rfv != null) return alfalfaGradeBy('rfv', values.rfv);
  if (values.adf != null && values.ndf != null && values.ndf > 0) {
    return alfalfaGradeBy('rfv', relativeFeedValue(values.adf, values.ndf));
  }
  if (values.protein != null) return alfalfaGradeBy('protein', values.protein);
  return null;
}
