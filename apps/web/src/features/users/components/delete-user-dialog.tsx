import type { SubAccount } from '@baletrack/contracts/users/sub-account';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
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
    try {
      await remove.mutateAsync(user.id);
    } catch {
      return; // shown from the mutation's error below
    }
    notifications.show({ color: 'green', message: `${user.email} was deleted.` });
    close();
  };

  return (
    <Modal
      opened={user !== null}
      onClose={close}
      title="Delete user"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        {remove.isError && (
          <Alert color="red" variant="light" role="alert">
            {userErrorMessage(remove.error)}
          </Alert>
        )}
        <Text>
          Delete {user?.name ?? user?.email} ({user?.email})? They will no longer be able to sign
          in. This cannot be undone.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={remove.isPending}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
