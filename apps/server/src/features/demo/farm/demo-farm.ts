// The demo farm generator: seed and `now` in, the same farm out, every time. Pure: no clock,
// no I/O; the server stores what this returns.
import { localFrame } from '@baletrack/domain/geo/local-frame';
import { forageKindOf } from '@baletrack/domain/quality-grade/quality-grade';
import { seededRandom } from '@baletrack/domain/seeded-random';
import { baleField, soilPattern } from './bale-field.ts';
import { areaHectares, toBoundary } from './boundaries.ts';
import type { DemoBale, DemoCutting, DemoFarm, DemoField } from './demo-farm-model.ts';
import {
  demoBalerPlans,
  demoCropNames,
  demoFieldPlans,
  demoYardPlan,
  FARM_NAME,
  FARM_ORIGIN,
  FARM_TIME_ZONE,
} from './farm-layout.ts';
import { DAY_MS, pacificDate } from './pacific-time.ts';
import { planSeason } from './season-plan.ts';
import { stackIntoYard } from './stacks.ts';
import { monthOf, planSubscriptions } from './subscriptions.ts';

/** The seed the product seeds with; tests may pass others. */
export const DEMO_SEED = 20_260_521;

/** Share of bales hauled into stacks in the yard. */
const STACKED_SHARE = 0.08;

/**
 * The two crop years to show: the current and the previous calendar year, or, before the first
 * cutting of the year (mid-May), the two seasons just past, so the demo never opens on an empty
 * year.
 * @example demoCropYears(new Date('2026-11-21')) // [2025, 2026]
 * @example demoCropYears(new Date('2027-02-01')) // [2025, 2026]
 */
export function demoCropYears(now: Date): number[] {
  const year = now.getUTCFullYear();
  const seasonStarted = now.getTime() >= Date.UTC(year, 4, 15);
  return seasonStarted ? [year - 1, year] : [year - 2, year - 1];
}

/**
 * Generates the demo farm: a Yakima Valley hay farm with twelve fields, two balers, alfalfa and
 * timothy cut over two crop years, about 20,000 bales along the windrows up to `now`, some
 * hauled into stacks in the yard, and a subscription on all but one month.
 * @example const farm = generateDemoFarm({ now: new Date() }); farm.bales.length // ≈ 20,000
 */
export function generateDemoFarm(options: { now: Date; seed?: number }): DemoFarm {
  const now = options.now.getTime();
  const random = seededRandom(options.seed ?? DEMO_SEED);
  const ids = random.fork('ids');
  const frame = localFrame(FARM_ORIGIN);

  const crops = (['alfalfa', 'timothy'] as const).map((key) => ({
    key,
    id: ids.uuid(),
    name: demoCropNames[key],
  }));
  const cropId = (key: string) => crops.find((c) => c.key === key)?.id ?? '';
  const balers = demoBalerPlans.map((plan) => ({ ...plan, id: ids.uuid() }));
  const balerOf = (key: string) => balers.find((b) => b.key === key) ?? (balers[0] as never);
  const fields = demoFieldPlans.map((plan) => ({
    plan,
    id: ids.uuid(),
    soil: soilPattern(random.fork(`soil-${plan.key}`)),
  }));
  const geofence = { id: ids.uuid(), name: demoYardPlan.name };

  const cropYears = demoCropYears(options.now);
  const season = planSeason(cropYears, demoFieldPlans, random.fork('season'));
  const cuttings: DemoCutting[] = [];
  const bales: DemoBale[] = [];
  const balerFreeAt = new Map<string, number>();

  for (const cutting of season) {
    if (cutting.mowDay > now) continue;
    const cuttingId = ids.uuid();
    const work = random.fork(`${cutting.name}`);
    let lastBale = cutting.mowDay;
    for (const { field: plan, baler: balerKey } of cutting.work) {
      const baler = balerOf(balerKey);
      const field = fields.find((f) => f.plan.key === plan.key);
      if (!field) continue;
      const ready = cutting.mowDay + cutting.curingDays * DAY_MS;
      const { records, finishedAt } = baleField({
        field: plan,
        kind: forageKindOf(demoCropNames[cutting.crop]),
        baleSize: baler.baleSize,
        yieldTPerHa: cutting.yieldTPerHa,
        firstCutting: cutting.number === 1,
        soil: field.soil,
        startAt: Math.max(ready, balerFreeAt.get(baler.id) ?? 0),
        frame,
        random: work.fork(plan.key),
      });
      // Moving to the next field takes the better part of an hour (after hours, baleField
      // waits for the morning).
      balerFreeAt.set(baler.id, finishedAt + work.between(20, 60) * 60_000);
      for (const record of records) {
        if (Date.parse(record.creationTime) > now) break;
        bales.push({ balerId: baler.id, fieldId: field.id, cuttingId, record });
        lastBale = Math.max(lastBale, Date.parse(record.creationTime));
      }
    }
    cuttings.push({
      id: cuttingId,
      name: cutting.name,
      startDate: pacificDate(cutting.mowDay + 12 * 3_600_000),
      // The day after the last bale, so evening bales (past midnight UTC) count on any clock.
      endDate: pacificDate(lastBale + DAY_MS),
      fieldIds: cutting.work
        .map((w) => fields.find((f) => f.plan.key === w.field.key)?.id ?? '')
        .filter((id) => id !== ''),
      cropId: cropId(cutting.crop),
      year: cutting.year,
    });
  }
  // Plain code-unit order: ids and ISO times sort correctly without locale rules (and fast).
  const key = (bale: DemoBale) => `${bale.balerId}|${bale.record.creationTime}`;
  bales.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));

  const yard = {
    min: demoYardPlan.outline[0] ?? { x: 0, y: 0 },
    max: demoYardPlan.outline[2] ?? { x: 0, y: 0 },
  };
  const stacking = stackIntoYard(bales, {
    yard,
    frame,
    baleSizeOf: (balerId) => balers.find((b) => b.id === balerId)?.baleSize ?? 'ThreeXFour',
    share: STACKED_SHARE,
    now,
    random: random.fork('stacks'),
  });
  const subscriptions = planSubscriptions(
    bales,
    balers.map((b) => b.id),
    monthOf(options.now.toISOString()),
    cropYears[0] ?? 0,
  );

  return {
    organization: { name: FARM_NAME, center: FARM_ORIGIN, timeZone: FARM_TIME_ZONE },
    crops: crops.map(({ id, name }) => ({ id, name })),
    fields: fields.map(
      ({ plan, id }): DemoField => ({
        id,
        name: plan.name,
        sizeHectares: Math.round(areaHectares(plan.outline, plan.holes)),
        boundary: toBoundary(frame, plan.outline, plan.holes),
        cropId: cropId(plan.crop),
      }),
    ),
    cuttings,
    balers: balers.map(({ id, name, vin, baleSize }) => ({ id, name, vin, baleSize })),
    subscriptionMonths: subscriptions.months,
    geofences: [{ ...geofence, boundary: toBoundary(frame, demoYardPlan.outline) }],
    bales,
    summary: {
      cropYears,
      stacks: stacking.stacks,
      movedBales: stacking.moved,
      locked: subscriptions.locked,
    },
  };
}
