import type { BaleInfoResponse } from '@baletrack/contracts/bales/bale-reads';
import {
  callsForRfq,
  forageKindOfCrops,
  type GradeResult,
  hayGrade,
} from '@baletrack/domain/quality-grade/hay-grade';

/**
 * A bale's grade from its details: the crops of the cuttings holding it decide the table
 * (docs/product.md#quality-grades), the same rule the summaries and the inventory use.
 */
export function baleGrade(info: BaleInfoResponse): GradeResult | null {
  const crops = info.cuttings.flatMap((c) => (c.crop ? [c.crop.name] : []));
  return hayGrade(forageKindOfCrops(crops), info.bale, { rfq: crops.some(callsForRfq) });
}
