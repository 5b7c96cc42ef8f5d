// What each field gave: its hay per crop year and cutting, per hectare of the field, against the
// year before (docs/product.md#beyond-the-spec-yield-per-field). The rules, in one place:
// - a bale lying in n fields counts 1/n in each, so the fields' hay adds up to the farm's;
// - a field is read as it is drawn now: the bales on it now (a redrawn field takes the bales its
//   new outline holds) over its area now;
// - a bale is in the first cutting (by start day) that holds its field and its day; the hay of a
//   field outside every cutting counts towards its crop year as "outside cuttings";
// - a field's cuttings are compared with its cuttings of the year before in order: its first of
//   the year with its first of the year before, and so on;
// - yield per area is dry matter per hectare (what agronomists compare), shown with hay as baled;
// - the nitrogen the hay took off is its dry matter at the crude protein of the bales that report
//   it (weighted by their dry matter), N = CP / 6.25; none when no bale reported protein;
// - phosphate and potash are the dry matter of each cutting with a crop at that crop's removal
//   coefficients (./nutrient-removal.ts); hay of no crop's takes off none we can tell.
import { nitrogenKg } from '../nutrition.ts';
import type { RemovalCoefficients } from './nutrient-removal.ts';

/** A field's hay of one crop year and cutting, summed from its bales' shares. */
export interface FieldHarvest {
  fieldId: string;
  /** The cutting it came in; null for hay on the field outside every cutting. */
  cuttingId: string | null;
  cropYear: number;
  /** Bales counted by their share (a bale in two fields is half a bale in each). */
  bales: number;
  weightKg: number;
  dryMatterKg: number;
  /** Of the bales that report crude protein: their dry matter, and the protein in it. */
  proteinDryMatterKg: number;
  proteinKg: number;
}

export interface YieldField {
  id: string;
  name: string;
  areaHectares: number;
}

export interface YieldCutting {
  id: string;
  name: string;
  year: number;
  /** 'YYYY-MM-DD'. */
  startDate: string;
  fieldIds: readonly string[];
  /** Its crop's removal coefficients; null for a cutting without a crop. */
  removal: RemovalCoefficients | null;
}

/** Hay of a field, in total and per hectare (null where the field has no area). */
export interface HarvestFigures {
  bales: number;
  weightKg: number;
  dryMatterKg: number;
  weightKgPerHectare: number | null;
  dryMatterKgPerHectare: number | null;
  /** Nitrogen the hay took off the field; null when none of its bales reported protein. */
  nitrogenKg: number | null;
  nitrogenKgPerHectare: number | null;
  /** Dry matter of cuttings with a crop: what phosphate and potash are counted from. */
  cropDryMatterKg: number;
  /** Phosphate (P2O5) and potash (K2O) taken off; null when none of the hay had a crop. */
  p2o5Kg: number | null;
  p2o5KgPerHectare: number | null;
  k2oKg: number | null;
  k2oKgPerHectare: number | null;
}

interface Sums {
  bales: number;
  weightKg: number;
  dryMatterKg: number;
  proteinDryMatterKg: number;
  proteinKg: number;
  cropDryMatterKg: number;
  p2o5Kg: number;
  k2oKg: number;
}

export interface CuttingYield extends HarvestFigures {
  /** Null for the hay outside every cutting. */
  cuttingId: string | null;
  name: string | null;
  /** The field's cutting in the same place of the year before, when it had one. */
  previous: HarvestFigures | null;
  /** Dry matter per hectare against `previous`, in %; null without a figure to compare. */
  changePercent: number | null;
}

export interface FieldYield {
  fieldId: string;
  name: string;
  areaHectares: number;
  year: HarvestFigures;
  previousYear: HarvestFigures;
  changePercent: number | null;
  /** 1 for the most dry matter per hectare; null for a field without hay or area this year. */
  rank: number | null;
  cuttings: CuttingYield[];
}

const empty: Sums = {
  bales: 0,
  weightKg: 0,
  dryMatterKg: 0,
  proteinDryMatterKg: 0,
  proteinKg: 0,
  cropDryMatterKg: 0,
  p2o5Kg: 0,
  k2oKg: 0,
};

/** Totals over an area; per hectare null where the area is not positive. */
export function harvestFigures(totals: Sums, areaHectares: number): HarvestFigures {
  const perHectare = (kg: number | null) =>
    kg !== null && areaHectares > 0 ? kg / areaHectares : null;
  const nitrogen =
    totals.proteinDryMatterKg > 0
      ? nitrogenKg(totals.dryMatterKg, (100 * totals.proteinKg) / totals.proteinDryMatterKg)
      : null;
  const cropped = totals.cropDryMatterKg > 0;
  const p2o5 = cropped ? totals.p2o5Kg : null;
  const k2o = cropped ? totals.k2oKg : null;
  return {
    bales: totals.bales,
    weightKg: totals.weightKg,
    dryMatterKg: totals.dryMatterKg,
    weightKgPerHectare: perHectare(totals.weightKg),
    dryMatterKgPerHectare: perHectare(totals.dryMatterKg),
    nitrogenKg: nitrogen,
    nitrogenKgPerHectare: perHectare(nitrogen),
    cropDryMatterKg: totals.cropDryMatterKg,
    p2o5Kg: p2o5,
    p2o5KgPerHectare: perHectare(p2o5),
    k2oKg: k2o,
    k2oKgPerHectare: perHectare(k2o),
  };
}

/**
 * Change from `before` to `now` in %; null without a positive figure before.
 * @example changePercent(5, 4) // 25
 */
export function changePercent(now: number | null, before: number | null): number | null {
  if (now === null || before === null || !(before > 0)) return null;
  return ((now - before) / before) * 100;
}

function add(into: Sums, harvest: FieldHarvest, removal: RemovalCoefficients | null) {
  into.bales += harvest.bales;
  into.weightKg += harvest.weightKg;
  into.dryMatterKg += harvest.dryMatterKg;
  into.proteinDryMatterKg += harvest.proteinDryMatterKg;
  into.proteinKg += harvest.proteinKg;
  if (removal) {
    const tonnes = harvest.dryMatterKg / 1000;
    into.cropDryMatterKg += harvest.dryMatterKg;
    into.p2o5Kg += tonnes * removal.p2o5KgPerTonneDm;
    into.k2oKg += tonnes * removal.k2oKgPerTonneDm;
  }
}

/**
 * Each field's yield in crop year `year` and the year before, its cuttings side by side, the
 * fields ranked by dry matter per hectare (best first, then by name).
 */
export function fieldYields(input: {
  year: number;
  fields: readonly YieldField[];
  cuttings: readonly YieldCutting[];
  harvests: readonly FieldHarvest[];
}): FieldYield[] {
  const { year, fields, harvests } = input;
  const cuttings = [...input.cuttings].sort(
    (a, b) => a.startDate.localeCompare(b.startDate) || a.id.localeCompare(b.id),
  );
  const removalOf = new Map(cuttings.map((c) => [c.id, c.removal]));
  const yields = fields.map((field): FieldYield => {
    const own = harvests.filter((h) => h.fieldId === field.id);
    const totalOf = (cropYear: number, cuttingId?: string | null) => {
      const totals = { ...empty };
      for (const h of own) {
        if (h.cropYear === cropYear && (cuttingId === undefined || h.cuttingId === cuttingId)) {
          add(totals, h, h.cuttingId === null ? null : (removalOf.get(h.cuttingId) ?? null));
        }
      }
      return totals;
    };
    const fieldCuttings = (cropYear: number) =>
      cuttings.filter((c) => c.year === cropYear && c.fieldIds.includes(field.id));
    const before = fieldCuttings(year - 1);
    const rows: CuttingYield[] = fieldCuttings(year).map((cutting, place) => {
      const now = harvestFigures(totalOf(year, cutting.id), field.areaHectares);
      const earlier = before[place];
      const previous = earlier
        ? harvestFigures(totalOf(year - 1, earlier.id), field.areaHectares)
        : null;
      return {
        cuttingId: cutting.id,
        name: cutting.name,
        ...now,
        previous,
        changePercent: changePercent(
          now.dryMatterKgPerHectare,
          previous?.dryMatterKgPerHectare ?? null,
        ),
      };
    });
    const outside = totalOf(year, null);
    if (outside.bales > 0) {
      rows.push({
        cuttingId: null,
        name: null,
        ...harvestFigures(outside, field.areaHectares),
        previous: null,
        changePercent: null,
      });
    }
    const now = harvestFigures(totalOf(year), field.areaHectares);
    const previousYear = harvestFigures(totalOf(year - 1), field.areaHectares);
    return {
      fieldId: field.id,
      name: field.name,
      areaHectares: field.areaHectares,
      year: now,
      previousYear,
      changePercent: changePercent(now.dryMatterKgPerHectare, previousYear.dryMatterKgPerHectare),
      rank: null,
      cuttings: rows,
    };
  });
  const ranked = yields
    .filter((y) => y.year.bales > 0 && y.year.dryMatterKgPerHectare !== null)
    .sort(
      (a, b) =>
        (b.year.dryMatterKgPerHectare ?? 0) - (a.year.dryMatterKgPerHectare ?? 0) ||
        a.name.localeCompare(b.name),
    );
  ranked.forEach((y, i) => {
    y.rank = i + 1;
  });
  const unranked = yields
    .filter((y) => y.rank === null)
    .sort((a, b) => a.name.localeCompare(b.name));
  return [...ranked, ...unranked];
}
