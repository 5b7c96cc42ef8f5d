import type { HeatmapClass, HeatmapMeasure } from '@baletrack/contracts/heatmaps/heatmap';
import type { DisplayUnits } from '@/lib/display-units';
import { formatNumber } from '@/lib/format';

// The map's palettes (light to dark, one hue per measure), so a heatmap reads like the bale
// colours beside it; moisture's wettest class turns violet where stored hay heats.
const palettes: Record<HeatmapMeasure, readonly string[]> = {
  Weight: ['#fdd0a2', '#fdae6b', '#f16913', '#c44103', '#7f2704'],
  AvgMoisture: ['#d2e3f3', '#8dbfdf', '#3e8ec4', '#1b5a9e', '#3b0f70'],
  RFV: ['#d9f0a3', '#addd8e', '#41ab5d', '#1d7a3a', '#004529'],
};
/** Bales that did not report the measure. */
export const NO_VALUE_COLOR = '#9e9e9e';

export const heatmapTitles: Record<HeatmapMeasure, string> = {
  Weight: 'Bale weight',
  AvgMoisture: 'Average moisture',
  RFV: 'Relative feed value (RFV)',
};

export interface LegendEntry {
  label: string;
  color: string;
}

/** The colour of each class, in the order of the classes. */
export function classColors(measure: HeatmapMeasure, count: number): string[] {
  const palette = palettes[measure];
  // Classes come from the server; should there ever be more than colours, the darkest repeats.
  return Array.from({ length: count }, (_, i) => palette[Math.min(i, palette.length - 1)] ?? '');
}

/**
 * The legend in the organization's units: 'under 1,200 lb', '1,200–1,300 lb', …,
 * 'Good (150–170)'. Limits arrive in SI and are converted here.
 */
export function legendEntries(
  measure: HeatmapMeasure,
  classes: readonly HeatmapClass[],
  units: DisplayUnits,
): LegendEntry[] {
  const show = (value: number) =>
    measure === 'Weight'
      ? formatNumber(units.fromSI(value, 'weight'))
      : formatNumber(value, Number.isInteger(value) ? 0 : 1);
  const unit = measure === 'Weight' ? ` ${units.symbol('weight')}` : measure === 'RFV' ? '' : ' %';
  const colors = classColors(measure, classes.length);
  return classes.map((c, i) => {
    const range =
      c.min === null
        ? `under ${show(c.max ?? 0)}${unit}`
        : c.max === null
          ? `${show(c.min)}${unit} and over`
          : `${show(c.min)}–${show(c.max)}${unit}`;
    return { label: c.name ? `${c.name} (${range})` : range, color: colors[i] ?? NO_VALUE_COLOR };
  });
}
