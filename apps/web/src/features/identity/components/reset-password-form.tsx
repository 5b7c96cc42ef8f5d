import { resetPasswordSchema } from '@baletrack/contracts/identity/sign-in';
import { confirmResetPassword, resetPassword } from 'aws-amplify/auth';
import {
  BackToSignIn,
  Button,
  ConfirmationCodeField,
  FormAlert,
  MailboxNote,
  PasswordField,
  TextField,
} from '@/features/identity/components/auth-ui';
import { useAuthForm } from '@/features/identity/hooks/use-auth-form';
import { useResendCode } from '@/features/identity/hooks/use-resend-code';
import { authErrorMessage } from '@/features/identity/utils/auth-error-message';
import { checkWithSchema } from '@/features/identity/utils/check-with-schema';
import { passwordHint } from '@/lib/password-hint';

interface ResetPasswordFormProps {
  defaultEmail: string;
  mailboxUrl: string | undefined;
  onReset: (email: string) => void;
  onBack: () => void;
}

const check = checkWithSchema(resetPasswordSchema);

export function ResetPasswordForm({
  defaultEmail,
  mailboxUrl,
  onReset,
  onBack,
}: ResetPasswordFormProps) {
  const form = useAuthForm(
    { email: defaultEmail, code: '', newPassword: '', confirmPassword: '' },
    check,
  );
  const resend = useResendCode((email) => resetPassword({ username: email }), form.setRootError);

  const submit = form.onSubmit(async ({ email, code, newPassword }) => {
    try {
      await confirmResetPassword({ username: email, confirmationCode: code, newPassword });
      onReset(email);
    } catch (error) {
      form.setRootError(authErrorMessage(error));
    }
  });

  const resendCode = () => {
    form.setRootError(undefined);
    if (form.fieldsValid(['email'])) {
      void resend.resendCode(form.values.email.trim().toLowerCase());
    }
  };

  return (
    <form className="bt-auth-form" onSubmit={submit} noValidate>
      <FormAlert message={form.rootError} />
      <FormAlert
        message={resend.sentTo && `A new code was sent to ${resend.sentTo}.`}
        tone="success"
      />
      <TextField label="Email" type="email" autoComplete="username" {...form.field('email')} />
      <ConfirmationCodeField {...form.field('code')} />
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
      <MailboxNote url={mailboxUrl} />
      <div className="bt-auth-row">
        <Button variant="default" loading={resend.isPending} onClick={resendCode}>
          Resend code
        </Button>
        <Button type="submit" loading={form.submitting}>
          Reset password
        </Button>
      </div>
      <BackToSignIn onClick={onBack} />
    </form>
  );
}
