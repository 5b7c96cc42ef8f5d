import type { MeasurementSystem } from '@baletrack/contracts/constants';
import type { Boundary } from '@baletrack/contracts/geo/boundary';
import {
  measurementSystemByUnitSystem,
  type ReportCsvQuery,
} from '@baletrack/contracts/reports/report';
import { defaultSettings } from '@baletrack/contracts/settings/settings';
import type { AppContext } from '../../app-context.ts';
import { baleSelection } from '../bales/bale-selection.ts';
import type { BalePredicate } from '../bales/filter-predicate.ts';
import type { TimeRange } from '../bales/time-range.ts';
import { boundaryContains, boxContains, parseBox } from '../fields/boundary.ts';
import { listGeofences } from '../geofences/geofences.repository.ts';
import type { FarmSnapshot } from '../map/map-snapshot.ts';
import { findOrganization } from '../users/users.repository.ts';
import { CSV_BOM, csvLine } from './csv.ts';
import { type ReportBale, reportColumns } from './report-columns.ts';
import { reportFilename } from './report-filename.ts';
import { inSomeCutting, listReportPage } from './reports.repository.ts';

/**
 * Bales read per database round trip: the server holds one page (and the socket's buffer) at a
 * time, whatever the report's size.
 */
export const REPORT_PAGE_SIZE = 5_000;

export interface ReportCsv {
  filename: string;
  /** The file's text, a page of rows at a time; read lazily, so pages follow the reader. */
  chunks: AsyncGenerator<string, void, undefined>;
}

interface StorageArea {
  name: string;
  box: ReturnType<typeof parseBox>;
  boundary: Boundary;
}

/** The storage area (geofence) a point lies in: the first by name when they overlap. */
function storageAreaAt(areas: StorageArea[], lon: number, lat: number): string | null {
  const area = areas.find(
    (a) => boxContains(a.box, lon, lat) && boundaryContains(a.boundary, lon, lat),
  );
  return area?.name ?? null;
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
  const [selection, organization, geofences, snapshot] = await Promise.all([
    baleSelection(ctx, orgId, query),
    findOrganization(ctx.db, orgId),
    listGeofences(ctx.db, orgId),
    ctx.mapIndex.snapshot(orgId),
  ]);
  const system = reportSystem(query, organization);
  const filterWhere = selection.where;
  const where: BalePredicate | undefined = query.includeCuttingless
    ? filterWhere
    : (eb) => (filterWhere ? eb.and([filterWhere(eb), inSomeCutting(eb)]) : inSomeCutting(eb));
  const areas = geofences.map((g) => ({
    name: g.name,
    box: parseBox(g.box),
    boundary: g.boundary as Boundary,
  }));
  return {
    filename: reportFilename(organization?.name ?? '', selection.range),
    chunks: reportChunks(ctx, orgId, { range: selection.range, where, system, areas, snapshot }),
  };
}

async function* reportChunks(
  ctx: AppContext,
  orgId: string,
  report: {
    range: TimeRange;
    where: BalePredicate | undefined;
    system: MeasurementSystem;
    areas: StorageArea[];
    snapshot: FarmSnapshot;
  },
): AsyncGenerator<string, void, undefined> {
  const { range, where, system, areas, snapshot } = report;
  yield CSV_BOM + csvLine(reportColumns.map((column) => column.header(system)));
  let after: string | undefined;
  for (;;) {
    const rows = await listReportPage(ctx.db, orgId, range, after, REPORT_PAGE_SIZE, where);
    let chunk = '';
    for (const row of rows) {
      const bale: ReportBale = {
        ...row,
        fieldNames: row.fieldNames ?? [],
        stackId: snapshot.stackOf.get(row.uid) ?? null,
        storageArea: storageAreaAt(areas, row.currentLon, row.currentLat),
      };
      chunk += csvLine(reportColumns.map((column) => column.cell(bale, system)));
    }
    if (chunk !== '') yield chunk;
    const last = rows[rows.length - 1];
    if (rows.length < REPORT_PAGE_SIZE || !last) return;
    after = last.uid;
  }
}
