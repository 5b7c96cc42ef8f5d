import type { HeatmapClass, HeatmapMeasure } from '@baletrack/contracts/heatmaps/heatmap';
import { Box, Group, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { legendEntries, NO_VALUE_COLOR } from '@/features/heatmaps/utils/heatmap-legend';
import { useDisplayUnits } from '@/features/settings';
import { formatNumber } from '@/lib/format';

interface HeatmapLegendProps {
  measure: HeatmapMeasure;
  classes: HeatmapClass[];
  /** Bales per class (Icon type); absent for the overlay. */
  counts?: number[];
  /** Bales without the measure (Icon type). */
  noValue?: number;
}

function Swatch({ color }: { color: string }) {
  return (
    <Box
      w={14}
      h={14}
      style={{ borderRadius: 3, background: color, border: '1px solid #1c2014', flex: 'none' }}
    />
  );
}

/** The heatmap's classes in the organization's units, with bale counts for the Icon type. */
export function HeatmapLegend({ measure, classes, counts, noValue }: HeatmapLegendProps) {
  const units = useDisplayUnits();
  const entries = useMemo(() => legendEntries(measure, classes, units), [measure, classes, units]);
  return (
    <Stack
      gap={3}
      component="ul"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label="Heatmap legend"
    >
      {entries.map((entry, i) => (
        <Group key={entry.label} gap={8} component="li" wrap="nowrap">
          <Swatch color={entry.color} />
          <Text size="xs" style={{ flex: 1 }}>
            {entry.label}
          </Text>
          {counts && (
            <Text size="xs" c="dimmed">
              {formatNumber(counts[i] ?? 0)}
            </Text>
          )}
        </Group>
      ))}
      {noValue !== undefined && noValue > 0 && (
        <Group gap={8} component="li" wrap="nowrap">
          <Swatch color={NO_VALUE_COLOR} />
          <Text size="xs" style={{ flex: 1 }}>
            Not reported
          </Text>
          <Text size="xs" c="dimmed">
            {formatNumber(noValue)}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
