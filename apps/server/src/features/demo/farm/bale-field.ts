// One baler baling one field in one cutting: windrows driven in daylight, a bale record for each
// bale dropped, with values that vary smoothly over the field so heatmaps show gradients.
import type { BaleSize } from '@baletrack/contracts/bales/bale';
import type { IngestBale } from '@baletrack/contracts/ingest/ingest';
import type { LocalFrame, Metres } from '@baletrack/domain/geo/local-frame';
import type { ForageKind } from '@baletrack/domain/quality-grade/quality-grade';
import type { SeededRandom } from '@baletrack/domain/seeded-random';
import { baleRecord } from './bale-record.ts';
import type { DemoFieldPlan } from './farm-layout.ts';
import { atPacificHour, DAY_MS, pacificHour } from './pacific-time.ts';
import { baleAlongWindrows, type DroppedBale, windrowSegments } from './windrows.ts';

/** Baling runs in daylight, from about 9 (once the dew is off) until 8 in the evening. */
export const BALING_START_HOUR = 9;
export const BALING_END_HOUR = 20;

export interface FieldBaling {
  field: DemoFieldPlan;
  kind: ForageKind;
  baleSize: BaleSize;
  /** As-baled hay, t/ha, before the field's own variation. */
  yieldTPerHa: number;
  firstCutting: boolean;
  /** The soil pattern of the field, −1 … 1, the same every cutting. */
  soil: (point: Metres) => number;
  /** When the baler may start, UTC ms. */
  startAt: number;
  frame: LocalFrame;
  random: SeededRandom;
}

/**
 * A smooth pattern over a field, −1 … 1: two crossing waves of a few hundred metres, like the
 * soil and irrigation differences that make yields and moisture vary.
 * @example const soil = soilPattern(random.fork('soil-home-north')); soil({ x: 300, y: 200 })
 */
export function soilPattern(random: SeededRandom): (point: Metres) => number {
  const [k1, k2, k3] = [0, 0, 0].map(() => (2 * Math.PI) / random.between(350, 900));
  const [p1, p2, p3] = [0, 0, 0].map(() => random.between(0, 2 * Math.PI));
  const a = random.between(0, Math.PI);
  return ({ x, y }) =>
    0.6 * Math.sin((k1 ?? 0) * x + (p1 ?? 0)) * Math.sin((k2 ?? 0) * y + (p2 ?? 0)) +
    0.4 * Math.sin((k3 ?? 0) * (x * Math.cos(a) + y * Math.sin(a)) + (p3 ?? 0));
}

/**
 * The bales a baler drops driving a field's windrows (a fresh set each cutting, at a random
 * offset), and the wet patch, if any, lying on the field this time.
 */
export function fieldWindrows(
  field: DemoFieldPlan,
  baleSize: BaleSize,
  yieldTPerHa: number,
  soil: (point: Metres) => number,
  random: SeededRandom,
): { bales: Generator<DroppedBale>; wetness: (point: Metres) => number } {
  const round = baleSize === 'FourFeet' || baleSize === 'FiveFeet';
  // Squares want heavy windrows: three 4.9 m swaths merged; rounds take two.
  const spacing = round ? 9.8 : 14.6;
  const segments = windrowSegments([field.outline, ...field.holes], field.headingDeg, spacing, {
    marginM: 4,
    offsetM: random.between(0, spacing),
  });
  // Now and then a shower or a low spot leaves part of a field wet at baling.
  const wetSpot =
    random.chance(0.15) && segments.length > 0
      ? { centre: random.pick(segments).from, radius: random.between(60, 140) }
      : null;
  const wetness = (p: Metres) =>
    wetSpot
      ? Math.max(0, 1 - Math.hypot(p.x - wetSpot.centre.x, p.y - wetSpot.centre.y) / wetSpot.radius)
      : 0;
  const bales = baleAlongWindrows({
    segments,
    hayAt: (p) => yieldTPerHa * 0.1 * (1 + 0.15 * soil(p)),
    windrowWidthM: spacing,
    nextBaleKg: () => random.clampedNormal(round ? 520 : 500, 28, 420, 600),
    speedMps: round ? 2.6 : 2.2,
    turnSeconds: () => random.between(35, 75),
    stopSeconds: round ? 25 : 0,
  });
  return { bales, wetness };
}

/**
 * Bales the field: returns the bale records in the order made and when the baler finished.
 * Times run on along the windrows; at 8 pm the baler stops until the next morning.
 */
export function baleField(job: FieldBaling): { records: IngestBale[]; finishedAt: number } {
  const { random } = job;
  const { bales, wetness } = fieldWindrows(
    job.field,
    job.baleSize,
    job.yieldTPerHa,
    job.soil,
    random,
  );
  const records: IngestBale[] = [];
  let clock = Math.max(job.startAt, atPacificHour(job.startAt, BALING_START_HOUR));
  for (const dropped of bales) {
    clock += dropped.secondsSincePrevious * 1000;
    if (pacificHour(clock) >= BALING_END_HOUR || pacificHour(clock) < BALING_START_HOUR) {
      clock = nextMorning(clock, random);
    }
    records.push(
      baleRecord(random, {
        kind: job.kind,
        baleSize: job.baleSize,
        position: job.frame.toLatLon(dropped.position),
        time: clock,
        hayKg: dropped.hayKg,
        soil: job.soil(dropped.position),
        wetness: wetness(dropped.position),
        firstCutting: job.firstCutting,
      }),
    );
  }
  return { records, finishedAt: clock };
}

/**
 * The next baling morning after `utcMs`: 9 am plus up to 40 minutes; one day in twelve is lost
 * to weather or a breakdown.
 */
export function nextMorning(utcMs: number, random: SeededRandom): number {
  const days = pacificHour(utcMs) < BALING_START_HOUR ? 0 : 1;
  const lost = random.chance(1 / 12) ? 1 : 0;
  return (
    atPacificHour(utcMs + (days + lost) * DAY_MS, BALING_START_HOUR) +
    random.between(0, 40) * 60_000
  );
}
