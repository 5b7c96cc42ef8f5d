import { messages } from '@baletrack/contracts/errors/messages';
import type { Field } from '@baletrack/contracts/fields/field';
import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ConfirmDialog } from '@/components/confirm-dialog';
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
    await remove.mutateAsync(field.id);
    notifications.show({ color: 'green', message: `Field ${field.name} deleted.` });
    remove.reset();
    onDeleted();
  };

  return (
    <ConfirmDialog
      opened={field !== null}
      title="Delete field"
      confirmLabel={`Delete ${field?.name ?? ''}`}
      onConfirm={confirm}
      onClose={close}
      pending={remove.isPending}
      error={
        remove.isError
          ? changeErrorMessage(remove.error, messages.fieldCuttingCrop.field.deleteFailed)
          : null
      }
    >
      <Text>
        Delete {field?.name}? Its bales are kept but no longer belong to it, and it leaves its
        cuttings. This cannot be undone.
      </Text>
    </ConfirmDialog>
  );
}
