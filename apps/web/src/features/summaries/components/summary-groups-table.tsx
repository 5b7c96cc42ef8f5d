import type { BaleSummaryQuery } from '@baletrack/contracts/summaries/summary';
import {
  type BaleSummaryGroup,
  type SummaryGrouping,
  summaryGroupings,
} from '@baletrack/contracts/summaries/summary';
import { Alert, Loader, Group as MantineGroup, SegmentedControl, Table, Text } from '@mantine/core';
import { useSummaryGroups } from '@/features/summaries/api/get-summary-groups';
import type { DisplayUnits } from '@/lib/display-units';
import { formatNumber, formatPercent, formatShortDay } from '@/lib/format';

const groupingLabels: Record<SummaryGrouping, string> = {
  field: 'Field',
  cutting: 'Cutting',
  crop: 'Crop',
  baler: 'Baler',
  day: 'Day',
  size: 'Size',
  grade: 'Grade',
};

const isDay = (key: string) => /^\d{4}-\d{2}-\d{2}$/.test(key);

const dash = (value: number | null, show: (v: number) => string) =>
  value === null ? '—' : show(value);

interface SummaryGroupsTableProps {
  query: BaleSummaryQuery;
  by: SummaryGrouping;
  onBy: (by: SummaryGrouping) => void;
  units: DisplayUnits;
  rfvEnabled: boolean;
  enabled: boolean;
}

/** The summary per field, cutting, crop, baler, day or size, one row per group. */
export function SummaryGroupsTable({
  query,
  by,
  onBy,
  units,
  rfvEnabled,
  enabled,
}: SummaryGroupsTableProps) {
  const groups = useSummaryGroups(query, by, enabled);
  const name = (group: BaleSummaryGroup) =>
    by === 'day' && group.key !== null && isDay(group.key) ? formatShortDay(group.key) : group.name;
  return (
    <>
      <SegmentedControl
        fullWidth
        size="xs"
        value={by}
        onChange={(value) => onBy(value as SummaryGrouping)}
        data={summaryGroupings.map((value) => ({ value, label: groupingLabels[value] }))}
        aria-label="Group by"
      />
      {groups.isPending ? (
        <MantineGroup justify="center" p="md">
          <Loader size="sm" aria-label="Loading groups" />
        </MantineGroup>
      ) : groups.isError ? (
        <Alert color="red">The groups could not be loaded. Try again in a moment.</Alert>
      ) : groups.data.groups.length === 0 ? (
        <Text size="sm" c="dimmed">
          No bales to group.
        </Text>
      ) : (
        // As tall as its rows, so the page alone scrolls down; a narrow panel scrolls the table
        // sideways. Focusable for the keyboard (axe-core: scrollable-region-focusable).
        <Table.ScrollContainer
          minWidth={340}
          scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}
          style={{ opacity: groups.isPlaceholderData ? 0.5 : 1 }}
        >
          <Table striped highlightOnHover fz="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{groupingLabels[by]}</Table.Th>
                <Table.Th ta="right">Bales</Table.Th>
                <Table.Th ta="right">Weight ({units.symbol('tonnage')})</Table.Th>
                <Table.Th ta="right">Moisture</Table.Th>
                <Table.Th ta="right">{rfvEnabled ? 'RFV' : 'Protein'}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {groups.data.groups.map((group) => (
                <Table.Tr key={group.key ?? 'none'}>
                  <Table.Td>{name(group)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(group.count)}</Table.Td>
                  <Table.Td ta="right">
                    {formatNumber(units.fromSI(group.totalWeightKg, 'tonnage'), 1)}
                  </Table.Td>
                  <Table.Td ta="right">{dash(group.averages.avgMoisture, formatPercent)}</Table.Td>
                  <Table.Td ta="right">
                    {rfvEnabled
                      ? dash(group.averages.rfv, (v) => formatNumber(v, 0))
                      : dash(group.averages.protein, formatPercent)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {(by === 'field' || by === 'cutting') && (
            <Text size="xs" c="dimmed" mt={4}>
              A bale in two {by === 'field' ? 'fields' : 'cuttings'} counts in both.
            </Text>
          )}
        </Table.ScrollContainer>
      )}
    </>
  );
}
