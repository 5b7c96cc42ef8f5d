import { setImmediate as nextTurn } from 'node:timers/promises';
import type { MeasurementSystem } from '@baletrack/contracts/constants';
import type { Boundary } from '@baletrack/contracts/geo/boundary';
import type { AppContext } from '../../app-context.ts';
import { boundaryContains, boxContains, parseBox } from '../../lib/boundary.ts';
import type { BalePredicate } from '../bales/filter-predicate.ts';
import { readFarmStacks } from '../bales/stacks.repository.ts';
import { DAY_MS, type TimeRange } from '../bales/time-range.ts';
import { listGeofences } from '../geofences/geofences.repository.ts';
import { cuttingRule } from '../summaries/summary-filter.ts';
import { readSummaryReference } from '../summaries/summary-reference.repository.ts';
import { type ReportBale, type ReportNames, reportLine } from './report-columns.ts';
import { copyReportPage, type ReportPageRow, type ReportPageRows } from './reports.repository.ts';

/**
 * Bales read per database round trip: the server holds one page at a time, whatever the report's
 * size. Pages of 5,000 streamed 200,000 rows on PGlite in a median 11.2 s of five against 13.2 s
 * for pages of 1,000 (fewer queries, fewer waits), the RSS peak about the same (+50–65 MiB over
 * rest), with more garbage for V8 to collect (docs/benchmarks.md, "report CSV").
 */
export const REPORT_PAGE_SIZE = 5_000;

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
 * The report's rows (`reportLine`) of the visible bales in `range` and `where`, read a keyset
 * page at a time and handed on in pieces as the caller takes them. What a row names besides its
 * own columns is looked up in memory, read once per report: fields, cuttings by the cutting rule
 * (`cuttingRule`, the twin of `cuttingMembership`) with their crops, storage areas, and stacks
 * (`readFarmStacks`).
 */
export async function* reportPages(
  ctx: AppContext,
  orgId: string,
  report: { range: TimeRange; where?: BalePredicate; system: MeasurementSystem },
): AsyncGenerator<ReportPage, void, undefined> {
  const { range, where, system } = report;
  const [names, storageAreaAt, farm] = await Promise.all([
    reportNames(ctx, orgId),
    storageAreas(ctx, orgId),
    readFarmStacks(ctx.db, orgId),
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
      // The row is this loop's own: completed in place, not copied.
      const bale = rows.row(i) as ReportBale;
      const { fieldNames, cuttings } = names(bale);
      bale.fieldNames = fieldNames;
      bale.cuttings = cuttings;
      bale.stackId = farm.stackOf.get(bale.uid) ?? null;
      bale.storageArea = storageAreaAt(bale.currentLon, bale.currentLat);
      text += reportLine(bale, system);
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
  // By day, then by the fields' ids (one id for most bales: no key to build).
  const known = new Map<number, Map<string, ReportNames>>();
  return ({ fieldUids, creationTime }) => {
    const fieldIds = fieldUids ?? [];
    const day = Math.floor(creationTime.getTime() / DAY_MS);
    const key = fieldIds.length === 1 ? (fieldIds[0] as string) : fieldIds.join(',');
    let ofDay = known.get(day);
    if (!ofDay) {
      ofDay = new Map();
      known.set(day, ofDay);
    }
    let found = ofDay.get(key);
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
      ofDay.set(key, found);
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
