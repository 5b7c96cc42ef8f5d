import { heatmapClasses } from '@baletrack/domain/heatmap/measure-classes';
import { describe, expect, it } from 'vitest';
import { displayUnits } from '@/lib/display-units';
import { legendEntries } from './heatmap-legend';

describe('legendEntries', () => {
  it("shows weight classes in the organization's unit", () => {
    const classes = heatmapClasses('Weight', [480, 520, 610], 'ImperialUS');
    const labels = legendEntries('Weight', classes, displayUnits('ImperialUS')).map((e) => e.label);
    expect(labels).toEqual([
      'under 1,100 lb',
      '1,100–1,200 lb',
      '1,200–1,300 lb',
      '1,300–1,400 lb',
      '1,400 lb and over',
    ]);
    const metric = heatmapClasses('Weight', [480, 520, 610], 'MetricSI');
    expect(legendEntries('Weight', metric, displayUnits('MetricSI'))[1]?.label).toBe('500–550 kg');
  });

  it('names the RFV grades and gives every class its own colour', () => {
    const entries = legendEntries(
      'RFV',
      heatmapClasses('RFV', [], 'MetricSI'),
      displayUnits('MetricSI'),
    );
    expect(entries.map((e) => e.label)).toEqual([
      'Utility (under 130)',
      'Fair (130–150)',
      'Good (150–170)',
      'Premium (170–185)',
      'Supreme (185 and over)',
    ]);
    expect(new Set(entries.map((e) => e.color)).size).toBe(5);
  });
});
