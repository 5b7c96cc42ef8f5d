import { messages } from '@baletrack/contracts/errors/messages';
import type { Field } from '@baletrack/contracts/fields/field';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useDeleteField } from '@/features/fields/api/delete-field';
import { changeErrorMessage } from '@/lib/change-error-message';

interface DeleteFieldDialogProps {
  /** The field to delete; the dialog is open while set. */
  field: Field | null;
  onClose: () => void;
  onDeleted: () => void;
}

/** Deleting a field cannot be undone and changes which bales are in it, so it is confirmed. */
export function DeleteFieldDialog({ field, onClose, onDeleted }: DeleteFieldDialogProps) {
  const remove = useDeleteField();
  const close = () => {
    remove.reset();
    onClose();
  };
  const confirm = async () => {
    if (!field) return;
    try {
      await remove.mutateAsync(field.id);
    } catch {
      return; // shown below
    }
    notifications.show({ color: 'green', message: `Field ${field.name} deleted.` });
    remove.reset();
    onDeleted();
  };

  return (
    <Modal
      opened={field !== null}
      onClose={close}
      title="Delete field"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        {remove.isError && (
          <Alert color="red" variant="light" role="alert">
            {changeErrorMessage(remove.error, messages.fieldCuttingCrop.field.deleteFailed)}
          </Alert>
        )}
        <Text>
          Delete {field?.name}? Its bales are kept but no longer belong to it, and it leaves its
          cuttings. This cannot be undone.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={remove.isPending}>
            Delete {field?.name}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
