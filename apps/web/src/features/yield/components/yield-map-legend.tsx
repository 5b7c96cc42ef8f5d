import { Box, Group, Stack, Text } from '@mantine/core';
import { useDisplayUnits } from '@/features/settings';
import { noHaySwatch } from '@/features/yield/utils/no-hay-pattern';
import { type YieldClass, yieldClassLabels } from '@/features/yield/utils/yield-classes';
import { formatCount } from '@/lib/format';

interface YieldMapLegendProps {
  classes: readonly YieldClass[];
  /** Fields in each class. */
  counts: readonly number[];
  /** Fields without hay in the year or cutting shown. */
  noHay: number;
}

function Swatch({ background }: { background: string }) {
  return (
    <Box
      data-swatch
      w={14}
      h={14}
      style={{ borderRadius: 3, background, border: '1px solid #1c2014', flex: 'none' }}
    />
  );
}

/** The yield map's classes in the organization's units, each with its number of fields. */
export function YieldMapLegend({ classes, counts, noHay }: YieldMapLegendProps) {
  const units = useDisplayUnits();
  const labels = yieldClassLabels(classes, units);
  const entries = [
    ...classes.map((c, i) => ({ label: labels[i] ?? '', background: c.color, count: counts[i] })),
    ...(noHay > 0 ? [{ label: 'No hay', background: noHaySwatch, count: noHay }] : []),
  ];
  return (
    <Stack
      gap={3}
      component="ul"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label="Yield legend"
    >
      {entries.map((entry) => (
        <Group key={entry.label} gap={8} component="li" wrap="nowrap">
          <Swatch background={entry.background} />
          <Text size="xs" style={{ flex: 1 }}>
            {entry.label}
          </Text>
          <Text size="xs" c="dimmed">
            {formatCount(entry.count ?? 0, 'field', 'fields')}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
