import type { Baler } from '@baletrack/contracts/balers/baler';
import { messages } from '@baletrack/contracts/errors/messages';
import { Badge, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { RowActionsHeader } from '@/components/row-actions';
import {
  acmStatusColours,
  acmStatusLabel,
  describeExpiry,
} from '@/features/balers/utils/baler-dates';

interface BalersTableProps {
  balers: Baler[];
  /** The controls for one baler (its months, the owner's changes), its row's last cell. */
  actions?: (baler: Baler) => ReactNode;
}

function Expiry({ iso, none }: { iso: string | null; none: string }) {
  const { text, expired } = describeExpiry(iso, new Date(), none);
  return (
    <Text size="sm" c={expired ? 'red' : iso === null ? 'dimmed' : undefined}>
      {text}
    </Text>
  );
}

/**
 * The organization's balers: name, VIN, on/off, ACM and subscription
 * (docs/product.md#balers-and-authorized-emails).
 */
export function BalersTable({ balers, actions }: BalersTableProps) {
  if (balers.length === 0) {
    return <Text c="dimmed">{messages.baler.noBalers}</Text>;
  }
  return (
    <Table.ScrollContainer minWidth={actions ? 900 : 640}>
      <Table verticalSpacing="sm" aria-label="Balers">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>VIN</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>ACM</Table.Th>
            <Table.Th>Subscription</Table.Th>
            {actions && <RowActionsHeader />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {balers.map((baler) => (
            <Table.Tr key={baler.id}>
              <Table.Td>{baler.name}</Table.Td>
              <Table.Td>
                <Text ff="monospace" size="sm">
                  {baler.vin}
                </Text>
                {baler.authorizedEmails.length > 0 && (
                  <Text size="xs" c="dimmed">
                    ACM under {baler.authorizedEmails.map((e) => e.email).join(', ')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {/* Never shorter than its words: a narrow cell cut 'ACTIVE' to 'AC…' on a phone. */}
                <Badge variant="light" color={baler.active ? 'green' : 'gray'} miw="max-content">
                  {baler.active ? 'Active' : 'Inactive'}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  <Badge
                    variant="light"
                    color={acmStatusColours[baler.acmStatus]}
                    miw="max-content"
                  >
                    {acmStatusLabel(baler.acmStatus)}
                  </Badge>
                  <Expiry iso={baler.acmExpiry} none="No end date given" />
                </Stack>
              </Table.Td>
              <Table.Td>
                <Stack gap={2} align="flex-start">
                  <Expiry iso={baler.subscriptionExpiry} none="No subscription" />
                  {baler.autoRenew && (
                    <Text size="xs" c="dimmed">
                      Renews each month
                    </Text>
                  )}
                </Stack>
              </Table.Td>
              {actions?.(baler)}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
