import type { ReportPdfQuery } from '@baletrack/contracts/reports/report';
import { defaultSettings } from '@baletrack/contracts/settings/settings';
import { cropYearDays, cropYearOf } from '@baletrack/domain/crop-year';
import type { AppContext } from '../../app-context.ts';
import { baleSelection } from '../bales/bale-selection.ts';
import type { TimeRange } from '../bales/time-range.ts';
import { storedFilter } from '../filters/filters.service.ts';
import { findSettings } from '../settings/settings.repository.ts';
import { baleSummary, baleSummaryGroupBy } from '../summaries/summaries.service.ts';
import { readSummaryReference } from '../summaries/summary-reference.repository.ts';
import { findOrganization } from '../users/users.repository.ts';
import { fieldYield } from '../yield/yield.service.ts';
import { filterInWords } from './report-conditions.ts';
import { reportDays, reportFilename } from './report-filename.ts';
import { type ReportPdfContent, reportPdf } from './report-pdf.ts';
import { reportSystem } from './reports.service.ts';

export interface ReportPdf {
  filename: string;
  /** The file, written as it is read. */
  document: PDFKit.PDFDocument;
}

function datesInWords(range: TimeRange): string {
  const { first, last } = reportDays(range);
  if (first && last) return first === last ? `${first} (UTC)` : `${first} to ${last} (UTC)`;
  if (first) return `From ${first} (UTC)`;
  if (last) return `Up to ${last} (UTC)`;
  return 'All dates';
}

/**
 * The crop year of the report's yield section: the top bar's year when one is chosen, else the
 * crop year of the report's last day (today's when its dates have no end or run past today).
 */
export function reportCropYear(
  query: Pick<ReportPdfQuery, 'year'>,
  range: TimeRange,
  now: Date,
  startMonth: number,
): number {
  if (query.year !== undefined) return query.year;
  const last = range.to && range.to.getTime() <= now.getTime() ? range.to.getTime() - 1 : now;
  return cropYearOf(last, startMonth);
}

/**
 * The printable report of a saved filter within the top bar's dates (docs/product.md#reports):
 * the summary and the per-field and per-cutting groups come from the summaries feature, so the
 * figures are the ones the screens show; the yield per field is the Yield per Field page's for
 * the report's crop year. An unknown filter fails here (404) before a byte is sent.
 */
export async function reportPdfFile(
  ctx: AppContext,
  orgId: string,
  query: ReportPdfQuery,
  options: { compress?: boolean } = {},
): Promise<ReportPdf> {
  const withoutCuttingless = !query.includeCuttingless;
  const [filter, selection, organization, settings, reference] = await Promise.all([
    storedFilter(ctx, orgId, query.filterId),
    baleSelection(ctx, orgId, query),
    findOrganization(ctx.db, orgId),
    findSettings(ctx.db, orgId),
    readSummaryReference(ctx.db, orgId),
  ]);
  const startMonth = settings?.cropYearStartMonth ?? defaultSettings.cropYearStartMonth;
  const cropYear = reportCropYear(query, selection.range, ctx.now(), startMonth);
  const [{ summary }, byField, byCutting, yieldAnswer] = await Promise.all([
    baleSummary(ctx, orgId, query, { withoutCuttingless }),
    baleSummaryGroupBy(ctx, orgId, { ...query, by: 'field' }, { withoutCuttingless }),
    baleSummaryGroupBy(ctx, orgId, { ...query, by: 'cutting' }, { withoutCuttingless }),
    fieldYield(ctx, orgId, cropYear),
  ]);
  const { first, last } = cropYearDays(cropYear, startMonth);
  const system = reportSystem(query, organization);
  const { id: _, name: filterName, ...definition } = filter;
  const content: ReportPdfContent = {
    organizationName: organization?.name ?? '',
    filterName,
    conditions: filterInWords(definition, reference, system),
    dates: datesInWords(selection.range),
    system,
    rfvEnabled: settings?.rfvEnabled ?? defaultSettings.rfvEnabled,
    cuttinglessIncluded: filter.includeCuttingless && query.includeCuttingless,
    summary,
    byField: byField.groups,
    byCutting: byCutting.groups,
    fieldYield: { answer: yieldAnswer, days: `${first} to ${last}` },
    generatedAt: ctx.now(),
  };
  return {
    filename: reportFilename(content.organizationName, selection.range, 'pdf'),
    document: reportPdf(content, options),
  };
}
