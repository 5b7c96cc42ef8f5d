import type { HayGrade } from '@baletrack/contracts/inventory/hay-grade';
import type { GradeCounts } from '@baletrack/contracts/map/map';
import { hayGradeLabel, hayGrades } from '@baletrack/domain/quality-grade/hay-grade';

/**
 * What the map shows of a grade (docs/product.md#quality-grades): the grade itself, or, with
 * "Show RFV" off, `legume` for any legume grade, since those rest on RFV (as the summaries and
 * the report leave them out).
 */
export type ShownGrade = HayGrade | 'legume';

/** The class of bales with a legume grade while RFV is not shown. */
export const LEGUME_HIDDEN = 'legume';

const isLegume = (grade: HayGrade) => grade.startsWith('legume.');

/**
 * A bale's or stack's grade as the map shows it; undefined when ungraded.
 * @example shownGrade('legume.Good', false) // 'legume'
 * @example shownGrade('grass.Good', false) // 'grass.Good'
 */
export function shownGrade(grade: HayGrade | null, rfvEnabled: boolean): ShownGrade | undefined {
  if (grade === null) return undefined;
  return !rfvEnabled && isLegume(grade) ? LEGUME_HIDDEN : grade;
}

/**
 * The grade a cluster is coloured by: the most common among its graded bales (as shown, so with
 * RFV off legume bales count together); a tie goes to the lower grade, so a cluster never looks
 * better than half its hay. Undefined when none of its bales is graded.
 * @example majorityGrade({ 'legume.Premium': 3, 'grass.Good': 5 }, true) // 'grass.Good'
 * @example majorityGrade({ 'legume.Premium': 3, 'legume.Good': 3, 'grass.Good': 5 }, false) // 'legume'
 * @example majorityGrade({ 'legume.Premium': 2, 'legume.Good': 2 }, true) // 'legume.Good'
 */
export function majorityGrade(counts: GradeCounts, rfvEnabled: boolean): ShownGrade | undefined {
  const shown = new Map<ShownGrade, number>();
  // Best first: legume table then grass, so the later of two equal counts is the lower grade.
  for (const grade of hayGrades) {
    const count = counts[grade] ?? 0;
    if (count === 0) continue;
    const as = shownGrade(grade, rfvEnabled) as ShownGrade;
    shown.set(as, (shown.get(as) ?? 0) + count);
  }
  let best: ShownGrade | undefined;
  let most = 0;
  for (const [grade, count] of shown) {
    if (count >= most) {
      best = grade;
      most = count;
    }
  }
  return best;
}

/**
 * A shown grade in words: 'Premium (legume)', 'Good (grass)'; legume hay with RFV off has none.
 * @example shownGradeLabel('legume') // 'Legume hay (grade not shown)'
 */
export function shownGradeLabel(grade: ShownGrade): string {
  return grade === LEGUME_HIDDEN ? 'Legume hay (grade not shown)' : hayGradeLabel(grade);
}

export interface GradeClass {
  grade: ShownGrade;
  label: string;
  color: string;
  /** Whether a label on this colour is white (dark colours) rather than dark. */
  dark: boolean;
}

// Legume grades in the RFV colour choice's greens (its classes are the same USDA grades), grass
// grades in browns (hay-coloured), so the two tables never read as one scale; the darker, the
// better.
const legumeColours = ['#004529', '#1d7a3a', '#41ab5d', '#addd8e', '#d9f0a3'];
const grassColours = ['#8c510a', '#bf812d', '#dfc27d', '#f6e8c3'];
/** Legume bales while RFV is not shown: one muted class, neither a grade nor ungraded. */
export const LEGUME_HIDDEN_COLOR = '#b9c4c9';

/** The legend's and the map's grade classes, best first, legume then grass. */
export function gradeClasses(rfvEnabled: boolean): GradeClass[] {
  const legume = hayGrades.filter(isLegume);
  const grass = hayGrades.filter((g) => !isLegume(g));
  const legumeClasses: GradeClass[] = rfvEnabled
    ? legume.map((grade, i) => ({
        grade,
        label: hayGradeLabel(grade),
        color: legumeColours[i] as string,
        dark: i < 3,
      }))
    : [
        {
          grade: LEGUME_HIDDEN,
          label: shownGradeLabel(LEGUME_HIDDEN),
          color: LEGUME_HIDDEN_COLOR,
          dark: false,
        },
      ];
  return [
    ...legumeClasses,
    ...grass.map((grade, i) => ({
      grade,
      label: hayGradeLabel(grade),
      color: grassColours[i] as string,
      dark: i < 2,
    })),
  ];
}
