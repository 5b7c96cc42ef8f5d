import { type ResetPassword, resetPasswordSchema } from '@baletrack/contracts/identity/sign-in';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { confirmResetPassword, resetPassword } from 'aws-amplify/auth';
import { useForm } from 'react-hook-form';
import { BackToSignIn } from '@/features/identity/components/back-to-sign-in';
import { ConfirmationCodeInput } from '@/features/identity/components/confirmation-code-input';
import { FormAlert } from '@/features/identity/components/form-alert';
import { MailboxNote } from '@/features/identity/components/mailbox-note';
import { useResendCode } from '@/features/identity/hooks/use-resend-code';
import { authErrorMessage } from '@/features/identity/utils/auth-error-message';
import { passwordHint } from '@/lib/password-hint';

interface ResetPasswordFormProps {
  defaultEmail: string;
  mailboxUrl: string | undefined;
  onReset: (email: string) => void;
  onBack: () => void;
}

export function ResetPasswordForm({
  defaultEmail,
  mailboxUrl,
  onReset,
  onBack,
}: ResetPasswordFormProps) {
  const form = useForm<ResetPassword>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { email: defaultEmail, code: '', newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const { resendCode, isPending: resending } = useResendCode(form, (email) =>
    resetPassword({ username: email }),
  );

  const submit = form.handleSubmit(async ({ email, code, newPassword }) => {
    try {
      await confirmResetPassword({ username: email, confirmationCode: code, newPassword });
      onReset(email);
    } catch (error) {
      form.setError('root', { message: authErrorMessage(error) });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={errors.root?.message} />
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <ConfirmationCodeInput error={errors.code?.message} {...form.register('code')} />
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
        <MailboxNote url={mailboxUrl} />
        <Group grow>
          <Button type="button" variant="default" loading={resending} onClick={resendCode}>
            Resend code
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Reset password
          </Button>
        </Group>
        <BackToSignIn onClick={onBack} />
      </Stack>
    </form>
  );
}
