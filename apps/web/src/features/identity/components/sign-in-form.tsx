import { messages } from '@baletrack/contracts/errors/messages';
import { useState } from 'react';
import { type SignInOutcome, signInWithPassword } from '@/features/identity/api/sign-in';
import {
  Button,
  FormAlert,
  LinkButton,
  PasswordField,
  TextField,
} from '@/features/identity/components/auth-ui';
import { type Checked, useAuthForm } from '@/features/identity/hooks/use-auth-form';
import { useRedirectSignIn } from '@/features/identity/hooks/use-redirect-sign-in';
import { signInErrorMessage } from '@/features/identity/utils/auth-error-message';

interface SignInFormProps {
  defaultEmail: string;
  onOutcome: (outcome: SignInOutcome, email: string) => void | Promise<void>;
  onForgotPassword: (email: string) => void;
  /** Sign in by a mailed code instead of the password. */
  onEmailCode: (email: string) => void;
  onCreateAccount: () => void;
  /** The hosted sign-in's outside identity providers; undefined when it is off. */
  providers: string[] | undefined;
}

type Values = { username: string; password: string };

/**
 * The rules of the contract's signInRequestSchema for the SRP flow (docs/product.md#validation-
 * rules), by hand: the first visit loads no schema library.
 */
function checkSignIn({ username, password }: Values): Checked<Values, Values> {
  const errors: Partial<Values> = {};
  if (username.trim() === '') errors.username = messages.validation.usernameRequired;
  if (password === '') errors.password = messages.validation.passwordRequired;
  return Object.keys(errors).length > 0
    ? { errors }
    : { data: { username: username.trim(), password } };
}

export function SignInForm({
  defaultEmail,
  onOutcome,
  onForgotPassword,
  onEmailCode,
  onCreateAccount,
  providers,
}: SignInFormProps) {
  const form = useAuthForm({ username: defaultEmail, password: '' }, checkSignIn);
  const leaveFor = useRedirectSignIn(providers !== undefined, form.setRootError);
  const [leaving, setLeaving] = useState(false);

  const submit = form.onSubmit(async ({ username, password }) => {
    try {
      await onOutcome(await signInWithPassword(username, password), username);
    } catch (error) {
      form.setRootError(signInErrorMessage(error));
    }
  });

  // The provider's page comes next; coming back unfinished tells why (useRedirectSignIn).
  const signInWith = async (provider: string) => {
    form.setRootError(undefined);
    setLeaving(true);
    try {
      await leaveFor(provider);
    } catch (error) {
      form.setRootError(signInErrorMessage(error));
    } finally {
      setLeaving(false);
    }
  };

  return (
    <form className="bt-auth-form" onSubmit={submit} noValidate>
      <FormAlert message={form.rootError} />
      <TextField label="Email" type="email" autoComplete="username" {...form.field('username')} />
      <PasswordField label="Password" autoComplete="current-password" {...form.field('password')} />
      <div className="bt-auth-links">
        <LinkButton onClick={() => onEmailCode(form.values.username.trim())}>
          Email me a code
        </LinkButton>
        <LinkButton onClick={() => onForgotPassword(form.values.username.trim())}>
          Forgot password?
        </LinkButton>
      </div>
      <Button type="submit" loading={form.submitting}>
        Sign in
      </Button>
      {providers?.map((provider) => (
        <Button
          key={provider}
          variant="default"
          loading={leaving}
          onClick={() => void signInWith(provider)}
        >
          Sign in with {provider}
        </Button>
      ))}
      <p className="bt-auth-center">
        No account yet? <LinkButton onClick={onCreateAccount}>Create account</LinkButton>
      </p>
    </form>
  );
}
