import type { BaleSummary } from '@baletrack/contracts/summaries/summary';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { DisplayUnits } from '@/lib/display-units';
import { formatNumber, formatPercent } from '@/lib/format';

const orDash = (value: number | null, show: (v: number) => string) =>
  value === null ? '—' : show(value);

/** The summary's key figures in the organization's units; '—' where no bale had the value. */
export function SummaryFigures({
  summary,
  units,
  rfvEnabled,
}: {
  summary: BaleSummary;
  units: DisplayUnits;
  rfvEnabled: boolean;
}) {
  const { averages: a } = summary;
  const figures = [
    { label: 'Bales', value: formatNumber(summary.count) },
    { label: 'Total weight', value: units.format(summary.totalWeightKg, 'tonnage', 1) },
    { label: 'Dry matter', value: units.format(summary.totalDryMassKg, 'tonnage', 1) },
    { label: 'Average weight', value: orDash(a.weightKg, (v) => units.format(v, 'weight')) },
    { label: 'Average moisture', value: orDash(a.avgMoisture, formatPercent) },
    { label: 'Average peak moisture', value: orDash(a.peakMoisture, formatPercent) },
    { label: 'Highest peak moisture', value: orDash(summary.maxPeakMoisture, formatPercent) },
    { label: 'Above safe moisture', value: formatNumber(summary.aboveSafeMoistureCount) },
    ...(rfvEnabled
      ? [{ label: 'Average RFV', value: orDash(a.rfv, (v) => formatNumber(v, 0)) }]
      : [
          { label: 'Average ADF', value: orDash(a.adf, formatPercent) },
          { label: 'Average NDF', value: orDash(a.ndf, formatPercent) },
        ]),
    { label: 'Average protein', value: orDash(a.protein, formatPercent) },
    { label: 'Average ash', value: orDash(a.ash, formatPercent) },
    { label: 'Average NFC', value: orDash(a.sugar, formatPercent) },
  ];
  return (
    <SimpleGrid cols={3} spacing="xs">
      {figures.map((figure) => (
        <Paper key={figure.label} bg="gray.0" p="xs" radius="sm">
          <Text size="xs" c="dimmed">
            {figure.label}
          </Text>
          <Text fw={700} lh={1.3}>
            {figure.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
