// The one grading rule for a bale or a stack (docs/product.md#quality-grades): USDA AMS Market
// News hay quality guidelines (USDA AMS Livestock, Poultry & Grain Market News, "Hay Quality
// Designations and Guidelines", in force since 1 January 2003; the bounds are in
// ../quality-grade.ts). The crop of the bale's cutting decides the table.
import {
  type GradeBasis,
  type HayGrade,
  hayGrades,
} from '@baletrack/contracts/inventory/hay-grade';
import { rfv as relativeFeedValue } from '../nutrition.ts';
import { alfalfaGradeBy, type ForageKind, forageKindOf, grassGrade } from './quality-grade.ts';

export { type GradeBasis, type HayGrade, hayGrades };

/** Grass words in a crop name: with a legume word too, the crop is a legume-grass mix. */
export const GRASS_NAME_PATTERN =
  'grass|timothy|brome|fescue|orchard|rye|bermuda|teff|sudan|oat|millet|sorghum|bluestem|mix';
const grassName = new RegExp(GRASS_NAME_PATTERN, 'i');

/**
 * Whether a crop calls for RFQ: legume-grass mixes. RFQ (Undersander & Moore, UW-Madison 2002)
 * counts fibre digestibility, which differs most between grasses and legumes; it is on RFV's
 * scale (100 = full-bloom alfalfa), so the USDA RFV bounds grade it.
 * @example callsForRfq('Alfalfa/orchardgrass') // true
 * @example callsForRfq('Alfalfa') // false
 */
export function callsForRfq(cropName: string | null | undefined): boolean {
  return forageKindOf(cropName) === 'legume' && grassName.test(cropName ?? '');
}

/**
 * The table of a bale from the crops of the cuttings holding it: legume when any is a legume
 * (or mix), grass when only grasses, null when no cutting with a crop holds it (ungraded) — the
 * summaries' rule (apps/server summaries `lookUpCuttings`).
 * @example forageKindOfCrops(['Timothy', 'Alfalfa']) // 'legume'
 * @example forageKindOfCrops([]) // null
 */
export function forageKindOfCrops(cropNames: readonly string[]): ForageKind | null {
  if (cropNames.length === 0) return null;
  return cropNames.some((name) => forageKindOf(name) === 'legume') ? 'legume' : 'grass';
}

/** Nutrition of a bale or a stack's average; percentages on a dry-matter basis. */
export interface HayGradeInputs {
  rfv?: number | null;
  /** Relative Forage Quality from a lab test; balers do not report it. */
  rfq?: number | null;
  adf?: number | null;
  ndf?: number | null;
  protein?: number | null;
}

export interface GradeResult {
  grade: HayGrade;
  basis: GradeBasis;
  /** The value graded (RFV, RFQ or CP %). */
  value: number;
}

/**
 * A bale's or stack's grade. Legumes: RFQ when the crop calls for it and RFQ is known, else RFV
 * (computed from ADF and NDF when absent), else CP on the legume table. Grass: CP. Null when the
 * table is unknown (no cutting with a crop) or the values it needs are missing. Agrees with
 * `qualityGrade` of ../quality-grade.ts, which the summaries count by.
 * @example hayGrade('legume', { rfv: 172 }) // { grade: 'legume.Premium', basis: 'rfv', value: 172 }
 * @example hayGrade('grass', { protein: 10 }) // { grade: 'grass.Good', basis: 'protein', value: 10 }
 * @example hayGrade('legume', { rfv: 160, rfq: 190 }, { rfq: true }) // legume.Supreme by RFQ
 */
export function hayGrade(
  kind: ForageKind | null,
  values: HayGradeInputs,
  options: { rfq?: boolean } = {},
): GradeResult | null {
  if (kind === null) return null;
  if (kind === 'grass') {
    if (values.protein == null) return null;
    return {
      grade: `grass.${grassGrade(values.protein)}`,
      basis: 'protein',
      value: values.protein,
    };
  }
  if (options.rfq && values.rfq != null) {
    return {
      grade: `legume.${alfalfaGradeBy('rfv', values.rfq)}`,
      basis: 'rfq',
      value: values.rfq,
    };
  }
  const rfv =
    values.rfv ??
    (values.adf != null && values.ndf != null && values.ndf > 0
      ? relativeFeedValue(values.adf, values.ndf)
      : null);
  if (rfv != null)
    return { grade: `legume.${alfalfaGradeBy('rfv', rfv)}`, basis: 'rfv', value: rfv };
  if (values.protein == null) return null;
  return {
    grade: `legume.${alfalfaGradeBy('protein', values.protein)}`,
    basis: 'protein',
    value: values.protein,
  };
}

/**
 * How people read a grade: the grade, and the table when both tables share the name.
 * @example hayGradeLabel('legume.Supreme') // 'Supreme'
 * @example hayGradeLabel('grass.Premium') // 'Premium (grass)'
 * @example hayGradeLabel('legume.Premium') // 'Premium (legume)'
 */
export function hayGradeLabel(grade: HayGrade): string {
  const [table, name] = grade.split('.') as [string, string];
  const shared = hayGrades.filter((g) => g.endsWith(`.${name}`)).length > 1;
  return shared ? `${name} (${table})` : name;
}
