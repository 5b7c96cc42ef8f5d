// A stack's grade (docs/product.md#quality-grades): the grade of its bales' average nutrition,
// by the table of its bales' crops, so a stack reads like one lot of hay sold together.

import { type GradeResult, type HayGradeInputs, hayGrade } from './hay-grade.ts';
import type { ForageKind } from './quality-grade.ts';

export interface GradedBale extends HayGradeInputs {
  /** The table of the bale's cutting crop; null when no cutting with a crop holds it. */
  kind: ForageKind | null;
}

const mean = (values: (number | null | undefined)[]): number | null => {
  const known = values.filter((v): v is number => v != null);
  return known.length === 0 ? null : known.reduce((sum, v) => sum + v, 0) / known.length;
};

/**
 * The stack's grade: legume table when any bale is graded as a legume, grass when the rest are
 * grass; each value averaged over the bales that report it.
 * @example stackGrade([{ kind: 'legume', rfv: 180 }, { kind: 'legume', rfv: 160 }]) // legume.Premium (RFV 170)
 * @example stackGrade([{ kind: null, rfv: 180 }]) // null
 */
export function stackGrade(
  bales: readonly GradedBale[],
  options: { rfq?: boolean } = {},
): GradeResult | null {
  const kind = bales.some((b) => b.kind === 'legume')
    ? 'legume'
    : bales.some((b) => b.kind === 'grass')
      ? 'grass'
      : null;
  const graded = bales.filter((b) => b.kind !== null);
  return hayGrade(
    kind,
    {
      rfv: mean(graded.map((b) => b.rfv)),
      rfq: mean(graded.map((b) => b.rfq)),
      adf: mean(graded.map((b) => b.adf)),
      ndf: mean(graded.map((b) => b.ndf)),
      protein: mean(graded.map((b) => b.protein)),
    },
    options,
  );
}
