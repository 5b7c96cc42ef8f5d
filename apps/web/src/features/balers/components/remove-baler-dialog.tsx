import type { Baler } from '@baletrack/contracts/balers/baler';
import { List, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useDeleteBaler } from '@/features/balers/api/delete-baler';
import { balerErrorMessage } from '@/features/balers/utils/baler-error-message';

interface RemoveBalerDialogProps {
  /** The baler to remove; the dialog is open while set. */
  baler: Baler | null;
  onClose: () => void;
}

/**
 * Removing cannot be undone, so it is confirmed, saying what the server does (ADR 5): the key
 * stops working and the VIN is free, the bales and active months stay, scheduled months are
 * refunded.
 */
export function RemoveBalerDialog({ baler, onClose }: RemoveBalerDialogProps) {
  const remove = useDeleteBaler();
  const close = () => {
    remove.reset();
    onClose();
  };
  const confirm = async () => {
    if (!baler) return;
    await remove.mutateAsync(baler.id);
    notifications.show({ color: 'green', message: `${baler.name} was removed.` });
    close();
  };

  return (
    <ConfirmDialog
      opened={baler !== null}
      title="Remove baler"
      confirmLabel="Remove"
      onConfirm={confirm}
      onClose={close}
      pending={remove.isPending}
      error={remove.isError ? balerErrorMessage(remove.error) : null}
    >
      <Text>
        Remove {baler?.name} ({baler?.vin}) from this account? This cannot be undone.
      </Text>
      <List size="sm" spacing={4}>
        <List.Item>Its ingest key stops working at once; bales it sends are refused.</List.Item>
        <List.Item>
          The bales it has made stay on the map and in reports, visible as before.
        </List.Item>
        <List.Item>
          Its active subscription months stay; months scheduled for later are cancelled and their
          credits go back to the wallet.
        </List.Item>
        <List.Item>Its VIN can be registered again, here or by another account.</List.Item>
      </List>
    </ConfirmDialog>
  );
}
