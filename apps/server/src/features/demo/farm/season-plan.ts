// Which cuttings the demo farm takes each year, on which fields, with which baler and how much
// hay: Yakima Valley irrigated alfalfa gives four cuttings from late May to mid-September, the
// first the largest; timothy two, the first in late June.
import type { SeededRandom } from '@baletrack/domain/seeded-random';
import type { DemoBalerKey, DemoCropKey, DemoFieldPlan } from './farm-layout.ts';

export interface CuttingPlan {
  year: number;
  crop: DemoCropKey;
  /** 1 for the first cutting of the year. */
  number: number;
  name: string;
  /** Day the first windrows are mowed (UTC midnight of that Pacific date), ms. */
  mowDay: number;
  /** Baling starts this many days after mowing, when the hay has cured. */
  curingDays: number;
  /** As-baled hay, tonnes per hectare. */
  yieldTPerHa: number;
  /** The fields cut, each with the baler that bales it, in the order they are baled. */
  work: { field: DemoFieldPlan; baler: DemoBalerKey }[];
}

interface CuttingTemplate {
  crop: DemoCropKey;
  number: number;
  /** Month (1–12) and day of the usual mowing date. */
  month: number;
  day: number;
  yieldTPerHa: number;
  /** Fields left out (grazed, or too thin for a last cutting). */
  skip?: (field: DemoFieldPlan, yearIndex: number) => boolean;
  baler?: DemoBalerKey;
}

// Alfalfa's fourth cutting is light and fed on the farm, so the round baler makes it, and only
// on the stands nearest home: two of them after the earlier year's dry autumn, four in the
// later year; the older stands rest.
const fourthCuttingFields = ['home-north', 'home-pivot', 'schoolhouse-east', 'west-pivot'];
const fourthCuttingFieldCount = [2, 4];

const templates: readonly CuttingTemplate[] = [
  { crop: 'alfalfa', number: 1, month: 5, day: 18, yieldTPerHa: 5.3 },
  { crop: 'timothy', number: 1, month: 6, day: 16, yieldTPerHa: 5.9 },
  { crop: 'alfalfa', number: 2, month: 6, day: 28, yieldTPerHa: 4.3 },
  { crop: 'alfalfa', number: 3, month: 8, day: 4, yieldTPerHa: 3.8 },
  // Schoolhouse West is grazed after its first cutting.
  {
    crop: 'timothy',
    number: 2,
    month: 8,
    day: 20,
    yieldTPerHa: 3.8,
    skip: (f) => f.key === 'schoolhouse-west',
  },
  {
    crop: 'alfalfa',
    number: 4,
    month: 9,
    day: 10,
    yieldTPerHa: 2.7,
    baler: 'round',
    skip: (f, yearIndex) =>
      !fourthCuttingFields.slice(0, fourthCuttingFieldCount[yearIndex] ?? 4).includes(f.key),
  },
];

const ordinal = (n: number) => ['1st', '2nd', '3rd', '4th', '5th'][n - 1] ?? `${n}th`;
const DAY_MS = 86_400_000;

/**
 * The cuttings of the given years, in calendar order, with dates moved a few days each year
 * the way weather moves them.
 * @example planSeason([2025, 2026], demoFieldPlans, random.fork('season'))
 */
export function planSeason(
  years: readonly number[],
  fields: readonly DemoFieldPlan[],
  random: SeededRandom,
): CuttingPlan[] {
  const plans: CuttingPlan[] = [];
  for (const [yearIndex, year] of years.entries()) {
    const yearRandom = random.fork(`season-${year}`);
    for (const template of templates) {
      const work = fields
        .filter((f) => f.crop === template.crop && !template.skip?.(f, yearIndex))
        .map((f) => ({ field: f, baler: template.baler ?? f.baler }));
      plans.push({
        year,
        crop: template.crop,
        number: template.number,
        name: `${year} ${template.crop === 'alfalfa' ? 'Alfalfa' : 'Timothy'} ${ordinal(template.number)} cutting`,
        mowDay: Date.UTC(year, template.month - 1, template.day) + yearRandom.int(-4, 4) * DAY_MS,
        curingDays: yearRandom.int(3, 5),
        yieldTPerHa: template.yieldTPerHa * yearRandom.between(0.93, 1.07),
        work,
      });
    }
  }
  return plans.sort((a, b) => a.mowDay - b.mowDay);
}
