import type { Baler } from '@baletrack/contracts/balers/baler';
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useDeleteBaler } from '@/features/balers/api/delete-baler';
import { balerErrorMessage } from '@/features/balers/utils/baler-error-message';

interface RemoveBalerDialogProps {
  /** The baler to remove; the dialog is open while set. */
  baler: Baler | null;
  onClose: () => void;
}

/**
 * Removing cannot be undone, so it is confirmed, saying what the server does (ADR 5): the key
 * stops working and the VIN is free, the bales and active months stay, scheduled months go.
 */
export function RemoveBalerDialog({ baler, onClose }: RemoveBalerDialogProps) {
  const remove = useDeleteBaler();
  const close = () => {
    remove.reset();
    onClose();
  };
  const confirm = async () => {
    if (!baler) return;
    try {
      await remove.mutateAsync(baler.id);
    } catch {
      return; // shown from the mutation's error below
    }
    notifications.show({ color: 'green', message: `${baler.name} was removed.` });
    close();
  };

  return (
    <Modal
      opened={baler !== null}
      onClose={close}
      title="Remove baler"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        {remove.isError && (
          <Alert color="red" variant="light" role="alert">
            {balerErrorMessage(remove.error)}
          </Alert>
        )}
        <Text>
          Remove {baler?.name} ({baler?.vin}) from this account? This cannot be undone.
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>Its ingest key stops working at once; bales it sends are refused.</List.Item>
          <List.Item>
            The bales it has made stay on the map and in reports, visible as before.
          </List.Item>
          <List.Item>
            Its active subscription months stay; months scheduled for later are cancelled.
          </List.Item>
          <List.Item>Its VIN can be registered again, here or by another account.</List.Item>
        </List>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={remove.isPending}>
            Remove
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
