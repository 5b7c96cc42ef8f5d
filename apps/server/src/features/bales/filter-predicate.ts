import type {
  DateRange,
  FilterAttribute,
  FilterDefinition,
} from '@baletrack/contracts/filters/filter';
import type { Database } from '@baletrack/db/database';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { baleGradeSql } from './bale-grade-sql.ts';
import { cuttingMembership } from './cutting-membership.repository.ts';
import type { TimeRange } from './time-range.ts';
import { DAY_MS } from './time-range.ts';

/** A condition on a bale row; `visibleBales` ANDs it onto the visibility rule. */
export type BalePredicate = (eb: ExpressionBuilder<Database, 'bales'>) => Expression<SqlBool>;

/**
 * The stored column of each bale measure a filter bounds and a summary reads (all SI): the one
 * list of measures, named as the contracts name them (`filterAttributes`).
 */
export const measureColumns = {
  weightKg: 'bales.weightKg',
  dryMassKg: 'bales.dryMassKg',
  avgMoisture: 'bales.avgMoisture',
  peakMoisture: 'bales.peakMoisture',
  protein: 'bales.protein',
  ash: 'bales.ash',
  sugar: 'bales.sugar',
  rfv: 'bales.rfv',
  adf: 'bales.adf',
  ndf: 'bales.ndf',
  temperature: 'bales.temperature',
  baleLengthMeters: 'bales.baleLengthM',
  baleDiameterMeters: 'bales.baleDiameterM',
  cutLengthMM: 'bales.cutLengthMm',
  flakeCount: 'bales.flakeCount',
} as const satisfies Record<FilterAttribute, `bales.${string}`>;

/**
 * A filter's dates as a creation-time range (UTC days, inclusive). "Last N days" is today and
 * the N − 1 days before it, so the range only moves at midnight and caches keep for a day.
 * @example filterTimeRange({ kind: 'lastDays', days: 7 }, new Date('2025-06-10T15:00Z'))
 *   // → { from: 2025-06-04T00:00Z }
 */
export function filterTimeRange(dateRange: DateRange | null, now: Date): TimeRange {
  if (dateRange === null) return {};
  if (dateRange.kind === 'fixed') {
    return {
      from: new Date(`${dateRange.start}T00:00:00Z`),
      to: new Date(Date.parse(`${dateRange.end}T00:00:00Z`) + DAY_MS),
    };
  }
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  return { from: new Date(today - (dateRange.days - 1) * DAY_MS) };
}

/**
 * Bales in both ranges (the top bar's and the filter's); may be empty (from ≥ to).
 * @example intersectRanges({ from: a }, { to: b }) // → { from: a, to: b }
 */
export function intersectRanges(a: TimeRange, b: TimeRange): TimeRange {
  const pick = (x: Date | undefined, y: Date | undefined, later: boolean) =>
    x === undefined ? y : y === undefined ? x : x > y === later ? x : y;
  return { from: pick(a.from, b.from, true), to: pick(a.to, b.to, false) };
}

const uuidArray = (ids: readonly string[]) =>
  sql`array[${sql.join(ids.map((id) => sql`${id}::uuid`))}]`;

/** Whether the bale lies in a cutting (optionally one of `cuttingIds` / of `cropIds`). */
function inCutting(
  eb: ExpressionBuilder<Database, 'bales'>,
  cuttingIds: readonly string[],
  cropIds: readonly string[],
): Expression<SqlBool> {
  return eb.exists(
    eb
      .selectFrom('cuttings')
      .select('cuttings.id')
      .where(cuttingMembership)
      .$if(cuttingIds.length > 0, (q) => q.where('cuttings.id', 'in', cuttingIds))
      .$if(cropIds.length > 0, (q) => q.where('cuttings.cropId', 'in', cropIds)),
  );
}

/**
 * Whether the filter asks about cuttings: their days and fields change without any bale being
 * written, so what it selects cannot be cached by bale version alone.
 */
export function usesCuttings(filter: FilterDefinition): boolean {
  // A grade follows the crop of the bale's cutting.
  return (
    !filter.includeCuttingless ||
    filter.cuttingIds.length > 0 ||
    filter.cropIds.length > 0 ||
    (filter.grades?.length ?? 0) > 0
  );
}

/**
 * THE translation of a saved filter into SQL, used by every bale read that applies one (through
 * `visibleBales`). Undefined when the filter sets no condition beyond its dates.
 * A bale that did not report an attribute (null) fails any bound set on that attribute.
 */
export function filterPredicate(filter: FilterDefinition): BalePredicate | undefined {
  const parts: BalePredicate[] = [];
  for (const [attribute, range] of Object.entries(filter.ranges)) {
    const column = measureColumns[attribute as FilterAttribute];
    if (!range) continue;
    const { min, max } = range;
    if (min !== null) parts.push((eb) => eb(column, '>=', min));
    if (max !== null) parts.push((eb) => eb(column, '<=', max));
  }
  if (filter.balerIds.length > 0) {
    parts.push((eb) => eb('bales.balerId', 'in', filter.balerIds));
  }
  if (filter.baleSizes.length > 0) {
    parts.push((eb) => eb('bales.baleSize', 'in', filter.baleSizes));
  }
  if (filter.fieldIds.length > 0) {
    parts.push(() => sql<boolean>`bales.field_uids && ${uuidArray(filter.fieldIds)}`);
  }
  const grades = filter.grades ?? [];
  if (grades.length > 0) {
    parts.push((eb) => sql<boolean>`${baleGradeSql(eb)} in (${sql.join(grades)})`);
  }
  const { cuttingIds, cropIds, includeCuttingless } = filter;
  const chosen = cuttingIds.length > 0 || cropIds.length > 0;
  if (chosen) {
    parts.push((eb) =>
      includeCuttingless
        ? eb.or([inCutting(eb, cuttingIds, cropIds), eb.not(inCutting(eb, [], []))])
        : inCutting(eb, cuttingIds, cropIds),
    );
  } else if (!includeCuttingless) {
    parts.push((eb) => inCutting(eb, [], []));
  }
  if (parts.length === 0) return undefined;
  return (eb) => eb.and(parts.map((part) => part(eb)));
}
