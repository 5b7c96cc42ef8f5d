// The benchmark's bales: the demo farm's generator run for successive pairs of crop years (a
// seed each), so the bales lie along the windrows of the same twelve fields over as many
// seasons as it takes, with the generator's stacks and its one unsubscribed month per pair.
import type { IngestBale } from '@baletrack/contracts/ingest/ingest';
import { DEMO_SEED, generateDemoFarm } from '../../apps/server/src/features/demo/farm/demo-farm.ts';
import type {
  DemoField,
  DemoGeofence,
} from '../../apps/server/src/features/demo/farm/demo-farm-model.ts';

/** One baler of the benchmark organization: its bales in the order made, its active months. */
export interface BenchBaler {
  bales: IngestBale[];
  /** 'YYYY-MM-01' */
  activeMonths: string[];
}

export interface BenchFarm {
  fields: DemoField[];
  geofences: DemoGeofence[];
  balers: BenchBaler[];
  total: number;
  /** Bales made in a month their baler has no subscription for (stored, never shown). */
  locked: number;
  /** First and last crop year. */
  years: [number, number];
}

// A fixed "today" keeps the farm the same from run to run.
const ANCHOR = Date.UTC(2026, 10, 21);
const YEAR_MS = 365.25 * 86_400_000;
/** Pairs of crop years back from the anchor before they repeat (1977–2026). */
const WINDOWS = 25;

/**
 * `total` bales over `balerCount` balers (an even number): generated farm k's square and round
 * balers become balers 2·(k mod balerCount/2) and the one after, so each baler's years follow
 * on. The last (oldest) farm contributes its newest bales only.
 * @example generateBenchFarm(200_000, 4, 0).balers.length // 4
 */
export function generateBenchFarm(
  total: number,
  balerCount: number,
  seedOffset: number,
): BenchFarm {
  const balers: BenchBaler[] = Array.from({ length: balerCount }, () => ({
    bales: [],
    activeMonths: [],
  }));
  let first: ReturnType<typeof generateDemoFarm> | undefined;
  let taken = 0;
  let locked = 0;
  let oldestYear = 0;
  for (let k = 0; taken < total; k += 1) {
    // The generator makes no bale before 1970: past WINDOWS pairs of years the windows repeat
    // (with a new seed each, on the other pair of balers, since WINDOWS is odd), so a farm of
    // more than about 500,000 bales has two generated farms' bales in each of those seasons.
    const farm = generateDemoFarm({
      now: new Date(ANCHOR - 2 * (k % WINDOWS) * YEAR_MS),
      seed: DEMO_SEED + seedOffset + k,
    });
    if (farm.bales.length === 0) throw new Error(`The demo farm of window ${k} has no bale.`);
    first ??= farm;
    oldestYear = Math.min(
      oldestYear || Number.POSITIVE_INFINITY,
      farm.summary.cropYears[0] ?? oldestYear,
    );
    const slotOf = new Map(
      farm.balers.map((b, i) => [b.id, 2 * (k % (balerCount / 2)) + i] as const),
    );
    const active = new Set(farm.subscriptionMonths.map((m) => `${m.balerId}|${m.month}`));
    for (const month of farm.subscriptionMonths) {
      balers[slotOf.get(month.balerId) ?? 0]?.activeMonths.push(month.month);
    }
    const newestFirst = [...farm.bales].sort((a, b) =>
      a.record.creationTime < b.record.creationTime ? 1 : -1,
    );
    const kept = newestFirst.slice(0, total - taken).reverse();
    for (const bale of kept) {
      balers[slotOf.get(bale.balerId) ?? 0]?.bales.push(bale.record);
      if (!active.has(`${bale.balerId}|${bale.record.creationTime.slice(0, 7)}-01`)) locked += 1;
    }
    taken += kept.length;
  }
  if (!first) throw new Error('No demo farm was generated.');
  for (const baler of balers) {
    baler.bales.sort((a, b) => (a.creationTime < b.creationTime ? -1 : 1));
  }
  return {
    fields: first.fields,
    geofences: first.geofences,
    balers,
    total: taken,
    locked,
    years: [oldestYear, first.summary.cropYears.at(-1) ?? oldestYear],
  };
}
