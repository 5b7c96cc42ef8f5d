import { z } from 'zod';
import { baleTimeFilterSchema } from '../bales/bale-query.ts';
import type { MeasurementSystem } from '../constants.ts';
import { messages } from '../errors/messages.ts';
import { type UnitSystem, unitSystems } from '../settings/settings.ts';

// Bale Reporting (docs/product.md#reports): the CSV and the printable PDF of a saved filter's bales.

/**
 * Query of GET /reports/csv: the top bar's dates or year, the saved filter the report is of
 * (required: "Reports need a selected filter"), the units (the organization's setting when left
 * out) and whether bales without a cutting are kept. `includeCuttingless` only narrows: a bale
 * without a cutting is in the report when the filter keeps such bales *and* this is true
 * (the default), so the default report is exactly the filter's selection.
 */
export const reportCsvQuerySchema = baleTimeFilterSchema.extend({
  filterId: z.uuid({
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? messages.reports.filterRequired
        : 'filterId must be a filter id.',
  }),
  units: z
    .enum(unitSystems, { error: `units must be one of ${unitSystems.join(', ')}.` })
    .optional(),
  includeCuttingless: z
    .enum(['true', 'false'], { error: 'includeCuttingless must be true or false.' })
    .default('true')
    .transform((value) => value === 'true'),
});
export type ReportCsvQuery = z.infer<typeof reportCsvQuerySchema>;
/** What a client sends (before defaults): `includeCuttingless` as 'true' or 'false'. */
export type ReportCsvRequest = z.input<typeof reportCsvQuerySchema>;

/**
 * Query of GET /reports/pdf, the printable report: the CSV's query, so one selection gives both
 * files (a filter required with the same message; units and `includeCuttingless` the same).
 */
export const reportPdfQuerySchema = reportCsvQuerySchema;
export type ReportPdfQuery = ReportCsvQuery;
export type ReportPdfRequest = ReportCsvRequest;

/** The measurement system a data-API unit system names (docs/product.md#settings-and-units). */
export const measurementSystemByUnitSystem = {
  Metric: 'MetricSI',
  Imperial: 'ImperialUK',
  US: 'ImperialUS',
} as const satisfies Record<UnitSystem, MeasurementSystem>;

/** The CSV's media type; the body starts with a UTF-8 byte-order mark and ends lines with CRLF. */
export const REPORT_CSV_MEDIA_TYPE = 'text/csv; charset=utf-8';

/** The printable report's media type. */
export const REPORT_PDF_MEDIA_TYPE = 'application/pdf';
