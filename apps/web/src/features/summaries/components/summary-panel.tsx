import type { SummaryGrouping } from '@baletrack/contracts/summaries/summary';
import { Alert, Divider, Drawer, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { PanelBoundary } from '@/components/panel-boundary';
import { HelpLink } from '@/features/help';
import { useDisplayUnits, useRfvEnabled } from '@/features/settings';
import { useSummary } from '@/features/summaries/api/get-summary';
import { GradeBars } from '@/features/summaries/components/grade-bars';
import { InventoryValueLine } from '@/features/summaries/components/inventory-value-line';
import { SummaryFigures } from '@/features/summaries/components/summary-figures';
import { SummaryGroupsTable } from '@/features/summaries/components/summary-groups-table';
import { useActiveFilter } from '@/hooks/use-active-filter';
import { useBaleTimeFilter } from '@/hooks/use-bale-time-filter';

interface SummaryPanelProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * The menu's Summary: key figures, grades and groups of the bales the map shows — the applied
 * filter and the top bar's dates. Asks only while open.
 */
export function SummaryPanel({ opened, onClose }: SummaryPanelProps) {
  const [timeFilter] = useBaleTimeFilter();
  const [filterId] = useActiveFilter();
  const query = { ...timeFilter, filterId };
  const units = useDisplayUnits();
  const rfvEnabled = useRfvEnabled();
  const summary = useSummary(query, opened);
  const [by, setBy] = useState<SummaryGrouping>('field');

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="lg"
      title="Summary"
      closeButtonProps={{ 'aria-label': 'Close summary' }}
    >
      <PanelBoundary what="The summary">
        <Stack gap="md">
          {/* The link stands outside the dimmed text so it keeps the normal link colour. */}
          <div>
            <Text size="sm" c="dimmed">
              {filterId ? 'Bales of the applied filter' : 'All bales'} within the dates in the top
              bar; bales that need a subscription are not counted.
            </Text>
            <HelpLink slug="filters-and-summaries" anchor="summaries">
              About summaries
            </HelpLink>
          </div>
          {summary.isPending ? (
            <Skeleton height={180} aria-label="Loading summary" />
          ) : summary.isError ? (
            <Alert color="red">The summary could not be loaded. Try again in a moment.</Alert>
          ) : summary.data.summary.count === 0 ? (
            <Text>No bales match the filter and dates.</Text>
          ) : (
            <>
              <SummaryFigures
                summary={summary.data.summary}
                units={units}
                rfvEnabled={rfvEnabled}
              />
              <Divider />
              <Title order={3} size="h5">
                Quality grades
              </Title>
              <GradeBars grades={summary.data.summary.grades} total={summary.data.summary.count} />
              <InventoryValueLine enabled={opened} />
              <Divider />
              <Title order={3} size="h5">
                By group
              </Title>
              <SummaryGroupsTable
                query={query}
                by={by}
                onBy={setBy}
                units={units}
                rfvEnabled={rfvEnabled}
                enabled={opened}
              />
            </>
          )}
        </Stack>
      </PanelBoundary>
    </Drawer>
  );
}
