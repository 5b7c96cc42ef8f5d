import { heatmapMeasures } from '@baletrack/contracts/heatmaps/heatmap';
import { moistureLimits, rfvLimits } from '@baletrack/domain/heatmap/measure-classes';
import { alfalfaGrades } from '@baletrack/domain/quality-grade/quality-grade';
import type { ExpressionSpecification } from 'maplibre-gl';
import { gradeClasses } from '@/features/map/utils/grade-colour';
import type { DisplayUnits } from '@/lib/display-units';
import { formatNumber } from '@/lib/format';

/**
 * What the map can colour bales by: the heatmap's measures, crude protein, the feed value shown
 * where the organization reads nutrition values instead of RFV, and the quality grade
 * (docs/product.md#clusters).
 */
export const mapMeasures = [...heatmapMeasures, 'Protein', 'Grade'] as const;
export type MapMeasure = (typeof mapMeasures)[number];

/** The feature property the map colours by (bales, clusters and stacks all carry it). */
export type MeasureProperty = 'weightKg' | 'moisture' | 'rfv' | 'protein' | 'grade';

export interface MeasureClass {
  label: string;
  color: string;
  /** Grade classes: the `grade` property's value; and whether labels on it are white. */
  grade?: string;
  dark?: boolean;
}

export interface MeasureScale {
  measure: MapMeasure;
  title: string;
  property: MeasureProperty;
  /** Class limits in stored SI units, ascending; classes has one more entry. */
  limits: number[];
  classes: MeasureClass[];
  /** How clusters and stacks take their colour, where it is not their bales' average. */
  note?: string;
}

// One sequential hue per measure, light to dark, so the three are never confused and a class
// reads the same on the plain land colour and on satellite imagery (icons carry a dark outline).
const palettes: Record<Exclude<MapMeasure, 'Grade'>, string[]> = {
  Weight: ['#fdd0a2', '#fdae6b', '#f16913', '#c44103', '#7f2704'],
  // The wettest class turns violet: over 25 % is where stored hay heats.
  AvgMoisture: ['#d2e3f3', '#8dbfdf', '#3e8ec4', '#1b5a9e', '#3b0f70'],
  RFV: ['#d9f0a3', '#addd8e', '#41ab5d', '#1d7a3a', '#004529'],
  Protein: ['#e0ecf4', '#bfd3e6', '#8c96c6', '#8856a7', '#5b0f66'],
};
/** Bales without the value (RFV needs ADF and NDF, which not every baler reports), or ungraded. */
export const NO_VALUE_COLOR = '#9e9e9e';

// Weight classes are round numbers in the unit the grower reads; moisture follows the safe
// baling and heating limits, RFV the USDA grades (docs/product.md#quality-grades), the heatmap's
// classes.
const weightLimits = { MetricSI: [300, 450, 600, 750], Imperial: [700, 1000, 1300, 1600] };
const rfvGrades = [...alfalfaGrades].reverse();
// Crude protein, % of DM: under 12 is grass hay short of a dry cow's needs, 18 and over good
// alfalfa, 21 and over dairy-quality alfalfa (extension feed tables).
const proteinLimits = [12, 15, 18, 21];

/** Measures that not every baler reports: their key has a "Not reported" class. */
export const measuresWithGaps: ReadonlySet<MapMeasure> = new Set(['RFV', 'Protein']);

/**
 * The measure the map shows for the one chosen: RFV and crude protein share the third choice,
 * RFV where the organization shows RFV, crude protein where it reads nutrition values.
 *
 * @example shownMeasure('RFV', false) // 'Protein'
 */
export function shownMeasure(chosen: MapMeasure, rfvEnabled: boolean): MapMeasure {
  if (chosen === 'RFV' && !rfvEnabled) return 'Protein';
  if (chosen === 'Protein' && rfvEnabled) return 'RFV';
  return chosen;
}

function rangeLabels(limits: number[], unit: string): string[] {
  const suffix = unit === '' ? '' : ` ${unit}`;
  const first = limits[0] ?? 0;
  const last = limits[limits.length - 1] ?? 0;
  return [
    `under ${formatNumber(first)}${suffix}`,
    ...limits
      .slice(1)
      .map((limit, i) => `${formatNumber(limits[i] ?? 0)}–${formatNumber(limit)}${suffix}`),
    `${formatNumber(last)}${suffix} and over`,
  ];
}

/**
 * The colour classes of a measure in the organization's units (grades as the organization may
 * read them: with RFV off, legume grades are one class).
 */
export function measureScale(
  measure: MapMeasure,
  units: DisplayUnits,
  rfvEnabled = true,
): MeasureScale {
  if (measure === 'Grade') {
    return {
      measure,
      title: 'Quality grade (USDA)',
      property: 'grade',
      limits: [],
      classes: [
        ...gradeClasses(rfvEnabled),
        { label: 'Ungraded (no cutting with a crop)', color: NO_VALUE_COLOR },
      ],
      note: 'A cluster shows its bales’ most common grade, a stack its own grade.',
    };
  }
  const colors = palettes[measure];
  const withColors = (labels: string[]) =>
    labels.map((label, i) => ({ label, color: colors[i] ?? NO_VALUE_COLOR }));
  if (measure === 'Weight') {
    const display = units.system === 'MetricSI' ? weightLimits.MetricSI : weightLimits.Imperial;
    return {
      measure,
      title: 'Bale weight',
      property: 'weightKg',
      limits: display.map((limit) => units.toSI(limit, 'weight')),
      classes: withColors(rangeLabels(display, units.symbol('weight'))),
    };
  }
  if (measure === 'AvgMoisture') {
    return {
      measure,
      title: 'Average moisture',
      property: 'moisture',
      limits: [...moistureLimits],
      classes: withColors(rangeLabels([...moistureLimits], '%')),
    };
  }
  if (measure === 'Protein') {
    return {
      measure,
      title: 'Crude protein (dry matter)',
      property: 'protein',
      limits: [...proteinLimits],
      classes: withColors(rangeLabels(proteinLimits, '%')),
    };
  }
  const ranges = rangeLabels(rfvLimits, '');
  return {
    measure,
    title: 'Relative feed value (RFV)',
    property: 'rfv',
    limits: [...rfvLimits],
    classes: withColors(ranges.map((range, i) => `${rfvGrades[i]} (${range})`)),
  };
}

/** Grade classes (`grade` set) as a MapLibre `match` on the feature's grade, else `fallback`. */
function matchGrade<T extends string>(
  scale: MeasureScale,
  of: (c: MeasureClass) => T,
  fallback: T,
): ExpressionSpecification {
  const arms = scale.classes.flatMap((c) => (c.grade === undefined ? [] : [c.grade, of(c)]));
  return ['match', ['get', 'grade'], ...arms, fallback] as unknown as ExpressionSpecification;
}

/** A MapLibre colour for each feature by its class; grey where the value is missing. */
export function colorExpression(scale: MeasureScale): ExpressionSpecification {
  if (scale.measure === 'Grade') return matchGrade(scale, (c) => c.color, NO_VALUE_COLOR);
  const [first, ...rest] = scale.classes;
  const steps = rest.flatMap((c, i) => [scale.limits[i] ?? 0, c.color]);
  const value: ExpressionSpecification = ['get', scale.property];
  return [
    'case',
    ['==', ['typeof', value], 'number'],
    ['step', value, first?.color ?? NO_VALUE_COLOR, ...steps],
    NO_VALUE_COLOR,
  ] as ExpressionSpecification;
}

/**
 * Which label style reads on each feature's colour: dark text on the two light classes (and
 * grey), white on the darker ones.
 */
export function labelOnColorExpression(scale: MeasureScale): ExpressionSpecification {
  if (scale.measure === 'Grade') {
    return matchGrade(scale, (c) => (c.dark ? 'on-dark' : 'on-light'), 'on-light');
  }
  const value: ExpressionSpecification = ['get', scale.property];
  return [
    'case',
    ['!=', ['typeof', value], 'number'],
    'on-light',
    ['<', value, scale.limits[1] ?? 0],
    'on-light',
    'on-dark',
  ];
}
