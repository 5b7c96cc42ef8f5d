import type { BaleTimeFilter } from '@baletrack/contracts/bales/bale-query';
import type { FilterDefinition } from '@baletrack/contracts/filters/filter';
import type { AppContext } from '../../app-context.ts';
import { storedFilter } from '../filters/filters.service.ts';
import { findSettings } from '../settings/settings.repository.ts';
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
 * The top bar's dates and year as a creation-time range: the year is the organization's crop
 * year (settings), so the settings are read only when a year is asked for.
 */
export async function selectedTimeRange(
  ctx: AppContext,
  orgId: string,
  query: BaleTimeFilter,
): Promise<TimeRange> {
  if (query.year === undefined) return timeRange(query);
  const settings = await findSettings(ctx.db, orgId);
  return timeRange(query, settings?.cropYearStartMonth ?? 1);
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
  const [range, stored] = await Promise.all([
    selectedTimeRange(ctx, orgId, query),
    query.filterId === undefined ? undefined : storedFilter(ctx, orgId, query.filterId),
  ]);
  if (stored === undefined) return { range };
  const { id: _, name: __, ...definition } = stored;
  return withFilter(ctx, range, definition);
}

/**
 * `range` narrowed by a filter's definition (a saved one, or one a request gives, such as a
 * field and cutting picked for a load).
 */
export function withFilter(
  ctx: AppContext,
  range: TimeRange,
  definition: FilterDefinition,
): BaleSelection {
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
