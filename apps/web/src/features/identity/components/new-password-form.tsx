import { type NewPassword, newPasswordSchema } from '@baletrack/contracts/identity/sign-in';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { completeNewPassword, type SignInOutcome } from '@/features/identity/api/sign-in';
import { BackToSignIn } from '@/features/identity/components/back-to-sign-in';
import { FormAlert } from '@/features/identity/components/form-alert';
import { authErrorMessage } from '@/features/identity/utils/auth-error-message';
import { passwordHint } from '@/lib/password-hint';

interface NewPasswordFormProps {
  onOutcome: (outcome: SignInOutcome) => void | Promise<void>;
  onBack: () => void;
}

/** An invited user's first sign-in: the temporary password is replaced. */
export function NewPasswordForm({ onOutcome, onBack }: NewPasswordFormProps) {
  const form = useForm<NewPassword>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ newPassword }) => {
    try {
      await onOutcome(await completeNewPassword(newPassword));
    } catch (error) {
      form.setError('root', { message: authErrorMessage(error) });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={errors.root?.message} />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          description={passwordHint}
          error={errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" loading={isSubmitting} fullWidth>
          Set password
        </Button>
        <BackToSignIn onClick={onBack} />
      </Stack>
    </form>
  );
}
