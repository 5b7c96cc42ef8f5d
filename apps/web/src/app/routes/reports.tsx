import { messages } from '@baletrack/contracts/errors/messages';
import { Alert, Button, Container, Group, Input, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useSearchParams } from 'react-router';
import { PanelBoundary } from '@/components/panel-boundary';
import { useFilters } from '@/features/filters/api/get-filters';
import { FiltersPanel } from '@/features/filters/components/filters-panel';
import { HelpLink } from '@/features/help';
import { TimeRangePicker } from '@/features/map/components/time-range-picker';
import { BaleReport } from '@/features/reports/components/bale-report';
import { ReportFilterSelect } from '@/features/reports/components/report-filter-select';
import { selectionSearch } from '@/features/reports/utils/report-link';
import { useMay } from '@/features/users';
import { useActiveFilter } from '@/hooks/use-active-filter';
import { useBaleTimeFilter } from '@/hooks/use-bale-time-filter';
import { routePaths } from '@/lib/route-names';

/**
 * Bale Reporting (docs/product.md#reports): the bales of a saved filter within the top bar's
 * dates, with their summary, a table and the CSV. The filter and dates are the map's (the
 * address bar's), so the report opens on what the map showed.
 */
export function ReportsRoute() {
  const may = useMay();
  const [params] = useSearchParams();
  const [timeFilter] = useBaleTimeFilter();
  const [filterId, setFilterId] = useActiveFilter();
  const filters = useFilters();
  const [filtersOpened, filtersPanel] = useDisclosure(false);
  const list = filters.data?.filters ?? [];
  // A filter deleted since the link was made counts as none.
  const filter = list.find((f) => f.id === filterId);

  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1} size="h2">
            Bale Reporting
          </Title>
          <Group gap="md" wrap="nowrap">
            <HelpLink slug="reports" />
            <Button
              component={Link}
              to={{ pathname: routePaths.home, search: selectionSearch(params) }}
              variant="default"
            >
              Back to the map
            </Button>
          </Group>
        </Group>
        <Group align="flex-end" gap="sm">
          <ReportFilterSelect
            filters={list}
            value={filter?.id}
            onChange={setFilterId}
            loading={filters.isPending}
          />
          <Stack gap={4}>
            <Input.Label labelElement="div">Dates</Input.Label>
            <TimeRangePicker />
          </Stack>
          <Button variant="default" onClick={filtersPanel.open}>
            Manage filters
          </Button>
        </Group>
        {filters.isError ? (
          <Alert color="red" variant="light" role="alert">
            {messages.generic}
          </Alert>
        ) : filters.isPending ? null : !filter ? (
          <Alert color="blue" variant="light" title={messages.reports.filterRequired}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                A report lists the bales of one saved filter within the dates above.
                {list.length === 0
                  ? may('farmData')
                    ? ' There is no saved filter yet: create one first.'
                    : ' There is no saved filter yet: an owner or manager of the account can create one.'
                  : may('farmData')
                    ? ' Choose one above, or create a new one.'
                    : ' Choose one above.'}
              </Text>
              {may('farmData') && (
                <Button size="xs" onClick={filtersPanel.open}>
                  {list.length === 0 ? 'Create a filter' : 'Manage filters'}
                </Button>
              )}
            </Stack>
          </Alert>
        ) : (
          <PanelBoundary what="The report">
            <BaleReport
              key={filter.id}
              query={{ ...timeFilter, filterId: filter.id }}
              filterKeepsCuttingless={filter.includeCuttingless}
            />
          </PanelBoundary>
        )}
      </Stack>
      <FiltersPanel opened={filtersOpened} onClose={filtersPanel.close} />
    </Container>
  );
}
