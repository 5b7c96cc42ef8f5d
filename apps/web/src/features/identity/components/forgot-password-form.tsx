import { forgotPasswordSchema } from '@baletrack/contracts/identity/sign-in';
import { resetPassword } from 'aws-amplify/auth';
import { BackToSignIn, Button, FormAlert, TextField } from '@/features/identity/components/auth-ui';
import { useAuthForm } from '@/features/identity/hooks/use-auth-form';
import { authErrorMessage } from '@/features/identity/utils/auth-error-message';
import { checkWithSchema } from '@/features/identity/utils/check-with-schema';

interface ForgotPasswordFormProps {
  defaultEmail: string;
  /** `codeSent` false: the pool finished the reset without a code. */
  onRequested: (email: string, codeSent: boolean) => void;
  onBack: () => void;
}

const check = checkWithSchema(forgotPasswordSchema);

export function ForgotPasswordForm({ defaultEmail, onRequested, onBack }: ForgotPasswordFormProps) {
  const form = useAuthForm({ email: defaultEmail }, check);

  const submit = form.onSubmit(async ({ email }) => {
    try {
      const { nextStep } = await resetPassword({ username: email });
      onRequested(email, nextStep.resetPasswordStep === 'CONFIRM_RESET_PASSWORD_WITH_CODE');
    } catch (error) {
      form.setRootError(authErrorMessage(error));
    }
  });

  return (
    <form className="bt-auth-form" onSubmit={submit} noValidate>
      <FormAlert message={form.rootError} />
      <TextField label="Email" type="email" autoComplete="username" {...form.field('email')} />
      <Button type="submit" loading={form.submitting}>
        Send code
      </Button>
      <BackToSignIn onClick={onBack} />
    </form>
  );
}
