import type { BaleTimeFilter } from '@baletrack/contracts/bales/map';
import type { AppContext } from '../../app.ts';
import { storedFilter } from '../filters/filters.service.ts';
import {
  type BalePredicate,
  filterPredicate,
  filterTimeRange,
  intersectRanges,
  usesCuttings,
} from './filter-predicate.ts';
import { type TimeRange, timeRange } from './time-range.ts';

/** Which bales a read asks for: a creation-time range and, with a filter, a condition. */
export interface BaleSelection {
  range: TimeRange;
  /** Absent without a filter (or when the filter only limits dates). */
  where?: BalePredicate;
  /**
   * Names the condition for caches that live as long as a bale version; absent when it depends
   * on more than bales (cuttings), so it must be asked afresh.
   */
  whereKey?: string;
}

/**
 * The top bar's dates and year plus the applied filter, if any (404 when the organization has no
 * such filter). Routes that accept `filterId` resolve it here, never on their own.
 */
export async function baleSelection(
  ctx: AppContext,
  orgId: string,
  query: BaleTimeFilter & { filterId?: string },
): Promise<BaleSelection> {
  const range = timeRange(query);
  if (query.filterId === undefined) return { range };
  const { id: _, name: __, ...definition } = await storedFilter(ctx, orgId, query.filterId);
  const { dateRange, ...condition } = definition;
  const where = filterPredicate(definition);
  const selection: BaleSelection = {
    range: intersectRanges(range, filterTimeRange(dateRange, ctx.now())),
  };
  if (where) {
    selection.where = where;
    // Equal conditions select equal bales, whichever filter they are saved in.
    if (!usesCuttings(definition)) selection.whereKey = JSON.stringify(condition);
  }
  return selection;
}
