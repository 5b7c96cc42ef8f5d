import type { MeasurementSystem } from '@baletrack/contracts/constants';
import {
  measurementSystemByUnitSystem,
  type ReportCsvQuery,
} from '@baletrack/contracts/reports/report';
import { defaultSettings } from '@baletrack/contracts/settings/settings';
import type { AppContext } from '../../app-context.ts';
import { CSV_BOM, csvLine } from '../../lib/csv.ts';
import { baleSelection } from '../bales/bale-selection.ts';
import type { BalePredicate } from '../bales/filter-predicate.ts';
import type { TimeRange } from '../bales/time-range.ts';
import { findOrganization } from '../users/users.repository.ts';
import { reportColumns } from './report-columns.ts';
import { reportFilename } from './report-filename.ts';
import { reportPages } from './report-pages.ts';
import { inSomeCutting } from './reports.repository.ts';

export interface ReportCsv {
  filename: string;
  /** The file's text, a page of rows at a time; read lazily, so pages follow the reader. */
  chunks: AsyncGenerator<string, void, undefined>;
}

/** The report's units: the query's, else the organization's setting. */
export function reportSystem(
  query: Pick<ReportCsvQuery, 'units'>,
  organization: { measurementSystem: string } | undefined,
): MeasurementSystem {
  return query.units
    ? measurementSystemByUnitSystem[query.units]
    : ((organization?.measurementSystem as MeasurementSystem | undefined) ??
        defaultSettings.measurementSystem);
}

/**
 * The CSV of a saved filter's visible bales within the top bar's dates (docs/product.md#reports).
 * Everything that can fail for the caller (an unknown filter: 404) fails here, before a byte is
 * sent; the rows are then read page by page as the client takes them.
 * `includeCuttingless` narrows the filter: false leaves out bales in no cutting even when the
 * filter keeps them; true keeps what the filter keeps.
 */
export async function reportCsv(
  ctx: AppContext,
  orgId: string,
  query: ReportCsvQuery,
): Promise<ReportCsv> {
  const [selection, organization] = await Promise.all([
    baleSelection(ctx, orgId, query),
    findOrganization(ctx.db, orgId),
  ]);
  const system = reportSystem(query, organization);
  const filterWhere = selection.where;
  const where: BalePredicate | undefined = query.includeCuttingless
    ? filterWhere
    : (eb) => (filterWhere ? eb.and([filterWhere(eb), inSomeCutting(eb)]) : inSomeCutting(eb));
  return {
    filename: reportFilename(organization?.name ?? '', selection.range),
    chunks: reportChunks(ctx, orgId, { range: selection.range, where, system }),
  };
}

async function* reportChunks(
  ctx: AppContext,
  orgId: string,
  report: { range: TimeRange; where: BalePredicate | undefined; system: MeasurementSystem },
): AsyncGenerator<string, void, undefined> {
  yield CSV_BOM + csvLine(reportColumns.map((column) => column.header(report.system)));
  for await (const page of reportPages(ctx, orgId, report)) yield page.text;
}
