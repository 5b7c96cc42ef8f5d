import { Button, CloseButton, Group, Paper } from '@mantine/core';
import { useFilters } from '@/features/filters/api/get-filters';
import { useActiveFilter } from '@/hooks/use-active-filter';

/** The applied filter in the top bar, with a button that clears it; nothing without one. */
export function ActiveFilterChip({ onOpen }: { onOpen: () => void }) {
  const [activeId, setActiveId] = useActiveFilter();
  const filters = useFilters();
  if (!activeId) return null;
  const name = filters.data?.filters.find((f) => f.id === activeId)?.name ?? 'Filter';
  return (
    <Paper withBorder radius="sm" px={4}>
      <Group gap={2} wrap="nowrap">
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={onOpen}
          aria-label={`Applied filter: ${name}`}
          maw={200}
        >
          {name}
        </Button>
        <CloseButton size="sm" aria-label="Clear filter" onClick={() => setActiveId(undefined)} />
      </Group>
    </Paper>
  );
}
