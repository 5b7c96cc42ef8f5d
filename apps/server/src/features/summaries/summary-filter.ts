import type { FilterAttribute, FilterDefinition } from '@baletrack/contracts/filters/filter';
import { forageKindOf } from '@baletrack/domain/quality-grade';
import { type BaleColumns, gradeKeys } from './summary-columns.ts';
import type { ReferenceCutting, SummaryReference } from './summary-reference.repository.ts';

// The in-memory twins of two SQL rules, for the bale columns: `cuttingMembership` (cuttings
// feature) and `filterPredicate` (bales feature). Each is checked equal to its SQL rule on a
// fixture farm (test/summaries/summary-rules.medium.test.ts); change them together.

export const DAY_MS = 86_400_000;
const dayOf = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS;

/** Per request: which cuttings hold each (fields, UTC day) of the columns, and their crops. */
export interface CuttingLookup {
  /** Per `columns.fieldDays` entry: indexes into `reference.cuttings`. */
  cuttingsOf: number[][];
  /**
   * Per fieldDays entry: 1 when a cutting with a legume crop holds it, 0 when only crops graded
   * as grass do, -1 when no cutting with a crop does (the bale is ungraded).
   */
  legume: Int8Array;
}

/**
 * The cutting rule: a bale is in a cutting when one of its fields is in the cutting and it was
 * made within the cutting's days (inclusive, UTC). Answers, for a bale's field ids and UTC day
 * (whole days since 1970), the indexes into `cuttings` of those holding it, in their order.
 * @example cuttingRule(reference.cuttings)(['field-a'], Math.floor(Date.parse('2025-06-02') / DAY_MS))
 *   // [0] when the first cutting covers field-a on that day
 */
export function cuttingRule(
  cuttings: readonly Pick<ReferenceCutting, 'startDate' | 'endDate' | 'fieldIds'>[],
): (fieldIds: readonly string[], day: number) => number[] {
  const spans = cuttings.map((c) => ({
    first: dayOf(c.startDate),
    last: dayOf(c.endDate),
    fields: new Set(c.fieldIds),
  }));
  return (fieldIds, day) => {
    const held: number[] = [];
    spans.forEach((cutting, c) => {
      if (day < cutting.first || day > cutting.last) return;
      if (fieldIds.some((id) => cutting.fields.has(id))) held.push(c);
    });
    return held;
  };
}

/** Per request, `cuttingRule` asked once per distinct fields-and-day of the columns. */
export function lookUpCuttings(columns: BaleColumns, reference: SummaryReference): CuttingLookup {
  const cuttingsHolding = cuttingRule(reference.cuttings);
  const legumeCrop = new Map(reference.crops.map((c) => [c.id, forageKindOf(c.name) === 'legume']));
  const days = columns.fieldDays.values;
  const cuttingsOf: number[][] = new Array(days.length);
  const legume = new Int8Array(days.length);
  days.forEach(({ fieldSet, day }, i) => {
    const held = cuttingsHolding(columns.fieldSets.values[fieldSet] as string[], day);
    let kind = -1;
    for (const c of held) {
      const cropId = reference.cuttings[c]?.cropId;
      const isLegume = cropId == null ? undefined : legumeCrop.get(cropId);
      if (isLegume !== undefined) kind = Math.max(kind, isLegume ? 1 : 0);
    }
    cuttingsOf[i] = held;
    legume[i] = kind;
  });
  return { cuttingsOf, legume };
}

export type FilterCondition = Omit<FilterDefinition, 'dateRange'>;

/**
 * A saved filter's condition over the columns, as `filterPredicate` writes it in SQL: undefined
 * when it sets none. A bale without the attribute (null) fails any bound on it.
 */
export function columnsFilter(
  condition: FilterCondition,
  columns: BaleColumns,
  reference: SummaryReference,
  lookup: CuttingLookup,
): ((slot: number) => boolean) | undefined {
  const {
    ranges,
    balerIds,
    baleSizes,
    fieldIds,
    cuttingIds,
    cropIds,
    includeCuttingless,
    grades = [],
    ...rest
  } = condition;
  // A criterion added to filters fails to compile here until it is applied below too.
  const unapplied: Record<string, never> = rest;
  void unapplied;
  const parts: ((slot: number) => boolean)[] = [];
  for (const [attribute, range] of Object.entries(ranges)) {
    if (!range) continue;
    const values = columns.numbers[attribute as FilterAttribute];
    const { min, max } = range;
    // NaN (null) compares false either way.
    if (min !== null) parts.push((slot) => (values[slot] as number) >= min);
    if (max !== null) parts.push((slot) => (values[slot] as number) <= max);
  }
  const oneOf = <T>(chosen: readonly T[], values: readonly T[]) => {
    const set = new Set(chosen);
    return Uint8Array.from(values, (value) => (set.has(value) ? 1 : 0));
  };
  if (balerIds.length > 0) {
    const kept = oneOf(balerIds, columns.balerIds.values);
    parts.push((slot) => kept[columns.baler[slot] as number] === 1);
  }
  if (baleSizes.length > 0) {
    const kept = oneOf<string>(baleSizes, columns.sizes.values);
    parts.push((slot) => kept[columns.size[slot] as number] === 1);
  }
  if (fieldIds.length > 0) {
    const chosen = new Set(fieldIds);
    const kept = Uint8Array.from(columns.fieldSets.values, (ids) =>
      ids.some((id) => chosen.has(id)) ? 1 : 0,
    );
    parts.push((slot) => kept[columns.fieldSet[slot] as number] === 1);
  }
  if (grades.length > 0) {
    // The grade by the table of the bale's cutting's crop, as the summaries count it.
    const wanted = new Set<string>(grades);
    const kept = Uint8Array.from(gradeKeys, (key) => (wanted.has(key) ? 1 : 0));
    const { legumeGrade, grassGrade, fieldDay } = columns;
    parts.push((slot) => {
      const kind = lookup.legume[fieldDay[slot] as number];
      const grade = kind === 1 ? legumeGrade[slot] : kind === 0 ? grassGrade[slot] : -1;
      return (grade as number) >= 0 && kept[grade as number] === 1;
    });
  }
  const chosen = cuttingIds.length > 0 || cropIds.length > 0;
  if (chosen || !includeCuttingless) {
    const cuttingSet = new Set(cuttingIds);
    const cropSet = new Set(cropIds);
    const isChosen = (c: number) => {
      const cutting = reference.cuttings[c];
      if (!cutting) return false;
      if (cuttingIds.length > 0 && !cuttingSet.has(cutting.id)) return false;
      return cropIds.length === 0 || (cutting.cropId !== null && cropSet.has(cutting.cropId));
    };
    const kept = Uint8Array.from(lookup.cuttingsOf, (held) => {
      const inChosen = chosen && held.some(isChosen);
      const inAny = held.length > 0;
      if (!chosen) return inAny ? 1 : 0;
      return inChosen || (includeCuttingless && !inAny) ? 1 : 0;
    });
    parts.push((slot) => kept[columns.fieldDay[slot] as number] === 1);
  }
  if (parts.length === 0) return undefined;
  return (slot) => parts.every((part) => part(slot));
}
