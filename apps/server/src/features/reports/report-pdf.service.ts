import type { ReportPdfQuery } from '@baletrack/contracts/reports/report';
import { defaultSettings } from '@baletrack/contracts/settings/settings';
import type { AppContext } from '../../app-context.ts';
import { baleSelection } from '../bales/bale-selection.ts';
import type { TimeRange } from '../bales/time-range.ts';
import { storedFilter } from '../filters/filters.service.ts';
import { findSettings } from '../settings/settings.repository.ts';
import { baleSummary, baleSummaryGroupBy } from '../summaries/summaries.service.ts';
import { readSummaryReference } from '../summaries/summary-reference.repository.ts';
import { findOrganization } from '../users/users.repository.ts';
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
 * The printable report of a saved filter within the top bar's dates (docs/product.md#reports):
 * the summary and the per-field and per-cutting groups come from the summaries feature, so the
 * figures are the ones the screens show. An unknown filter fails here (404) before a byte is sent.
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
  const [{ summary }, byField, byCutting] = await Promise.all([
    baleSummary(ctx, orgId, query, { withoutCuttingless }),
    baleSummaryGroupBy(ctx, orgId, { ...query, by: 'field' }, { withoutCuttingless }),
    baleSummaryGroupBy(ctx, orgId, { ...query, by: 'cutting' }, { withoutCuttingless }),
  ]);
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
    generatedAt: ctx.now(),
  };
  return {
    filename: reportFilename(content.organizationName, selection.range, 'pdf'),
    document: reportPdf(content, options),
  };
}
