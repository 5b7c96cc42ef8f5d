import type { LoadRow } from '@baletrack/contracts/loads/loads';
import { Alert, Anchor, Card, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import { useLoads } from '@/features/loads/api/get-loads';
import { LoadStatusBadge } from '@/features/loads/components/load-status-badge';
import { useDisplayUnits } from '@/features/settings';
import type { DisplayUnits } from '@/lib/display-units';
import { formatCount, formatNumber, formatShortDay } from '@/lib/format';
import { routePaths } from '@/lib/route-names';

const loadHref = (load: LoadRow) => `${routePaths.loads}/${load.id}`;
const shipDay = (load: LoadRow) => (load.shipDate ? formatShortDay(load.shipDate) : '—');

function LoadLink({ load }: { load: LoadRow }) {
  return (
    <Anchor component={Link} to={loadHref(load)} fw={600} style={{ overflowWrap: 'anywhere' }}>
      {load.name}
    </Anchor>
  );
}

/** On a phone each load is a card: six columns do not fit 390 px. */
function LoadCards({ loads, units }: { loads: LoadRow[]; units: DisplayUnits }) {
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Loads">
      {loads.map((load) => (
        <Card key={load.id} withBorder component="li" aria-label={load.name} padding="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <LoadLink load={load} />
            <LoadStatusBadge status={load.status} />
          </Group>
          <Text size="sm">
            {[load.buyer, load.shipDate && shipDay(load)].filter(Boolean).join(' · ')}
          </Text>
          <Text size="sm" c="dimmed">
            {formatCount(load.baleCount, 'bale', 'bales')} ·{' '}
            {units.format(load.weightKg, 'tonnage')}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}

function LoadsTable({ loads, units }: { loads: LoadRow[]; units: DisplayUnits }) {
  return (
    <Table striped highlightOnHover aria-label="Loads">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Load</Table.Th>
          <Table.Th>Buyer</Table.Th>
          <Table.Th>Ship date</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th ta="right">Bales</Table.Th>
          <Table.Th ta="right">Weight ({units.symbol('tonnage')})</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {loads.map((load) => (
          <Table.Tr key={load.id}>
            <Table.Td>
              <LoadLink load={load} />
            </Table.Td>
            <Table.Td>{load.buyer ?? '—'}</Table.Td>
            <Table.Td>{shipDay(load)}</Table.Td>
            <Table.Td>
              <LoadStatusBadge status={load.status} />
            </Table.Td>
            <Table.Td ta="right">{formatNumber(load.baleCount)}</Table.Td>
            <Table.Td ta="right">
              {formatNumber(units.fromSI(load.weightKg, 'tonnage'), 2)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The organization's loads, newest first as the server lists them; each opens its page. */
export function LoadsList({ canBuild }: { canBuild: boolean }) {
  const loads = useLoads();
  const units = useDisplayUnits();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  if (loads.isPending) return <Skeleton height={160} aria-label="Loading the loads" />;
  if (loads.isError) {
    return (
      <Alert color="red" title="The loads could not be loaded">
        Try again in a moment.
      </Alert>
    );
  }
  const list = loads.data.loads;
  if (list.length === 0) {
    return (
      <Text>
        No loads yet.{' '}
        {canBuild
          ? 'Start one with "New load", then add its bales by tag, by a saved filter or from a stack on the map.'
          : 'An owner or manager of the account builds them.'}
      </Text>
    );
  }
  return phone ? (
    <LoadCards loads={list} units={units} />
  ) : (
    <LoadsTable loads={list} units={units} />
  );
}
