import type { BaleSummaryGroup } from '@baletrack/contracts/summaries/summary';
import { Alert, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { ReportBalesQuery } from '@/features/reports/api/get-report-bales';
import { useSummaryGroups } from '@/features/summaries';
import type { DisplayUnits } from '@/lib/display-units';
import { formatNumber, formatPercent } from '@/lib/format';

const dash = '—';

interface ReportGroupTotalsProps {
  query: ReportBalesQuery;
  by: 'field' | 'cutting';
  units: DisplayUnits;
  rfvEnabled: boolean;
}

/** The report's totals per field or per cutting: the summaries' group-by of the same selection. */
export function ReportGroupTotals({ query, by, units, rfvEnabled }: ReportGroupTotalsProps) {
  const groups = useSummaryGroups(query, by, true);
  const title = by === 'field' ? 'Per field' : 'Per cutting';
  const tonnage = units.symbol('tonnage');
  const tons = (kg: number) => formatNumber(units.fromSI(kg, 'tonnage'), 2);
  const nutrition = (g: BaleSummaryGroup) =>
    rfvEnabled
      ? g.averages.rfv === null
        ? dash
        : formatNumber(g.averages.rfv, 0)
      : g.averages.protein === null
        ? dash
        : formatPercent(g.averages.protein);

  return (
    <Stack gap={6} component="section" aria-label={title}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {groups.isPending ? (
        <Skeleton height={120} aria-label={`Loading totals ${title.toLowerCase()}`} />
      ) : groups.isError ? (
        <Alert color="red" variant="light" role="alert">
          The totals could not be loaded. Try again in a moment.
        </Alert>
      ) : groups.data.groups.length === 0 ? (
        <Text size="sm" c="dimmed">
          No bales.
        </Text>
      ) : (
        // As tall as its rows, so the page alone scrolls down; on a phone the table scrolls
        // sideways rather than squeezing names. Focusable for the keyboard (axe-core:
        // scrollable-region-focusable).
        <Table.ScrollContainer minWidth={560} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
          <Table striped fz="sm" aria-label={`Totals ${title.toLowerCase()}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{by === 'field' ? 'Field' : 'Cutting'}</Table.Th>
                <Table.Th ta="right">Bales</Table.Th>
                <Table.Th ta="right">Weight ({tonnage})</Table.Th>
                <Table.Th ta="right">Dry matter ({tonnage})</Table.Th>
                <Table.Th ta="right">Moisture</Table.Th>
                <Table.Th ta="right">{rfvEnabled ? 'RFV' : 'Protein'}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {groups.data.groups.map((group) => (
                <Table.Tr key={group.key ?? 'none'}>
                  <Table.Td>{group.name}</Table.Td>
                  <Table.Td ta="right">{formatNumber(group.count)}</Table.Td>
                  <Table.Td ta="right">{tons(group.totalWeightKg)}</Table.Td>
                  <Table.Td ta="right">{tons(group.totalDryMassKg)}</Table.Td>
                  <Table.Td ta="right">
                    {group.averages.avgMoisture === null
                      ? dash
                      : formatPercent(group.averages.avgMoisture)}
                  </Table.Td>
                  <Table.Td ta="right">{nutrition(group)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Text size="xs" c="dimmed">
        A bale in two {by === 'field' ? 'fields' : 'cuttings'} counts in both.
      </Text>
    </Stack>
  );
}
