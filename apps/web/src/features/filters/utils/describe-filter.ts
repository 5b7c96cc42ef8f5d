import { baleSizeLabels } from '@baletrack/contracts/bales/bale';
import type { Filter } from '@baletrack/contracts/filters/filter';
import { hayGradeLabel } from '@baletrack/domain/quality-grade/hay-grade';
import { attributeInfo, limitSymbol, limitToDisplay } from '@/features/filters/utils/filter-units';
import type { DisplayUnits } from '@/lib/display-units';
import { formatNumber, formatShortDay } from '@/lib/format';

/**
 * One line saying what a filter keeps, in the organization's units.
 * @example describeFilter(f, units) // 'Weight ≥ 1,000 lb · last 30 days · without cuttings too'
 */
export function describeFilter(filter: Filter, units: DisplayUnits): string {
  const parts: string[] = [];
  for (const info of attributeInfo) {
    const range = filter.ranges[info.attribute];
    if (!range) continue;
    const symbol = limitSymbol(info, units);
    const show = (v: number) =>
      `${formatNumber(limitToDisplay(v, info, units), 2)}${symbol ? ` ${symbol}` : ''}`;
    if (range.min !== null && range.max !== null)
      parts.push(`${info.label} ${show(range.min)} – ${show(range.max)}`);
    else if (range.min !== null) parts.push(`${info.label} ≥ ${show(range.min)}`);
    else if (range.max !== null) parts.push(`${info.label} ≤ ${show(range.max)}`);
  }
  if (filter.dateRange?.kind === 'lastDays') parts.push(`last ${filter.dateRange.days} days`);
  if (filter.dateRange?.kind === 'fixed') {
    parts.push(
      `${formatShortDay(filter.dateRange.start)} – ${formatShortDay(filter.dateRange.end)}`,
    );
  }
  if (filter.baleSizes.length > 0)
    parts.push(filter.baleSizes.map((s) => baleSizeLabels[s]).join(', '));
  if (filter.grades?.length) parts.push(filter.grades.map(hayGradeLabel).join(', '));
  const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  if (filter.fieldIds.length > 0) parts.push(count(filter.fieldIds.length, 'field'));
  if (filter.cuttingIds.length > 0) parts.push(count(filter.cuttingIds.length, 'cutting'));
  if (filter.cropIds.length > 0) parts.push(count(filter.cropIds.length, 'crop'));
  if (filter.balerIds.length > 0) parts.push(count(filter.balerIds.length, 'baler'));
  if (!filter.includeCuttingless) parts.push('only bales in a cutting');
  return parts.length === 0 ? 'All bales' : parts.join(' · ');
}
