import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ConfirmDialog } from '@/components/confirm-dialog';
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
    await remove.mutateAsync(email);
    notifications.show({ color: 'green', message: `${email} was removed.` });
    close();
  };

  return (
    <ConfirmDialog
      opened={email !== null}
      title="Remove authorized email"
      confirmLabel="Remove"
      onConfirm={confirm}
      onClose={close}
      pending={remove.isPending}
      error={remove.isError ? authorizedEmailErrorMessage(remove.error) : null}
    >
      <Text>
        Remove {email}? Balers whose ACM subscription runs under it can no longer be registered;
        balers registered already stay. It stays in the list as Deleted.
      </Text>
    </ConfirmDialog>
  );
}
