import { type ChangePassword, changePasswordSchema } from '@baletrack/contracts/identity/sign-in';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm } from 'react-hook-form';
import { useChangePassword } from '@/features/settings/api/change-password';
import { passwordChangeError } from '@/features/settings/utils/password-change-error';
import { passwordHint } from '@/lib/password-hint';

interface ChangePasswordDialogProps {
  opened: boolean;
  onClose: () => void;
}

const emptyForm: ChangePassword = { oldPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordDialog({ opened, onClose }: ChangePasswordDialogProps) {
  const change = useChangePassword();
  const form = useForm<ChangePassword>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: emptyForm,
  });
  const { errors, isSubmitting } = form.formState;
  // A corrected field clears the last refusal: stale errors are not left on screen.
  const clearOnChange = (name: keyof ChangePassword) => ({
    ...form.register(name, {
      onChange: () => {
        if (change.isError) change.reset();
        form.clearErrors(name);
      },
    }),
  });

  const close = () => {
    form.reset(emptyForm);
    change.reset();
    onClose();
  };

  const submit = form.handleSubmit(async ({ oldPassword, newPassword }) => {
    try {
      await change.mutateAsync({ oldPassword, newPassword });
    } catch (error) {
      const problem = passwordChangeError(error);
      if (problem.field) form.setError(problem.field, { message: problem.message });
      return; // a problem of the whole form shows from the mutation's error below
    }
    notifications.show({ color: 'green', message: 'Your password has been changed.' });
    close();
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Change password"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {change.isError && !passwordChangeError(change.error).field && (
            <Alert color="red" variant="light" role="alert">
              {passwordChangeError(change.error).message}
            </Alert>
          )}
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            error={errors.oldPassword?.message}
            {...clearOnChange('oldPassword')}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            description={passwordHint}
            error={errors.newPassword?.message}
            {...clearOnChange('newPassword')}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...clearOnChange('confirmPassword')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
