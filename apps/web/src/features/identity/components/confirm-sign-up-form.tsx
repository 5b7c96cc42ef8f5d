import { confirmSignUpSchema } from '@baletrack/contracts/identity/sign-in';
import { confirmSignUp, resendSignUpCode } from 'aws-amplify/auth';
import {
  BackToSignIn,
  Button,
  ConfirmationCodeField,
  FormAlert,
  MailboxNote,
  TextField,
} from '@/features/identity/components/auth-ui';
import { useAuthForm } from '@/features/identity/hooks/use-auth-form';
import { useResendCode } from '@/features/identity/hooks/use-resend-code';
import { authErrorMessage } from '@/features/identity/utils/auth-error-message';
import { checkWithSchema } from '@/features/identity/utils/check-with-schema';

interface ConfirmSignUpFormProps {
  defaultEmail: string;
  mailboxUrl: string | undefined;
  onConfirmed: (email: string) => void | Promise<void>;
  onBack: () => void;
}

const check = checkWithSchema(confirmSignUpSchema);

export function ConfirmSignUpForm({
  defaultEmail,
  mailboxUrl,
  onConfirmed,
  onBack,
}: ConfirmSignUpFormProps) {
  const form = useAuthForm({ email: defaultEmail, code: '' }, check);
  const resend = useResendCode((email) => resendSignUpCode({ username: email }), form.setRootError);

  const submit = form.onSubmit(async ({ email, code }) => {
    try {
      await confirmSignUp({ username: email, confirmationCode: code });
    } catch (error) {
      form.setRootError(authErrorMessage(error));
      return;
    }
    await onConfirmed(email);
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
      <MailboxNote url={mailboxUrl} />
      <div className="bt-auth-row">
        <Button variant="default" loading={resend.isPending} onClick={resendCode}>
          Resend code
        </Button>
        <Button type="submit" loading={form.submitting}>
          Confirm
        </Button>
      </div>
      <BackToSignIn onClick={onBack} />
    </form>
  );
}
