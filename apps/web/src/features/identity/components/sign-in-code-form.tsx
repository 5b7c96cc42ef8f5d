import { messages } from '@baletrack/contracts/errors/messages';
import { useState } from 'react';
import {
  answerSignInCode,
  requestSignInCode,
  type SignInOutcome,
} from '@/features/identity/api/sign-in';
import {
  BackToSignIn,
  Button,
  FormAlert,
  LinkButton,
  MailboxNote,
  TextField,
} from '@/features/identity/components/auth-ui';
import { type Checked, useAuthForm } from '@/features/identity/hooks/use-auth-form';
import { signInErrorMessage } from '@/features/identity/utils/auth-error-message';

interface SignInCodeFormProps {
  defaultEmail: string;
  mailboxUrl: string | undefined;
  onOutcome: (outcome: SignInOutcome, email: string) => void | Promise<void>;
  onBack: () => void;
}

type Values = { email: string; code: string };

export const WRONG_SIGN_IN_CODE =
  'That code is not right. Use the newest code we mailed you, or send a new one.';

/** The email before a code is sent; both fields once it is. */
function checkFor(sent: boolean) {
  return ({ email, code }: Values): Checked<Values, Values> => {
    const errors: Partial<Values> = {};
    if (email.trim() === '') errors.email = messages.validation.usernameRequired;
    if (sent && !/^\d{6}$/.test(code.trim())) errors.code = 'Enter the 6-digit code.';
    return Object.keys(errors).length > 0
      ? { errors }
      : { data: { email: email.trim(), code: code.trim() } };
  };
}

/**
 * Sign-in by a code mailed to the user (docs/product.md#sign-in-flows), for a forgotten password
 * or a shared farm-office computer: the email, then the 6-digit code.
 */
export function SignInCodeForm({
  defaultEmail,
  mailboxUrl,
  onOutcome,
  onBack,
}: SignInCodeFormProps) {
  const [sentTo, setSentTo] = useState<string>();
  const form = useAuthForm({ email: defaultEmail, code: '' }, checkFor(sentTo !== undefined));

  const sendCode = async (email: string) => {
    const outcome = await requestSignInCode(email);
    if (outcome === 'signInCode') setSentTo(email);
    else await onOutcome(outcome, email);
  };

  const submit = form.onSubmit(async ({ email, code }) => {
    try {
      if (sentTo === undefined || sentTo !== email) {
        await sendCode(email);
        return;
      }
      const outcome = await answerSignInCode(code);
      if (outcome === 'signInCode') form.setRootError(WRONG_SIGN_IN_CODE);
      else await onOutcome(outcome, email);
    } catch (error) {
      form.setRootError(signInErrorMessage(error));
    }
  });

  const sendAgain = async () => {
    form.setRootError(undefined);
    try {
      await sendCode(form.values.email.trim());
    } catch (error) {
      form.setRootError(signInErrorMessage(error));
    }
  };

  return (
    <form className="bt-auth-form" onSubmit={submit} noValidate>
      <FormAlert message={form.rootError} />
      <FormAlert
        message={sentTo && `If ${sentTo} has an account, we mailed it a code.`}
        tone="success"
      />
      <TextField label="Email" type="email" autoComplete="username" {...form.field('email')} />
      {sentTo !== undefined && (
        <>
          <TextField
            label="Sign-in code"
            description="The 6-digit code from our mail; it works once, for 10 minutes."
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            {...form.field('code')}
          />
          <MailboxNote url={mailboxUrl} />
        </>
      )}
      {sentTo === undefined ? (
        <Button type="submit" loading={form.submitting}>
          Email me a code
        </Button>
      ) : (
        <>
          <Button type="submit" loading={form.submitting}>
            Sign in
          </Button>
          <p className="bt-auth-center">
            <LinkButton onClick={() => void sendAgain()}>Send a new code</LinkButton>
          </p>
        </>
      )}
      <BackToSignIn onClick={onBack} />
    </form>
  );
}
