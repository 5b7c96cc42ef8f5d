import type { RegistryEntry } from '@baletrack/contracts/admin/baler-registry';
import type { RegistryAcmStatus } from '@baletrack/contracts/balers/baler';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useBalerRegistry } from '@/features/admin/api/get-baler-registry';
import { useRemoveRegistryEntry } from '@/features/admin/api/remove-registry-entry';
import { RegistryEntryDialog } from '@/features/admin/components/registry-entry-dialog';
import { adminErrorMessage } from '@/features/admin/utils/admin-error-message';
import { formatShortDay } from '@/lib/format';

const statusColors: Record<RegistryAcmStatus, string> = {
  Active: 'green',
  Expired: 'orange',
  Unknown: 'gray',
};

/** The embedded connectivity provider's VINs: which balers it knows and under which email. */
export function BalerRegistryTable() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const registry = useBalerRegistry(debounced);
  const [editing, setEditing] = useState<RegistryEntry | 'new' | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const remove = useRemoveRegistryEntry();

  const closeRemove = () => {
    remove.reset();
    setRemoving(null);
  };
  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing);
    } catch {
      return; // shown in the dialog
    }
    notifications.show({ color: 'green', message: `${removing} was removed from the registry.` });
    closeRemove();
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <TextInput
          label="Search the registry"
          description="By VIN or ACM email"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maw={420}
          style={{ flex: 1 }}
        />
        <Button onClick={() => setEditing('new')}>Add VIN</Button>
      </Group>
      {registry.isPending ? (
        <Loader aria-label="Loading the registry" />
      ) : registry.isError ? (
        <Alert color="red" variant="light" role="alert">
          {adminErrorMessage(registry.error)}
        </Alert>
      ) : registry.data.entries.length === 0 ? (
        <Text c="dimmed">No VIN matches.</Text>
      ) : (
        <Table.ScrollContainer minWidth={860}>
          <Table verticalSpacing="sm" aria-label="Baler registry">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>VIN</Table.Th>
                <Table.Th>Provider</Table.Th>
                <Table.Th>ACM email</Table.Th>
                <Table.Th>ACM status</Table.Th>
                <Table.Th>ACM ends</Table.Th>
                <Table.Th>Registered to</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {registry.data.entries.map((entry) => (
                <Table.Tr key={entry.vin}>
                  <Table.Td ff="monospace">{entry.vin}</Table.Td>
                  <Table.Td>{entry.registered ? 'Registered' : 'Not registered'}</Table.Td>
                  <Table.Td>{entry.acmEmail ?? '—'}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={statusColors[entry.acmStatus]}>
                      {entry.acmStatus}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {entry.acmExpiry ? formatShortDay(entry.acmExpiry.slice(0, 10)) : '—'}
                  </Table.Td>
                  <Table.Td>{entry.registeredTo?.name ?? '—'}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button size="xs" variant="default" onClick={() => setEditing(entry)}>
                        Change
                      </Button>
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        onClick={() => setRemoving(entry.vin)}
                      >
                        Remove
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <RegistryEntryDialog entry={editing} onClose={() => setEditing(null)} />
      <Modal
        opened={removing !== null}
        onClose={closeRemove}
        title="Remove from the registry"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          {remove.isError && (
            <Alert color="red" variant="light" role="alert">
              {adminErrorMessage(remove.error)}
            </Alert>
          )}
          <Text>
            Remove {removing}? It can no longer be registered; a baler registered with it stays, its
            ACM status shown as Unknown.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={closeRemove}>
              Cancel
            </Button>
            <Button color="red" onClick={() => void confirmRemove()} loading={remove.isPending}>
              Remove
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
