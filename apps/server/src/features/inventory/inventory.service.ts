import type { MeasurementSystem } from '@baletrack/contracts/constants';
import { type HayGrade, hayGrades } from '@baletrack/contracts/inventory/hay-grade';
import type {
  GradePriceRow,
  InventoryValueResponse,
  PricesResponse,
  SavePriceRequest,
  StackValueResponse,
  ValueTotals,
} from '@baletrack/contracts/inventory/inventory';
import { mapMessages } from '@baletrack/contracts/map/map';
import { cropYearOf } from '@baletrack/domain/crop-year';
import {
  baleValue,
  type GradePrice,
  pricesOn,
  priceUnitOf,
} from '@baletrack/domain/inventory/hay-value';
import { type GradeResult, hayGrade } from '@baletrack/domain/quality-grade/hay-grade';
import { type GradedBale, stackGrade } from '@baletrack/domain/quality-grade/stack-grade';
import type { AppContext, Principal } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertMay } from '../../lib/roles.ts';
import { readFarmStacks } from '../bales/stacks.repository.ts';
import { geofenceNamesAt } from '../geofences/geofences.service.ts';
import { findSettings } from '../settings/settings.repository.ts';
import { readSummaryReference } from '../summaries/summary-reference.repository.ts';
import { insertPrice, listPrices } from './inventory.repository.ts';
import { onHandBales } from './on-hand-bales.ts';

const DAY_MS = 86_400_000;

async function organizationSettings(ctx: AppContext, orgId: string) {
  const settings = await findSettings(ctx.db, orgId);
  if (!settings) throw new AppError('NOT_FOUND', 'Organization not found.');
  return {
    measurementSystem: settings.measurementSystem as MeasurementSystem,
    cropYearStartMonth: settings.cropYearStartMonth,
  };
}

const toRow = (row: Awaited<ReturnType<typeof listPrices>>[number]): GradePriceRow => ({
  ...row,
  grade: row.grade as HayGrade,
  createdAt: row.createdAt.toISOString(),
});

/** Every price row, newest first, and the unit new ones are set in. */
export async function pricesOf(ctx: AppContext, orgId: string): Promise<PricesResponse> {
  const [settings, rows] = await Promise.all([
    organizationSettings(ctx, orgId),
    listPrices(ctx.db, orgId),
  ]);
  return { unit: priceUnitOf(settings.measurementSystem), prices: rows.map(toRow).reverse() };
}

/**
 * Sets a grade's price from a day on, per ton of the organization's units; a new row, so values
 * before that day keep the earlier price. The owner or a manager (docs/product.md#roles).
 */
export async function setPrice(
  ctx: AppContext,
  principal: Principal,
  request: SavePriceRequest,
): Promise<GradePriceRow> {
  assertMay(principal, 'prices');
  const settings = await organizationSettings(ctx, principal.orgId);
  const row = await insertPrice(ctx.db, {
    orgId: principal.orgId,
    grade: request.grade,
    price: request.price,
    unit: priceUnitOf(settings.measurementSystem),
    // A grass grade's premium is refused by the schema (grass is graded by CP).
    premiumPerRfvPoint: request.premiumPerRfvPoint,
    effectiveFrom: request.effectiveFrom,
    createdBy: principal.userId,
    createdAt: ctx.now(),
  });
  return toRow(row);
}

class Totals {
  baleCount = 0;
  weightKg = 0;
  value = 0;
  priced = 0;
  add(weightKg: number, value: number | null) {
    this.baleCount += 1;
    this.weightKg += weightKg;
    if (value !== null) {
      this.value += value;
      this.priced += 1;
    }
  }
  toJSON(): ValueTotals {
    return {
      baleCount: this.baleCount,
      weightKg: this.weightKg,
      value: this.priced === 0 ? null : Math.round(this.value * 100) / 100,
      unpricedCount: this.baleCount - this.priced,
    };
  }
}

function entry<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  const held = map.get(key);
  if (held !== undefined) return held;
  const made = make();
  map.set(key, made);
  return made;
}
const group = <K>(map: Map<K, Totals>, key: K) => entry(map, key, () => new Totals());

/**
 * The hay on hand valued on a day (docs/product.md#beyond-the-spec-quality-and-value): the
 * visible bales not loaded out, made by the end of that day, each graded by its cutting's crop and
 * priced with the grade's price in effect that day; totals per grade, stack, field, cutting and
 * crop year. Today (UTC) when no day is given.
 */
export async function inventoryValue(
  ctx: AppContext,
  orgId: string,
  asOf?: string,
): Promise<InventoryValueResponse> {
  const day = asOf ?? ctx.now().toISOString().slice(0, 10);
  const before = new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS);
  const [settings, priceRows, reference] = await Promise.all([
    organizationSettings(ctx, orgId),
    listPrices(ctx.db, orgId),
    readSummaryReference(ctx.db, orgId),
  ]);
  // Both caches by the stamp the reference query read (one stamp read for the request).
  const [bales, farm] = await Promise.all([
    onHandBales(ctx, orgId, reference, before),
    readFarmStacks(ctx.db, orgId),
  ]);
  const prices = pricesOn(
    priceRows.map((row): GradePrice => ({ ...row, grade: row.grade as HayGrade })),
    day,
  );
  const total = new Totals();
  const byGrade = new Map<HayGrade | null, Totals>();
  const byField = new Map<string, Totals>();
  const byCutting = new Map<string, Totals>();
  const byCropYear = new Map<number, Totals>();
  const byStack = new Map<string, { totals: Totals; bales: GradedBale[] }>();
  // Crop years per UTC day: a farm's bales are made on a few hundred days.
  const cropYears = new Map<number, number>();
  const cropYear = (ms: number) =>
    entry(cropYears, Math.floor(ms / DAY_MS), () => cropYearOf(ms, settings.cropYearStartMonth));
  for (const bale of bales) {
    const { kind } = bale;
    const grade: GradeResult | null = hayGrade(kind, bale);
    const value = baleValue(bale.weightKg, grade, prices);
    total.add(bale.weightKg, value);
    group(byGrade, grade?.grade ?? null).add(bale.weightKg, value);
    for (const fieldId of bale.fieldIds) group(byField, fieldId).add(bale.weightKg, value);
    for (const c of bale.cuttings) {
      const cuttingId = reference.cuttings[c]?.id;
      if (cuttingId !== undefined) group(byCutting, cuttingId).add(bale.weightKg, value);
    }
    group(byCropYear, cropYear(bale.createdMs)).add(bale.weightKg, value);
    const stackId = farm.stackOf.get(bale.uid);
    if (stackId !== undefined) {
      const stack = entry(byStack, stackId, () => ({
        totals: new Totals(),
        bales: [] as GradedBale[],
      }));
      stack.totals.add(bale.weightKg, value);
      stack.bales.push({
        kind,
        rfv: bale.rfv,
        adf: bale.adf,
        ndf: bale.ndf,
        protein: bale.protein,
      });
    }
  }
  const stacks = [...byStack].flatMap(([id, { totals, bales: members }]) => {
    const place = farm.stacks.get(id);
    if (!place) return [];
    const grade = stackGrade(members);
    return [
      {
        id,
        lat: place.lat,
        lon: place.lon,
        grade: grade?.grade ?? null,
        basis: grade?.basis ?? null,
        ...totals.toJSON(),
      },
    ];
  });
  // Named where a grower finds them: the storage area holding each.
  const storage = await geofenceNamesAt(ctx, orgId, stacks);
  const byStackRows = stacks
    .map((stack, i) => ({ ...stack, storage: storage[i] ?? null }))
    .sort((a, b) => (b.value ?? -1) - (a.value ?? -1) || a.id.localeCompare(b.id));
  const fieldName = new Map(reference.fields.map((f) => [f.id, f.name]));
  const cutting = new Map(reference.cuttings.map((c) => [c.id, c]));
  const gradeOrder = (g: HayGrade | null) => (g === null ? 99 : hayGrades.indexOf(g));
  return {
    asOf: day,
    total: total.toJSON(),
    byGrade: [...byGrade]
      .sort(([a], [b]) => gradeOrder(a) - gradeOrder(b))
      .map(([grade, totals]) => ({ grade, ...totals.toJSON() })),
    byStack: byStackRows,
    byField: [...byField]
      .map(([id, totals]) => ({ id, name: fieldName.get(id) ?? id, ...totals.toJSON() }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    byCutting: [...byCutting]
      .map(([id, totals]) => {
        const c = cutting.get(id);
        return { id, name: c?.name ?? id, year: c?.year ?? 0, ...totals.toJSON() };
      })
      .sort((a, b) => b.year - a.year || a.name.localeCompare(b.name)),
    byCropYear: [...byCropYear]
      .map(([year, totals]) => ({ year, ...totals.toJSON() }))
      .sort((a, b) => b.year - a.year),
  };
}

/**
 * One stack's grade and the value of its bales on hand today (the stack details panel): its
 * grade from the average nutrition of all its bales, as the map colours it and beside the
 * stack's average RFV (bales loaded out included: they are of the same hay); 404 when the map
 * has no such stack.
 */
export async function stackValue(
  ctx: AppContext,
  orgId: string,
  stackId: string,
): Promise<StackValueResponse> {
  const day = ctx.now().toISOString().slice(0, 10);
  const [priceRows, reference] = await Promise.all([
    listPrices(ctx.db, orgId),
    readSummaryReference(ctx.db, orgId),
  ]);
  const place = (await readFarmStacks(ctx.db, orgId)).stacks.get(stackId);
  if (!place) throw new AppError('NOT_FOUND', mapMessages.stackNotFound);
  const before = new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS);
  const uids = place.members.map((m) => m.uid);
  const bales = await onHandBales(ctx, orgId, reference, before, uids, true);
  const prices = pricesOn(
    priceRows.map((row): GradePrice => ({ ...row, grade: row.grade as HayGrade })),
    day,
  );
  const totals = new Totals();
  const graded: GradedBale[] = bales.map((bale) => {
    const { kind } = bale;
    if (!bale.loadedOut) {
      totals.add(bale.weightKg, baleValue(bale.weightKg, hayGrade(kind, bale), prices));
    }
    return { kind, rfv: bale.rfv, adf: bale.adf, ndf: bale.ndf, protein: bale.protein };
  });
  const grade = stackGrade(graded);
  return {
    stackId,
    grade: grade?.grade ?? null,
    basis: grade?.basis ?? null,
    gradedValue: grade?.value ?? null,
    ...totals.toJSON(),
  };
}
