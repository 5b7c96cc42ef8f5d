import { Box, Button, Collapse, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import {
  type MapMeasure,
  type MeasureScale,
  measuresWithGaps,
  NO_VALUE_COLOR,
} from '@/features/map/utils/measure-scale';

// The third choice is the feed value the organization reads: RFV, or crude protein.
const measureOptions = (rfvEnabled: boolean): { label: string; value: MapMeasure }[] => [
  { label: 'Weight', value: 'Weight' },
  { label: 'Moisture', value: 'AvgMoisture' },
  rfvEnabled ? { label: 'RFV', value: 'RFV' } : { label: 'Protein', value: 'Protein' },
  { label: 'Grade', value: 'Grade' },
];

const OUTLINE = '#1c2014';

// Small drawings of the map's symbols, so the key shows what the map shows.
const shapeKey: { label: string; icon: ReactNode }[] = [
  {
    label: 'Round bale',
    icon: <circle cx="9" cy="9" r="6" fill="#9aa0a6" stroke={OUTLINE} strokeWidth="1.2" />,
  },
  {
    label: 'Square bale',
    icon: (
      <rect
        x="3"
        y="3"
        width="12"
        height="12"
        rx="2"
        fill="#9aa0a6"
        stroke={OUTLINE}
        strokeWidth="1.2"
      />
    ),
  },
  {
    label: 'Stack (moved bales lying together)',
    icon: (
      <g fill="#9aa0a6" stroke={OUTLINE} strokeWidth="1">
        <rect x="1" y="10" width="7.5" height="6" rx="1.2" />
        <rect x="9.5" y="10" width="7.5" height="6" rx="1.2" />
        <rect x="5.25" y="3" width="7.5" height="6" rx="1.2" />
      </g>
    ),
  },
  {
    label: 'Cluster: number of bales',
    icon: <circle cx="9" cy="9" r="7.5" fill="#9aa0a6" stroke="#fff" strokeWidth="1.5" />,
  },
];

function Swatch({ color }: { color: string }) {
  return (
    <Box
      w={14}
      h={14}
      style={{ borderRadius: 4, background: color, border: `1px solid ${OUTLINE}`, flex: 'none' }}
    />
  );
}

interface MeasureLegendProps {
  scale: MeasureScale;
  onMeasureChange: (measure: MapMeasure) => void;
  /** RFV off in Settings: the organization reads nutrition values, so protein replaces RFV. */
  rfvEnabled: boolean;
}

/** The colour measure's selector and classes, with a key to the map's symbols. */
export function MeasureLegend({ scale, onMeasureChange, rfvEnabled }: MeasureLegendProps) {
  // On a phone the key would cover the farm: it starts folded there.
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [keyShown, key] = useDisclosure(!narrow);
  return (
    <Paper component="section" aria-label="Legend" shadow="sm" p="sm" radius="md" w={250}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" id="colour-by-label">
            Colour bales by
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={key.toggle}
            aria-expanded={keyShown}
            rightSection={<span aria-hidden="true">{keyShown ? '▴' : '▾'}</span>}
          >
            Key
          </Button>
        </Group>
        <SegmentedControl
          size="xs"
          fullWidth
          aria-labelledby="colour-by-label"
          value={scale.measure}
          onChange={(value) => onMeasureChange(value as MapMeasure)}
          data={measureOptions(rfvEnabled)}
        />
        <Collapse expanded={keyShown}>
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              {scale.title}
            </Text>
            <Stack gap={3} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {scale.classes.map((c) => (
                <Group key={c.label} gap={8} component="li" wrap="nowrap">
                  <Swatch color={c.color} />
                  <Text size="xs">{c.label}</Text>
                </Group>
              ))}
              {measuresWithGaps.has(scale.measure) && (
                <Group gap={8} component="li" wrap="nowrap">
                  <Swatch color={NO_VALUE_COLOR} />
                  <Text size="xs">Not reported</Text>
                </Group>
              )}
            </Stack>
            {scale.note && (
              <Text size="xs" c="dimmed">
                {scale.note}
              </Text>
            )}
            <Stack gap={3} component="ul" m={0} p={0} pt={4} style={{ listStyle: 'none' }}>
              {shapeKey.map((shape) => (
                <Group key={shape.label} gap={8} component="li" wrap="nowrap">
                  <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true">
                    {shape.icon}
                  </svg>
                  <Text size="xs">{shape.label}</Text>
                </Group>
              ))}
            </Stack>
          </Stack>
        </Collapse>
      </Stack>
    </Paper>
  );
}
