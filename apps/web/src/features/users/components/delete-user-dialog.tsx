import type { SubAccount } from '@baletrack/contracts/users/sub-account';
import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useDeleteUser } from '@/features/users/api/delete-user';
import { userErrorMessage } from '@/features/users/utils/user-error-message';

interface DeleteUserDialogProps {
  /** The user to delete; the dialog is open while set. */
  user: SubAccount | null;
  onClose: () => void;
}

/** Deleting cannot be undone, so it is confirmed first. */
export function DeleteUserDialog({ user, onClose }: DeleteUserDialogProps) {
  const remove = useDeleteUser();
  const close = () => {
    remove.reset();
    onClose();
  };
  const confirm = async () => {
    if (!user) return;
    await remove.mutateAsync(user.id);
    notifications.show({ color: 'green', message: `${user.email} was deleted.` });
    close();
  };

  return (
    <ConfirmDialog
      opened={user !== null}
      title="Delete user"
      confirmLabel="Delete"
      onConfirm={confirm}
      onClose={close}
      pending={remove.isPending}
      error={remove.isError ? userErrorMessage(remove.error) : null}
    >
      <Text>
        Delete {user?.name ?? user?.email} ({user?.email})? They will no longer be able to sign in.
        This cannot be undone.
      </Text>
    </ConfirmDialog>
  );
}
