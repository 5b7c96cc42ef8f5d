import { newPasswordSchema } from '@baletrack/contracts/identity/sign-in';
import { completeNewPassword, type SignInOutcome } from '@/features/identity/api/sign-in';
import {
  BackToSignIn,
  Button,
  FormAlert,
  PasswordField,
} from '@/features/identity/components/auth-ui';
import { useAuthForm } from '@/features/identity/hooks/use-auth-form';
import { authErrorMessage } from '@/features/identity/utils/auth-error-message';
import { checkWithSchema } from '@/features/identity/utils/check-with-schema';
import { passwordHint } from '@/lib/password-hint';

interface NewPasswordFormProps {
  onOutcome: (outcome: SignInOutcome) => void | Promise<void>;
  onBack: () => void;
}

const check = checkWithSchema(newPasswordSchema);

/** An invited user's first sign-in: the temporary password is replaced. */
export function NewPasswordForm({ onOutcome, onBack }: NewPasswordFormProps) {
  const form = useAuthForm({ newPassword: '', confirmPassword: '' }, check);

  const submit = form.onSubmit(async ({ newPassword }) => {
    try {
      await onOutcome(await completeNewPassword(newPassword));
    } catch (error) {
      form.setRootError(authErrorMessage(error));
    }
  });

  return (
    <form className="bt-auth-form" onSubmit={submit} noValidate>
      <FormAlert message={form.rootError} />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        description={passwordHint}
        {...form.field('newPassword')}
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        {...form.field('confirmPassword')}
      />
      <Button type="submit" loading={form.submitting}>
        Set password
      </Button>
      <BackToSignIn onClick={onBack} />
    </form>
  );
}
