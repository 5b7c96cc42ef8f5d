import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRemoveAuthorizedEmail } from '@/features/authorized-emails/api/remove-authorized-email';
import { authorizedEmailErrorMessage } from '@/features/authorized-emails/utils/authorized-email-error-message';

interface RemoveAuthorizedEmailDialogProps {
  /** The email to remove; the dialog is open while set. */
  email: string | null;
  onClose: () => void;
}

/** Removing stops new balers being registered through the email, so it is confirmed first. */
export function RemoveAuthorizedEmailDialog({ email, onClose }: RemoveAuthorizedEmailDialogProps) {
  const remove = useRemoveAuthorizedEmail();
  const close = () => {
    remove.reset();
    onClose();
  };
  const confirm = async () => {
    if (!email) return;
    try {
      await remove.mutateAsync(email);
    } catch {
      return; // shown from the mutation's error below
    }
    notifications.show({ color: 'green', message: `${email} was removed.` });
    close();
  };

  return (
    <Modal
      opened={email !== null}
      onClose={close}
      title="Remove authorized email"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        {remove.isError && (
          <Alert color="red" variant="light" role="alert">
            {authorizedEmailErrorMessage(remove.error)}
          </Alert>
        )}
        <Text>
          Remove {email}? Balers whose ACM subscription runs under it can no longer be registered;
          balers registered already stay. It stays in the list as Deleted.
        </Text>
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
