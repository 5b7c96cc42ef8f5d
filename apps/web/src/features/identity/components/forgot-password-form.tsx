import { type ForgotPassword, forgotPasswordSchema } from '@baletrack/contracts/identity/sign-in';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, TextInput } from '@mantine/core';
import { resetPassword } from 'aws-amplify/auth';
import { useForm } from 'react-hook-form';
import { BackToSignIn } from '@/features/identity/components/back-to-sign-in';
import { FormAlert } from '@/features/identity/components/form-alert';
import { authErrorMessage } from '@/features/identity/utils/auth-error-message';

interface ForgotPasswordFormProps {
  defaultEmail: string;
  /** `codeSent` false: the pool finished the reset without a code. */
  onRequested: (email: string, codeSent: boolean) => void;
  onBack: () => void;
}

export function ForgotPasswordForm({ defaultEmail, onRequested, onBack }: ForgotPasswordFormProps) {
  const form = useForm<ForgotPassword>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: defaultEmail },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      const { nextStep } = await resetPassword({ username: email });
      onRequested(email, nextStep.resetPasswordStep === 'CONFIRM_RESET_PASSWORD_WITH_CODE');
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
        <Button type="submit" loading={isSubmitting} fullWidth>
          Send code
        </Button>
        <BackToSignIn onClick={onBack} />
      </Stack>
    </form>
  );
}
