import { type BaleSize, baleSizeLabels } from '@baletrack/contracts/bales/bale';
import type { MeasurementSystem } from '@baletrack/contracts/constants';
import type { FilterAttribute, FilterDefinition, Range } from '@baletrack/contracts/filters/filter';
import { cuttingLabel } from '@baletrack/domain/crop-year';
import { formatMeasure, type Quantity } from '@baletrack/domain/units';
import type { SummaryReference } from '../summaries/summary-reference.repository.ts';

// A saved filter in words for the printable report (docs/product.md#reports): one line per
// condition, in the organization's units, names looked up (ids of deleted things say so).

const attributes: [FilterAttribute, string, Quantity | '%' | ''][] = [
  ['weightKg', 'Weight', 'weight'],
  ['dryMassKg', 'Dry matter', 'weight'],
  ['avgMoisture', 'Average moisture', '%'],
  ['peakMoisture', 'Peak moisture', '%'],
  ['temperature', 'Temperature', 'temperature'],
  ['rfv', 'RFV', ''],
  ['adf', 'ADF', '%'],
  ['ndf', 'NDF', '%'],
  ['protein', 'Protein', '%'],
  ['ash', 'Ash', '%'],
  ['sugar', 'NFC', '%'],
  ['baleLengthMeters', 'Bale length', 'dimension'],
  ['baleDiameterMeters', 'Bale diameter', 'dimension'],
  ['cutLengthMM', 'Cut length', 'cutLength'],
  ['flakeCount', 'Flakes', ''],
];

function bounds(range: Range, show: (value: number) => string): string | undefined {
  const { min, max } = range;
  if (min !== null && max !== null) return `${show(min)} to ${show(max)}`;
  if (min !== null) return `at least ${show(min)}`;
  if (max !== null) return `at most ${show(max)}`;
  return undefined;
}

function named(label: string, ids: string[], names: Map<string, string>): string[] {
  if (ids.length === 0) return [];
  return [`${label}: ${ids.map((id) => names.get(id) ?? '(deleted)').join(', ')}`];
}

/**
 * The filter's conditions as lines of text; 'Every bale' when it sets none.
 * @example filterInWords({ ...emptyFilter, ranges: { avgMoisture: { min: null, max: 16 } } }, ref, 'MetricSI')
 *   // ['Average moisture at most 16 %']
 */
export function filterInWords(
  filter: FilterDefinition,
  reference: Pick<SummaryReference, 'fields' | 'cuttings' | 'crops' | 'balers'>,
  system: MeasurementSystem,
): string[] {
  const lines: string[] = [];
  for (const [attribute, label, unit] of attributes) {
    const range = filter.ranges[attribute];
    const show = (value: number) =>
      unit === '%'
        ? `${value} %`
        : unit === ''
          ? String(value)
          : formatMeasure(value, unit, system, { digits: 2 });
    const text = range && bounds(range, show);
    if (text) lines.push(`${label} ${text}`);
  }
  const { dateRange } = filter;
  if (dateRange?.kind === 'lastDays') lines.push(`Made in the last ${dateRange.days} days`);
  if (dateRange?.kind === 'fixed') lines.push(`Made ${dateRange.start} to ${dateRange.end}`);
  const byId = (list: { id: string; name: string }[]) => new Map(list.map((x) => [x.id, x.name]));
  const cuttings = new Map(reference.cuttings.map((c) => [c.id, cuttingLabel(c.name, c.year)]));
  lines.push(
    ...named('Fields', filter.fieldIds, byId(reference.fields)),
    ...named('Cuttings', filter.cuttingIds, cuttings),
    ...named('Crops', filter.cropIds, byId(reference.crops)),
    ...named('Balers', filter.balerIds, byId(reference.balers)),
  );
  if (filter.baleSizes.length > 0) {
    const sizes = filter.baleSizes.map((size) => baleSizeLabels[size as BaleSize] ?? size);
    lines.push(`Bale sizes: ${sizes.join(', ')}`);
  }
  if (!filter.includeCuttingless) lines.push('Only bales in a cutting');
  return lines.length > 0 ? lines : ['Every bale'];
}
