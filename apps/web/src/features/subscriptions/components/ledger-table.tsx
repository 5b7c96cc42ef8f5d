import type { LedgerEntry } from '@baletrack/contracts/subscriptions/wallet';
import { Table, Text } from '@mantine/core';
import { monthLabel } from '@/features/subscriptions/utils/billing-format';
import { formatLongDate } from '@/lib/format';

const kindLabels: Record<LedgerEntry['kind'], string> = {
  purchase: 'Bought',
  grant: 'Granted',
  apply: 'Applied',
  refund: 'Refunded',
  renewal: 'Auto-renewed',
};

/** The wallet's newest ledger entries: what moved credits, for which baler and month, who. */
export function LedgerTable({ entries }: { entries: LedgerEntry[] }) {
  if (entries.length === 0) return <Text c="dimmed">No credits have moved yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" aria-label="Credit history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>What</Table.Th>
            <Table.Th ta="right">Credits</Table.Th>
            <Table.Th>Baler and month</Table.Th>
            <Table.Th>By</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={`${entry.createdAt}-${entry.kind}-${entry.balerId}-${entry.month}`}>
              <Table.Td>{formatLongDate(entry.createdAt)}</Table.Td>
              <Table.Td>
                {kindLabels[entry.kind]}
                {entry.note && (
                  <Text size="xs" c="dimmed">
                    {entry.note}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right" c={entry.credits > 0 ? 'green.8' : undefined}>
                {entry.credits > 0 ? `+${entry.credits}` : entry.credits}
              </Table.Td>
              <Table.Td>
                {[
                  entry.balerName ?? (entry.balerId ? 'A removed baler' : null),
                  entry.month && monthLabel(entry.month),
                ]
                  .filter(Boolean)
                  .join(', ')}
              </Table.Td>
              <Table.Td>
                {entry.actorEmail ?? (entry.kind === 'renewal' ? 'Auto-renew' : '')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
