import { type BaleSize, baleSizeLabels } from '@baletrack/contracts/bales/bale';
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
} from '@baletrack/contracts/bales/summary';
import type { AppContext } from '../../app.ts';
import { baleSelection } from '../bales/bale-selection.ts';
import { type SummaryRow, summarizeBales } from './summaries.repository.ts';

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

/** Key figures of the visible bales in the dates, narrowed by a saved filter if given. */
export async function baleSummary(
  ctx: AppContext,
  orgId: string,
  query: BaleSummaryQuery,
  options: { onHand?: boolean } = {},
): Promise<BaleSummaryResponse> {
  const { range, where } = await baleSelection(ctx, orgId, query);
  const [row] = await summarizeBales(ctx.db, orgId, { range, where, onHand: options.onHand });
  return { summary: toSummary(row) };
}

const withoutLabel: Partial<Record<SummaryGrouping, string>> = {
  field: summaryGroupLabels.withoutField,
  cutting: summaryGroupLabels.withoutCutting,
  crop: summaryGroupLabels.withoutCrop,
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
): Promise<BaleSummaryGroupByResponse> {
  const { range, where } = await baleSelection(ctx, orgId, query);
  const rows = await summarizeBales(ctx.db, orgId, { range, where }, query.by);
  const groups = rows.map((row) => ({
    key: row.groupKey,
    name: groupName(query.by, row),
    ...toSummary(row),
  }));
  groups.sort((a, b) =>
    a.key === null || b.key === null
      ? Number(a.key === null) - Number(b.key === null)
      : a.name.localeCompare(b.name) || a.key.localeCompare(b.key),
  );
  return { by: query.by, groups };
}
