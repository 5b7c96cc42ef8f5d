import { setImmediate as nextTurn } from 'node:timers/promises';
import type { MeasurementSystem } from '@baletrack/contracts/constants';
import type { Boundary } from '@baletrack/contracts/geo/boundary';
import type { AppContext } from '../../app-context.ts';
import type { BalePredicate } from '../bales/filter-predicate.ts';
import { DAY_MS, type TimeRange } from '../bales/time-range.ts';
import { boundaryContains, boxContains, parseBox } from '../fields/boundary.ts';
import { listGeofences } from '../geofences/geofences.repository.ts';
import { cuttingRule } from '../summaries/summary-filter.ts';
import { readSummaryReference } from '../summaries/summary-reference.repository.ts';
import { csvLine } from './csv.ts';
import { type ReportBale, type ReportNames, reportColumns } from './report-columns.ts';
import { copyReportPage, type ReportPageRow, type ReportPageRows } from './reports.repository.ts';

/**
 * Bales read per database round trip: the server holds one page at a time, whatever the report's
 * size. Larger pages are barely faster (5,000: 6.6 s for 200,000 rows against 7.1 s) but leave
 * about twice the garbage in V8's old space between full collections (docs/benchmarks.md).
 */
export const REPORT_PAGE_SIZE = 1_000;

/**
 * Characters of CSV handed on at a time (about 200 rows). A page's whole text (about 300 KB),
 * flattened to be compressed and sent, is a large object to V8, and one still waiting at a young
 * collection stays until a full one; a piece this size stays under V8's 128 KiB large-object size
 * even in two bytes a character (any character past Latin-1), and dies young. Pieces of 32,000
 * were as low in memory but slower; of 100,000, higher (docs/benchmarks.md, "Report CSV and data
 * export").
 */
export const REPORT_CHUNK_CHARS = 60_000;

export interface ReportPage {
  /** CSV rows, each ended with CRLF: part of a page, about `REPORT_CHUNK_CHARS` long. */
  text: string;
  rows: number;
}

/**
 * The report's rows (`reportColumns`) of the visible bales in `range` and `where`, read a keyset
 * page at a time and handed on in pieces as the caller takes them. What a row names besides its
 * own columns is looked up in memory, read once per report: fields, cuttings by the cutting rule
 * (`cuttingRule`, the twin of `cuttingMembership`) with their crops, storage areas, and stacks
 * from the map index.
 */
export async function* reportPages(
  ctx: AppContext,
  orgId: string,
  report: { range: TimeRange; where?: BalePredicate; system: MeasurementSystem },
): AsyncGenerator<ReportPage, void, undefined> {
  const { range, where, system } = report;
  const [names, storageAreaAt, snapshot] = await Promise.all([
    reportNames(ctx, orgId),
    storageAreas(ctx, orgId),
    ctx.mapIndex.snapshot(orgId),
  ]);
  // Each page is read through COPY and kept as bytes until its rows are written, so no row's
  // values outlive the loop below.
  const read = (after?: string): Promise<ReportPageRows> =>
    copyReportPage(ctx.db, orgId, range, after, REPORT_PAGE_SIZE, where);
  const page = (after?: string) => {
    const reading = read(after);
    // Awaited below unless the reader stops first: then its failure is nobody's.
    reading.catch(() => {});
    return reading;
  };
  let next = page();
  for (;;) {
    const rows = await next;
    const last = rows.count > 0 ? rows.row(rows.count - 1) : undefined;
    const more = rows.count === REPORT_PAGE_SIZE && last !== undefined;
    // The next page is read while this one is written and sent.
    if (more) next = page(last.uid);
    let text = '';
    let written = 0;
    for (let i = 0; i < rows.count; i += 1) {
      const row = rows.row(i);
      const bale: ReportBale = {
        ...row,
        ...names(row),
        stackId: snapshot.stackOf.get(row.uid) ?? null,
        storageArea: storageAreaAt(row.currentLon, row.currentLat),
      };
      text += csvLine(reportColumns.map((column) => column.cell(bale, system)));
      if (text.length >= REPORT_CHUNK_CHARS) {
        yield { text, rows: i + 1 - written };
        text = '';
        written = i + 1;
      }
    }
    if (text.length > 0) yield { text, rows: rows.count - written };
    if (!more) return;
    // On PGlite a query resolves without waiting on I/O, so a loop of pages that nothing else
    // awaits (the data export's) would hold the event loop for the whole report: 4 s at 20,000
    // bales, minutes at 200,000, long enough for idle keep-alive connections to be dropped.
    await nextTurn();
  }
}

/**
 * A bale's field names (by name) and cuttings with their crops (by start date), from the
 * organization's fields and cuttings read once; kept per distinct fields-and-day, of which a farm
 * has a few thousand.
 */
async function reportNames(
  ctx: AppContext,
  orgId: string,
): Promise<(row: Pick<ReportPageRow, 'fieldUids' | 'creationTime'>) => ReportNames> {
  const reference = await readSummaryReference(ctx.db, orgId);
  const fieldName = new Map(reference.fields.map((f) => [f.id, f.name]));
  const cropName = new Map(reference.crops.map((c) => [c.id, c.name]));
  const cuttings = [...reference.cuttings].sort(
    (a, b) => compare(a.startDate, b.startDate) || compare(a.id, b.id),
  );
  const cuttingsHolding = cuttingRule(cuttings);
  const known = new Map<string, ReportNames>();
  return ({ fieldUids, creationTime }) => {
    const fieldIds = fieldUids ?? [];
    const day = Math.floor(creationTime.getTime() / DAY_MS);
    const key = `${day}|${fieldIds.join(',')}`;
    let found = known.get(key);
    if (!found) {
      found = {
        fieldNames: [...new Set(fieldIds)]
          .map((id) => fieldName.get(id))
          .filter((name): name is string => name !== undefined)
          .sort(compare),
        cuttings: cuttingsHolding(fieldIds, day).map((c) => {
          const cutting = cuttings[c] as (typeof cuttings)[number];
          const crop = cutting.cropId === null ? undefined : cropName.get(cutting.cropId);
          return { name: cutting.name, cropName: crop ?? null };
        }),
      };
      known.set(key, found);
    }
    return found;
  };
}

/** The storage area (geofence) a point lies in: the first by name when they overlap. */
async function storageAreas(ctx: AppContext, orgId: string) {
  const areas = (await listGeofences(ctx.db, orgId)).map((g) => ({
    name: g.name,
    box: parseBox(g.box),
    boundary: g.boundary as Boundary,
  }));
  return (lon: number, lat: number): string | null =>
    areas.find((a) => boxContains(a.box, lon, lat) && boundaryContains(a.boundary, lon, lat))
      ?.name ?? null;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
