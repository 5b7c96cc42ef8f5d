import type { GradeResult } from '@baletrack/domain/quality-grade/hay-grade';
import { hayGradeLabel } from '@baletrack/domain/quality-grade/hay-grade';
import { formatNumber, formatPercent } from '@/lib/format';

/**
 * A grade as the details panels show it, with what decided it (docs/product.md#quality-grades):
 * 'Premium (legume) · RFV 172', 'Good (grass) · CP 10.0 %'. With RFV off in Settings the RFV
 * number is left out, the grade stays. Null when ungraded.
 * @example gradeText({ grade: 'legume.Good', basis: 'rfv', value: 160.4 }, true) // 'Good (legume) · RFV 160'
 */
export function gradeText(grade: GradeResult | null, rfvEnabled: boolean): string | null {
  if (!grade) return null;
  const name = hayGradeLabel(grade.grade);
  if (grade.basis === 'protein') return `${name} · CP ${formatPercent(grade.value)}`;
  if (!rfvEnabled) return name;
  return `${name} · ${grade.basis === 'rfq' ? 'RFQ' : 'RFV'} ${formatNumber(grade.value)}`;
}
