import type { AppContext } from '../../app-context.ts';
import { cellDays, cellMeasures, readCellSums } from '../bales/bale-cells.repository.ts';
import type { TimeRange } from '../bales/time-range.ts';
import { averaged, type SummaryRow, Totals } from './summary-aggregate.ts';

// A summary without a filter, from the bale cells (docs/adr/0029-many-farms-read-model.md): its
// cost is the days it covers, not the farm's bales, and no process has to hold the farm's bales.

/**
 * The one summary row of the visible bales made in `range` (all of them, or those on hand), as
 * `aggregateColumns` gives it without a filter; undefined when the cells cannot answer: a range
 * that cuts a UTC day, or cells not yet summed by this release's rule.
 */
export async function summaryFromCells(
  ctx: AppContext,
  orgId: string,
  range: TimeRange,
  options: { onHand?: boolean } = {},
): Promise<SummaryRow[] | undefined> {
  const days = cellDays(range);
  if (!days) return undefined;
  const read = await readCellSums(ctx.db, orgId, { ...days, onHand: options.onHand });
  if (!read) return undefined;
  const totals = new Totals(null, null);
  for (const group of read.cells) {
    totals.count += group.count;
    totals.weight += group.sums[cellMeasures.indexOf('weightKg')] as number;
    totals.dryMass += group.dryMassKg;
    if (!(group.peakMoistureMax <= totals.maxPeak)) totals.maxPeak = group.peakMoistureMax;
    totals.aboveSafe += group.aboveSafe;
    // `averaged` is `cellMeasures`: the same index in both.
    for (let i = 0; i < averaged.length; i += 1) {
      totals.sums[i] = (totals.sums[i] as number) + (group.sums[i] as number);
      totals.counts[i] = (totals.counts[i] as number) + (group.counts[i] as number);
    }
    for (let g = 0; g < group.gradeCounts.length; g += 1) {
      totals.grades[g] = (totals.grades[g] as number) + (group.gradeCounts[g] as number);
    }
  }
  return [totals.toRow()];
}
