import type { AuthorizedEmailEntry } from '@baletrack/contracts/balers/authorized-email';
import type { AuthorizedEmailStatus } from '@baletrack/contracts/balers/baler';
import { messages } from '@baletrack/contracts/errors/messages';
import { Badge, Button, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useChangeAuthorizedEmail } from '@/features/authorized-emails/api/change-authorized-email';
import { ConfirmCodeDialog } from '@/features/authorized-emails/components/confirm-code-dialog';
import { RemoveAuthorizedEmailDialog } from '@/features/authorized-emails/components/remove-authorized-email-dialog';
import { authorizedEmailErrorMessage } from '@/features/authorized-emails/utils/authorized-email-error-message';
import { formatLongDate } from '@/lib/format';

const statusColors: Record<AuthorizedEmailStatus, string> = {
  Active: 'green',
  Pending: 'yellow',
  Expired: 'orange',
  Deleted: 'gray',
};

function when(entry: AuthorizedEmailEntry): string {
  switch (entry.status) {
    case 'Active':
      return entry.confirmedAt ? `Confirmed ${formatLongDate(entry.confirmedAt)}` : '';
    case 'Pending':
      return entry.confirmBy ? `Confirm by ${formatLongDate(entry.confirmBy)}` : '';
    case 'Expired':
      return entry.confirmBy ? `Expired ${formatLongDate(entry.confirmBy)}` : '';
    case 'Deleted':
      return entry.deletedAt ? `Removed ${formatLongDate(entry.deletedAt)}` : '';
  }
}

/** A control a sub-user sees disabled; hovering or focusing it says why (docs/product.md#roles). */
function OwnerOnly({ allowed, children }: { allowed: boolean; children: ReactNode }) {
  if (allowed) return children;
  return (
    <Tooltip
      label={messages.roles.ownerOnlyBalers}
      events={{ hover: true, focus: true, touch: true }}
    >
      <span style={{ display: 'inline-block' }}>{children}</span>
    </Tooltip>
  );
}

interface AuthorizedEmailsTableProps {
  emails: AuthorizedEmailEntry[];
  canModify: boolean;
}

/** The organization's authorized emails, newest first, with the owner's actions on each. */
export function AuthorizedEmailsTable({ emails, canModify }: AuthorizedEmailsTableProps) {
  const change = useChangeAuthorizedEmail();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);

  const resend = (email: string) =>
    change.mutate(
      { email, resend: true },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message: `A new confirmation was sent to ${email}.`,
          }),
        onError: (error) =>
          notifications.show({ color: 'red', message: authorizedEmailErrorMessage(error) }),
      },
    );
  const resending = (email: string) =>
    change.isPending && change.variables?.email === email && 'resend' in change.variables;

  if (emails.length === 0) {
    return <Text c="dimmed">No authorized emails yet.</Text>;
  }
  return (
    <>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" aria-label="Authorized emails">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Email</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>When</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {emails.map((entry) => (
              // A removed email may be added again, so one address can have several rows.
              <Table.Tr key={`${entry.email}-${entry.addedAt}`}>
                <Table.Td>{entry.email}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={statusColors[entry.status]}>
                    {entry.status}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {when(entry)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {entry.status !== 'Deleted' && (
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      {entry.status === 'Pending' && (
                        <OwnerOnly allowed={canModify}>
                          <Button
                            size="xs"
                            variant="default"
                            disabled={!canModify}
                            onClick={() => setConfirming(entry.email)}
                          >
                            Enter code
                          </Button>
                        </OwnerOnly>
                      )}
                      {(entry.status === 'Pending' || entry.status === 'Expired') && (
                        <OwnerOnly allowed={canModify}>
                          <Button
                            size="xs"
                            variant="default"
                            disabled={!canModify}
                            loading={resending(entry.email)}
                            onClick={() => resend(entry.email)}
                          >
                            Resend
                          </Button>
                        </OwnerOnly>
                      )}
                      <OwnerOnly allowed={canModify}>
                        <Button
                          size="xs"
                          color="red"
                          variant="light"
                          disabled={!canModify}
                          onClick={() => setRemoving(entry.email)}
                        >
                          Remove
                        </Button>
                      </OwnerOnly>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmCodeDialog email={confirming} onClose={() => setConfirming(null)} />
      <RemoveAuthorizedEmailDialog email={removing} onClose={() => setRemoving(null)} />
    </>
  );
}
