import { messages } from '@baletrack/contracts/errors/messages';
import type { Filter } from '@baletrack/contracts/filters/filter';
import { Alert, Badge, Button, Group, Modal, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { PanelBoundary } from '@/components/panel-boundary';
import { useDeleteFilter } from '@/features/filters/api/delete-filter';
import { useFilters } from '@/features/filters/api/get-filters';
import { FilterForm } from '@/features/filters/components/filter-form';
import { describeFilter } from '@/features/filters/utils/describe-filter';
import { HelpLink } from '@/features/help';
import { useDisplayUnits } from '@/features/settings';
import { useMay } from '@/features/users';
import { useActiveFilter } from '@/hooks/use-active-filter';

interface FiltersPanelProps {
  opened: boolean;
  onClose: () => void;
}

type View = { kind: 'list' } | { kind: 'edit'; filter?: Filter };

/**
 * The menu's Filters: the saved filters, to create, change, apply (one at a time) or delete; a
 * viewer applies them only.
 */
export function FiltersPanel({ opened, onClose }: FiltersPanelProps) {
  const filters = useFilters();
  const remove = useDeleteFilter();
  const units = useDisplayUnits();
  const canChange = useMay()('farmData');
  const [activeId, setActiveId] = useActiveFilter();
  const [view, setView] = useState<View>({ kind: 'list' });
  const [confirming, setConfirming] = useState<string>();

  const close = () => {
    setView({ kind: 'list' });
    setConfirming(undefined);
    remove.reset();
    onClose();
  };
  const apply = (id: string) => {
    setActiveId(id);
    close();
  };
  const destroy = async (filter: Filter) => {
    try {
      await remove.mutateAsync(filter.id);
    } catch {
      return; // shown below
    }
    if (activeId === filter.id) setActiveId(undefined);
    setConfirming(undefined);
    notifications.show({ message: `Filter ${filter.name} deleted.` });
  };

  const editing = view.kind === 'edit';
  return (
    <Modal
      opened={opened}
      onClose={close}
      size="lg"
      title={editing ? (view.filter ? `Edit filter ${view.filter.name}` : 'New filter') : 'Filters'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <PanelBoundary what="The filters">
        {editing ? (
          <FilterForm
            key={view.filter?.id ?? 'new'}
            filter={view.filter}
            onCancel={() => setView({ kind: 'list' })}
            onSaved={(saved) => {
              notifications.show({ color: 'green', message: `Filter ${saved.name} saved.` });
              setView({ kind: 'list' });
            }}
          />
        ) : (
          <Stack gap="sm">
            {filters.isPending && <Skeleton height={60} aria-label="Loading filters" />}
            {filters.isError && (
              <Alert color="red" variant="light">
                {messages.generic}
              </Alert>
            )}
            {filters.data?.filters.length === 0 && (
              <Text size="sm" c="dimmed">
                No filters yet. A filter keeps the bales within limits you choose, for the map and
                for reports.
              </Text>
            )}
            {remove.isError && (
              <Alert color="red" variant="light">
                {messages.filter.deleteFailed}
              </Alert>
            )}
            <Stack gap="xs" role="list" aria-label="Saved filters">
              {filters.data?.filters.map((filter) => (
                <Paper
                  key={filter.id}
                  withBorder
                  p="sm"
                  radius="md"
                  role="listitem"
                  aria-label={filter.name}
                >
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Stack gap={2} miw={0}>
                      <Group gap="xs">
                        <Text fw={600}>{filter.name}</Text>
                        {activeId === filter.id && <Badge size="sm">Applied</Badge>}
                      </Group>
                      <Text size="xs" c="dimmed">
                        {describeFilter(filter, units)}
                      </Text>
                    </Stack>
                    {confirming === filter.id ? (
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          color="red"
                          loading={remove.isPending}
                          onClick={() => void destroy(filter)}
                        >
                          Delete {filter.name}
                        </Button>
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => setConfirming(undefined)}
                        >
                          Keep
                        </Button>
                      </Group>
                    ) : (
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" onClick={() => apply(filter.id)}>
                          Apply
                        </Button>
                        {canChange && (
                          <>
                            <Button
                              size="xs"
                              variant="default"
                              onClick={() => setView({ kind: 'edit', filter })}
                            >
                              Edit
                            </Button>
                            <Button
                              size="xs"
                              variant="subtle"
                              color="red"
                              onClick={() => setConfirming(filter.id)}
                            >
                              Delete
                            </Button>
                          </>
                        )}
                      </Group>
                    )}
                  </Group>
                </Paper>
              ))}
            </Stack>
            <Group justify="space-between">
              <HelpLink slug="filters-and-summaries">About filters</HelpLink>
              {canChange && <Button onClick={() => setView({ kind: 'edit' })}>New filter</Button>}
            </Group>
          </Stack>
        )}
      </PanelBoundary>
    </Modal>
  );
}
