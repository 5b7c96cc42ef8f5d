import { Paper, SimpleGrid, Text } from '@mantine/core';

export interface KeyFigure {
  label: string;
  value: string;
}

/** The few numbers a grower looks at first, large; the full list follows below. */
export function KeyFigures({ figures }: { figures: KeyFigure[] }) {
  return (
    <SimpleGrid cols={figures.length} spacing="xs" aria-hidden="true">
      {figures.map((figure) => (
        <Paper key={figure.label} bg="gray.0" p="xs" radius="sm">
          <Text size="xs" c="dimmed">
            {figure.label}
          </Text>
          <Text fw={700} size="lg" lh={1.2}>
            {figure.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
