import type { LoadResponse } from '@baletrack/contracts/loads/loads';
import { hayGradeLabel } from '@baletrack/domain/quality-grade/hay-grade';
import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { LoadStatusBadge } from '@/features/loads/components/load-status-badge';
import { formatLongDate, formatShortDay } from '@/lib/format';

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {value}
      </Text>
    </div>
  );
}

/** What the load is and for whom: its status, buyer, destination, day, truck and notes. */
export function LoadHeader({ load }: { load: LoadResponse }) {
  const details = [
    { label: 'Buyer', value: load.buyer },
    { label: 'Destination', value: load.destination },
    { label: 'Ship date', value: load.shipDate && formatShortDay(load.shipDate) },
    { label: 'Truck or trailer', value: load.vehicle },
    {
      label: 'Lowest grade the buyer takes',
      value: load.minGrade ? hayGradeLabel(load.minGrade) : 'Any',
    },
    { label: 'Shipped', value: load.shippedAt && formatLongDate(load.shippedAt) },
  ].filter((d): d is { label: string; value: string } => Boolean(d.value));
  return (
    <Stack gap="sm" aria-label="Load details" component="section">
      <Group gap="xs">
        <Text size="sm">Status</Text>
        <LoadStatusBadge status={load.status} />
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="xs">
        {details.map((d) => (
          <Detail key={d.label} label={d.label} value={d.value} />
        ))}
      </SimpleGrid>
      {load.notes && <Detail label="Notes" value={load.notes} />}
    </Stack>
  );
}
