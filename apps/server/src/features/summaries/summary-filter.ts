import type { FilterAttribute, FilterDefinition } from '@baletrack/contracts/filters/filter';
import { forageKindOf } from '@baletrack/domain/quality-grade/quality-grade';
import { DAY_MS } from '../bales/time-range.ts';
import { type BaleColumns, type FieldDay, gradeKeys } from './summary-columns.ts';
import type { ReferenceCutting, SummaryReference } from './summary-reference.repository.ts';

// The in-memory twins of two SQL rules, for the bale columns: `cuttingMembership` (cuttings
// feature) and `filterPredicate` (bales feature). Each is checked equal to its SQL rule on a
// fixture farm (test/summaries/summary-rules.medium.test.ts); change them together.

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

type Span = { c: number; first: number; last: number; fields: Set<string> };
const MAX_INDEXED_DAYS = 366;

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
  // The cuttings of each day: asked for tens of thousands of fields-and-days at a time, each
  // checks the few cuttings of its day, not all. A cutting spans at most its crop year; one
  // stored before that rule may span more and is checked on every day instead.
  const byDay = new Map<number, Span[]>();
  const long: Span[] = [];
  cuttings.forEach((cutting, c) => {
    const span = { c, first: dayOf(cutting.startDate), last: dayOf(cutting.endDate) };
    const held = { ...span, fields: new Set(cutting.fieldIds) };
    if (span.last - span.first > MAX_INDEXED_DAYS) {
      long.push(held);
      return;
    }
    for (let day = span.first; day <= span.last; day += 1) {
      const list = byDay.get(day);
      if (list) list.push(held);
      else byDay.set(day, [held]);
    }
  });
  return (fieldIds, day) => {
    const held: number[] = [];
    const spans = byDay.get(day) ?? [];
    const candidates = long.length === 0 ? spans : [...spans, ...long].sort((a, b) => a.c - b.c);
    for (const { c, first, last, fields } of candidates) {
      if (day < first || day > last) continue;
      if (fieldIds.some((id) => fields.has(id))) held.push(c);
    }
    return held;
  };
}

/** What the cutting rule and the grades read of a cutting, as text. */
export const cuttingSignature = (c: ReferenceCutting) =>
  JSON.stringify([c.startDate, c.endDate, c.cropId, [...c.fieldIds].sort()]);

/** What a lookup depends on in the reference: cuttings in order (days, fields, crops), crop kinds. */
function lookupKey(reference: SummaryReference): string {
  return JSON.stringify([
    reference.cuttings.map(cuttingSignature),
    reference.crops.map((c) => [c.id, forageKindOf(c.name)]),
  ]);
}

/**
 * The cuttings holding a fields-and-day (`cuttingRule`) and the kind of their crops: 1 when one
 * has a legume crop, 0 when only crops graded as grass do, -1 when none has a crop (ungraded).
 */
export function cuttingKinds(reference: Pick<SummaryReference, 'cuttings' | 'crops'>) {
  const rule = cuttingRule(reference.cuttings);
  const legumeCrop = new Map(reference.crops.map((c) => [c.id, forageKindOf(c.name) === 'legume']));
  return (fieldIds: readonly string[], day: number) => {
    const held = rule(fieldIds, day);
    let kind = -1;
    for (const c of held) {
      const cropId = reference.cuttings[c]?.cropId;
      const isLegume = cropId == null ? undefined : legumeCrop.get(cropId);
      if (isLegume !== undefined) kind = Math.max(kind, isLegume ? 1 : 0);
    }
    return { held, kind };
  };
}

interface KeptLookup extends CuttingLookup {
  key: string;
  kinds: ReturnType<typeof cuttingKinds>;
}

// Kept per fields-and-days dictionary: columns caught up in place share it and only add entries
// to it, so a lookup is extended by the new entries instead of made again (a farm of 1,000,000
// bales has tens of thousands of entries; cuttings change rarely, bales every few seconds).
const keptLookups = new WeakMap<BaleColumns['fieldDays'], KeptLookup>();

/**
 * Which cuttings hold each fields-and-day of the columns (`cuttingRule`), and the kind of their
 * crops, under the reference's cuttings and crops as they are now.
 */
export function lookUpCuttings(columns: BaleColumns, reference: SummaryReference): CuttingLookup {
  const key = lookupKey(reference);
  let kept = keptLookups.get(columns.fieldDays);
  if (kept?.key !== key) {
    kept = {
      key,
      kinds: cuttingKinds(reference),
      cuttingsOf: [],
      legume: new Int8Array(0),
    };
    keptLookups.set(columns.fieldDays, kept);
  }
  const days = columns.fieldDays.values;
  const from = kept.cuttingsOf.length;
  if (days.length > from) {
    const legume = new Int8Array(days.length);
    legume.set(kept.legume);
    for (let i = from; i < days.length; i += 1) {
      const { fieldSet, day } = days[i] as FieldDay;
      const { held, kind } = kept.kinds(columns.fieldSets.values[fieldSet] as string[], day);
      kept.cuttingsOf[i] = held;
      legume[i] = kind;
    }
    kept.legume = legume;
  }
  return { cuttingsOf: kept.cuttingsOf, legume: kept.legume };
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
