import { type ConfirmSignUp, confirmSignUpSchema } from '@baletrack/contracts/identity/sign-in';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { confirmSignUp, resendSignUpCode } from 'aws-amplify/auth';
import { useForm } from 'react-hook-form';
import { BackToSignIn } from '@/features/identity/components/back-to-sign-in';
import { ConfirmationCodeInput } from '@/features/identity/components/confirmation-code-input';
import { FormAlert } from '@/features/identity/components/form-alert';
import { MailboxNote } from '@/features/identity/components/mailbox-note';
import { useResendCode } from '@/features/identity/hooks/use-resend-code';
import { authErrorMessage } from '@/features/identity/utils/auth-error-message';

interface ConfirmSignUpFormProps {
  defaultEmail: string;
  mailboxUrl: string | undefined;
  onConfirmed: (email: string) => void | Promise<void>;
  onBack: () => void;
}

export function ConfirmSignUpForm({
  defaultEmail,
  mailboxUrl,
  onConfirmed,
  onBack,
}: ConfirmSignUpFormProps) {
  const form = useForm<ConfirmSignUp>({
    resolver: zodResolver(confirmSignUpSchema),
    defaultValues: { email: defaultEmail, code: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const { resendCode, isPending: resending } = useResendCode(form, (email) =>
    resendSignUpCode({ username: email }),
  );

  const submit = form.handleSubmit(async ({ email, code }) => {
    try {
      await confirmSignUp({ username: email, confirmationCode: code });
    } catch (error) {
      form.setError('root', { message: authErrorMessage(error) });
      return;
    }
    await onConfirmed(email);
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
        <MailboxNote url={mailboxUrl} />
        <Group grow>
          <Button type="button" variant="default" loading={resending} onClick={resendCode}>
            Resend code
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Confirm
          </Button>
        </Group>
        <BackToSignIn onClick={onBack} />
      </Stack>
    </form>
  );
}
