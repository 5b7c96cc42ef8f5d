import { type BaleSize, baleSizeLabels } from '@baletrack/contracts/bales/bale';
import { type HayGrade, hayGrades } from '@baletrack/contracts/inventory/hay-grade';
import {
  alfalfaGrades,
  type BaleSummary,
  type BaleSummaryGroupByQuery,
  type BaleSummaryGroupByResponse,
  type BaleSummaryQuery,
  type BaleSummaryResponse,
  grassGrades,
  type SummaryGrouping,
  summaryGroupLabels,
} from '@baletrack/contracts/summaries/summary';
import type { AppContext } from '../../app-context.ts';
import { baleSelection } from '../bales/bale-selection.ts';
import { filterPredicate } from '../bales/filter-predicate.ts';
import { storedFilter } from '../filters/filters.service.ts';
import { aggregateColumns, type SummaryRow } from './summary-aggregate.ts';
import { summaryFromCells } from './summary-cells.ts';
import { type FilterCondition, lookUpCuttings } from './summary-filter.ts';
import { readSummaryReference } from './summary-reference.repository.ts';
import { summarizeBales } from './summary-sql.ts';

function toSummary(row: SummaryRow | undefined): BaleSummary {
  const grade = (key: string) => row?.grades[key] ?? 0;
  const legume = Object.fromEntries(alfalfaGrades.map((g) => [g, grade(`legume.${g}`)]));
  const grass = Object.fromEntries(grassGrades.map((g) => [g, grade(`grass.${g}`)]));
  const count = row?.count ?? 0;
  const graded = Object.values(row?.grades ?? {}).reduce((sum, n) => sum + n, 0);
  return {
    count,
    totalWeightKg: row?.totalWeightKg ?? 0,
    totalDryMassKg: row?.totalDryMassKg ?? 0,
    averages: {
      weightKg: row?.weightKg ?? null,
      avgMoisture: row?.avgMoisture ?? null,
      peakMoisture: row?.peakMoisture ?? null,
      rfv: row?.rfv ?? null,
      adf: row?.adf ?? null,
      ndf: row?.ndf ?? null,
      protein: row?.protein ?? null,
      ash: row?.ash ?? null,
      sugar: row?.sugar ?? null,
    },
    maxPeakMoisture: row?.maxPeakMoisture ?? null,
    grades: {
      legume: legume as BaleSummary['grades']['legume'],
      grass: grass as BaleSummary['grades']['grass'],
      ungraded: count - graded,
    },
    aboveSafeMoistureCount: row?.aboveSafe ?? 0,
  };
}

export interface SummaryOptions {
  /** Only bales not loaded out for retail (`/bales/summary/active`). */
  onHand?: boolean;
  /**
   * Leave out bales in no cutting even when the filter keeps them (a report's
   * `includeCuttingless=false`, docs/product.md#reports); only with a filter.
   */
  withoutCuttingless?: boolean;
}

/**
 * The summary rows of the visible bales in the query's dates and filter: from the bale cells when
 * they can answer; else over the organization's bale columns when this process holds them at the
 * current stamp, or in one SQL query while they load for the next request
 * (docs/adr/0044-summaries-read-in-sql-first.md). Both give the same rows.
 */
async function summarize(
  ctx: AppContext,
  orgId: string,
  query: BaleSummaryQuery,
  options: SummaryOptions & { by?: SummaryGrouping },
): Promise<SummaryRow[]> {
  // The selection resolves dates and the filter (404 for another organization's).
  const selection = baleSelection(ctx, orgId, query);
  // Without a filter or groups, the bale cells answer (while they hold this release's rule).
  if (query.filterId === undefined && options.by === undefined) {
    const row = await summaryFromCells(ctx, orgId, (await selection).range, options);
    if (row) return row;
  }
  // The filter's condition is read beside the selection; the reference query reads the bales'
  // stamp too, which tells whether this process's columns are current.
  const [{ range }, condition, reference] = await Promise.all([
    selection,
    query.filterId === undefined
      ? undefined
      : storedFilter(ctx, orgId, query.filterId).then(
          ({ id: _, name: __, dateRange: ___, ...rest }): FilterCondition =>
            options.withoutCuttingless ? { ...rest, includeCuttingless: false } : rest,
        ),
    readSummaryReference(ctx.db, orgId),
  ]);
  const columns = ctx.summaryCache.ready(orgId, reference.stamp);
  if (!columns) {
    const where = condition && filterPredicate({ ...condition, dateRange: null });
    return summarizeBales(ctx.db, orgId, { range, where, onHand: options.onHand }, options.by);
  }
  const lookup = lookUpCuttings(columns, reference);
  return aggregateColumns(
    columns,
    reference,
    lookup,
    { range, condition, onHand: options.onHand },
    options.by,
  );
}

/** Key figures of the visible bales in the dates, narrowed by a saved filter if given. */
export async function baleSummary(
  ctx: AppContext,
  orgId: string,
  query: BaleSummaryQuery,
  options: SummaryOptions = {},
): Promise<BaleSummaryResponse> {
  const [row] = await summarize(ctx, orgId, query, options);
  return { summary: toSummary(row) };
}

const withoutLabel: Partial<Record<SummaryGrouping, string>> = {
  field: summaryGroupLabels.withoutField,
  cutting: summaryGroupLabels.withoutCutting,
  crop: summaryGroupLabels.withoutCrop,
  grade: summaryGroupLabels.ungraded,
};

function groupName(by: SummaryGrouping, row: SummaryRow): string {
  if (row.groupKey === null) return withoutLabel[by] ?? '';
  if (by === 'day') return row.groupKey;
  if (by === 'size') return baleSizeLabels[row.groupKey as BaleSize] ?? row.groupKey;
  return row.groupName ?? '';
}

/**
 * One summary per field, cutting, crop, baler, day or size. Days come in date order, the rest by
 * name with the "Without a …" group last.
 */
export async function baleSummaryGroupBy(
  ctx: AppContext,
  orgId: string,
  query: BaleSummaryGroupByQuery,
  options: SummaryOptions = {},
): Promise<BaleSummaryGroupByResponse> {
  const rows = await summarize(ctx, orgId, query, { ...options, by: query.by });
  const groups = rows.map((row) => ({
    key: row.groupKey,
    name: groupName(query.by, row),
    ...toSummary(row),
  }));
  // Grades best first, legume table then grass; the rest by name.
  const rank = (key: string) => (query.by === 'grade' ? hayGrades.indexOf(key as HayGrade) : 0);
  groups.sort((a, b) =>
    a.key === null || b.key === null
      ? Number(a.key === null) - Number(b.key === null)
      : rank(a.key) - rank(b.key) || a.name.localeCompare(b.name) || a.key.localeCompare(b.key),
  );
  return { by: query.by, groups };
}
