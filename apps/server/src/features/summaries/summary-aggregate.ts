import type { HayGrade } from '@baletrack/contracts/inventory/hay-grade';
import type { SummaryGrouping } from '@baletrack/contracts/summaries/summary';
import { cuttingLabel } from '@baletrack/domain/crop-year';
import { hayGradeLabel } from '@baletrack/domain/quality-grade/hay-grade';
import { cellMeasures } from '../bales/bale-cells.repository.ts';
import { DAY_MS, type TimeRange } from '../bales/time-range.ts';
import { type BaleColumns, gradeKeys, type NumericColumn, slotsMadeIn } from './summary-columns.ts';
import { type CuttingLookup, columnsFilter, type FilterCondition } from './summary-filter.ts';
import type { SummaryReference } from './summary-reference.repository.ts';

/** One aggregate row: the summary of the bales of one group (or of all). */
export interface SummaryRow {
  groupKey: string | null;
  groupName: string | null;
  count: number;
  totalWeightKg: number;
  totalDryMassKg: number;
  weightKg: number | null;
  avgMoisture: number | null;
  peakMoisture: number | null;
  maxPeakMoisture: number | null;
  rfv: number | null;
  adf: number | null;
  ndf: number | null;
  protein: number | null;
  ash: number | null;
  sugar: number | null;
  aboveSafe: number;
  /** Counts per 'legume.Grade' / 'grass.Grade'. */
  grades: Record<string, number>;
}

// The measures averaged per bale: the bale cells keep the same list, in the same order.
export const averaged = cellMeasures satisfies readonly NumericColumn[];

/** Which bales a summary covers, as the columns read it. */
export interface ColumnSelection {
  range: TimeRange;
  /** The applied filter's condition, if any. */
  condition?: FilterCondition;
  /** Only bales not loaded out for retail (`/bales/summary/active`). */
  onHand?: boolean;
}

export class Totals {
  count = 0;
  weight = 0;
  dryMass = 0;
  maxPeak = Number.NaN;
  aboveSafe = 0;
  readonly sums = new Float64Array(averaged.length);
  readonly counts = new Uint32Array(averaged.length);
  readonly grades = new Uint32Array(gradeKeys.length);
  constructor(
    readonly key: string | null,
    readonly name: string | null,
  ) {}

  toRow(): SummaryRow {
    const average = (i: number) =>
      (this.counts[i] as number) === 0
        ? null
        : (this.sums[i] as number) / (this.counts[i] as number);
    const averages = Object.fromEntries(averaged.map((column, i) => [column, average(i)]));
    return {
      groupKey: this.key,
      groupName: this.name,
      count: this.count,
      totalWeightKg: this.weight,
      totalDryMassKg: this.dryMass,
      ...(averages as Record<(typeof averaged)[number], number | null>),
      maxPeakMoisture: Number.isNaN(this.maxPeak) ? null : this.maxPeak,
      aboveSafe: this.aboveSafe,
      grades: Object.fromEntries(gradeKeys.map((key, i) => [key, this.grades[i] as number])),
    };
  }
}

/** The bale's grade (index in `gradeKeys`) by its cutting's crop's table; -1 when ungraded. */
function gradeOfSlot(columns: BaleColumns, lookup: CuttingLookup, slot: number): number {
  const kind = lookup.legume[columns.fieldDay[slot] as number];
  if (kind === 1) return columns.legumeGrade[slot] as number;
  if (kind === 0) return columns.grassGrade[slot] as number;
  return -1;
}

interface Groups {
  /** The groups of the bale in a slot (the null group when it is in none). */
  of: (slot: number) => Totals[];
  all: () => Totals[];
}

/**
 * The groups each bale falls in: one list per bucket (the bale's fields, fields-and-day, baler
 * or size), shared by the bales of the bucket. A bale in no group counts in the null group.
 */
function groupsOf(
  by: SummaryGrouping,
  columns: BaleColumns,
  reference: SummaryReference,
  lookup: CuttingLookup,
): Groups {
  const groups = new Map<string | null, Totals>();
  const group = (key: string | null, name: string | null) => {
    let totals = groups.get(key);
    if (!totals) {
      totals = new Totals(key, name);
      groups.set(key, totals);
    }
    return totals;
  };
  const orNone = (list: Totals[]) => (list.length > 0 ? list : [group(null, null)]);
  const all = () => [...groups.values()];
  const byBucket = (lists: Totals[][], bucket: Uint32Array): Groups => ({
    of: (slot) => lists[bucket[slot] as number] as Totals[],
    all,
  });
  switch (by) {
    case 'field': {
      const names = new Map(reference.fields.map((f) => [f.id, f.name]));
      const perSet = columns.fieldSets.values.map((ids) =>
        orNone(ids.filter((id) => names.has(id)).map((id) => group(id, names.get(id) ?? null))),
      );
      return byBucket(perSet, columns.fieldSet);
    }
    case 'cutting': {
      const perDay = lookup.cuttingsOf.map((held) =>
        orNone(
          held.flatMap((c) => {
            const cutting = reference.cuttings[c];
            return cutting ? [group(cutting.id, cuttingLabel(cutting.name, cutting.year))] : [];
          }),
        ),
      );
      return byBucket(perDay, columns.fieldDay);
    }
    case 'crop': {
      const names = new Map(reference.crops.map((c) => [c.id, c.name]));
      const perDay = lookup.cuttingsOf.map((held) => {
        const crops = new Set(held.map((c) => reference.cuttings[c]?.cropId));
        const known = [...crops].filter((id): id is string => id != null && names.has(id));
        return orNone(known.map((id) => group(id, names.get(id) ?? null)));
      });
      return byBucket(perDay, columns.fieldDay);
    }
    case 'baler': {
      // Every bale's baler is kept (deleted ones as tombstones); one missing drops its bales.
      const names = new Map(reference.balers.map((b) => [b.id, b.name]));
      const perBaler = columns.balerIds.values.map((id) =>
        names.has(id) ? [group(id, names.get(id) ?? null)] : [],
      );
      return byBucket(perBaler, columns.baler);
    }
    case 'grade': {
      // The bale's grade by the table of its cutting's crop, as the grade counts are.
      const byGrade = gradeKeys.map((key) => [group(key, hayGradeLabel(key as HayGrade))]);
      const ungraded = [group(null, null)];
      return {
        of: (slot) => {
          const grade = gradeOfSlot(columns, lookup, slot);
          return grade >= 0 ? (byGrade[grade] as Totals[]) : ungraded;
        },
        all,
      };
    }
    case 'size':
      return byBucket(
        columns.sizes.values.map((size) => [group(size, null)]),
        columns.size,
      );
    case 'day': {
      const perDay = new Map<number, Totals[]>();
      const of = (slot: number) => {
        const day = Math.floor((columns.createdMs[slot] as number) / DAY_MS);
        let list = perDay.get(day);
        if (!list) {
          list = [group(new Date(day * DAY_MS).toISOString().slice(0, 10), null)];
          perDay.set(day, list);
        }
        return list;
      };
      return { of, all };
    }
  }
}

/**
 * The summaries of the selected bales: one row overall, or one per group with `by` (groups
 * without a bale left out), as `summarizeBales` computes them in SQL.
 */
export function aggregateColumns(
  columns: BaleColumns,
  reference: SummaryReference,
  lookup: CuttingLookup,
  selection: ColumnSelection,
  by?: SummaryGrouping,
): SummaryRow[] {
  const from = selection.range.from?.getTime() ?? -Infinity;
  const to = selection.range.to?.getTime() ?? Infinity;
  const keep = selection.condition
    ? columnsFilter(selection.condition, columns, reference, lookup)
    : undefined;
  const overall = new Totals(null, null);
  const groups = by === undefined ? undefined : groupsOf(by, columns, reference, lookup);
  const { createdMs, live, retail, aboveSafe } = columns;
  const values = averaged.map((column) => columns.numbers[column]);
  const { weightKg, dryMassKg, peakMoisture } = columns.numbers;
  const onHand = selection.onHand === true;
  const add = (totals: Totals, slot: number, grade: number) => {
    totals.count += 1;
    totals.weight += weightKg[slot] as number;
    totals.dryMass += dryMassKg[slot] as number;
    const peak = peakMoisture[slot] as number;
    if (!(peak <= totals.maxPeak)) totals.maxPeak = peak;
    totals.aboveSafe += aboveSafe[slot] as number;
    if (grade >= 0) totals.grades[grade] = (totals.grades[grade] as number) + 1;
    for (let i = 0; i < values.length; i += 1) {
      const value = (values[i] as Float64Array)[slot] as number;
      // NaN (null) is left out of averages, as SQL's avg leaves out nulls.
      if (!Number.isNaN(value)) {
        totals.sums[i] = (totals.sums[i] as number) + value;
        totals.counts[i] = (totals.counts[i] as number) + 1;
      }
    }
  };
  const { length } = columns;
  const visit = (slot: number) => {
    const made = createdMs[slot] as number;
    if (slot >= length || live[slot] === 0 || made < from || made >= to) return;
    if (onHand && retail[slot] === 1) return;
    if (keep && !keep(slot)) return;
    const grade = gradeOfSlot(columns, lookup, slot);
    if (!groups) add(overall, slot, grade);
    else for (const totals of groups.of(slot)) add(totals, slot, grade);
  };
  const { indexed, tail } = slotsMadeIn(columns, from, to);
  for (let i = 0; i < indexed.length; i += 1) visit(indexed[i] as number);
  for (let slot = tail; slot < length; slot += 1) visit(slot);
  if (!groups) return [overall.toRow()];
  return groups.all().flatMap((totals) => (totals.count > 0 ? [totals.toRow()] : []));
}
