import { lazy, Suspense, useRef, useState } from 'react';
import { type SignInOutcome, signInWithPassword } from '@/features/identity/api/sign-in';
import { AuthCard } from '@/features/identity/components/auth-card';
import { FormAlert } from '@/features/identity/components/auth-ui';
import { SignInForm } from '@/features/identity/components/sign-in-form';

// Every step but the first is loaded when it is needed (one chunk for all of them).
const steps = () => import('@/features/identity/components/login-steps');
const RegisterForm = lazy(() => steps().then((m) => ({ default: m.RegisterForm })));
const ConfirmSignUpForm = lazy(() => steps().then((m) => ({ default: m.ConfirmSignUpForm })));
const ForgotPasswordForm = lazy(() => steps().then((m) => ({ default: m.ForgotPasswordForm })));
const ResetPasswordForm = lazy(() => steps().then((m) => ({ default: m.ResetPasswordForm })));
const NewPasswordForm = lazy(() => steps().then((m) => ({ default: m.NewPasswordForm })));
const SignInCodeForm = lazy(() => steps().then((m) => ({ default: m.SignInCodeForm })));

type Step =
  | 'signIn'
  | 'register'
  | 'confirmSignUp'
  | 'forgotPassword'
  | 'resetPassword'
  | 'newPassword'
  | 'signInCode';

interface LoginState {
  step: Step;
  email: string;
  notice?: string;
}

const titles: Record<Step, { title: string; description?: string }> = {
  signIn: { title: 'Sign in' },
  register: {
    title: 'Create your account',
    description: 'Register your organization; you become its account owner.',
  },
  confirmSignUp: {
    title: 'Confirm your email',
    description: 'Enter the 6-digit code we emailed you.',
  },
  forgotPassword: {
    title: 'Forgot your password?',
    description: 'We will email you a code to choose a new one.',
  },
  resetPassword: {
    title: 'Choose a new password',
    description: 'Enter the code we emailed you and your new password.',
  },
  newPassword: {
    title: 'Set your password',
    description: 'You signed in with a temporary password. Choose your own to continue.',
  },
  signInCode: {
    title: 'Sign in with a code',
    description: 'We email you a code that signs you in once, no password needed.',
  },
};

interface LoginScreenProps {
  mailboxUrl: string | undefined;
  /** Leaves the login page once signed in (for the route named by `redirect`, else home). */
  onSignedIn: () => void | Promise<void>;
  /** The hosted sign-in's outside identity providers (RuntimeConfig.oauth); undefined when off. */
  providers?: string[] | undefined;
}

/**
 * Sign in, register, confirm, reset: every step of getting into the product
 * (docs/product.md#screens-and-routes). Plain React and CSS, no router or app state: the entry
 * shows it on a first visit before any of the app loads, and the app's /login route shows the
 * same screen after a sign-out (docs/adr/0016-code-splitting-and-compression.md).
 */
export function LoginScreen({ mailboxUrl, onSignedIn, providers }: LoginScreenProps) {
  const [state, setState] = useState<LoginState>({ step: 'signIn', email: '' });
  // Kept from registration only, so confirming the code can sign the new owner straight in.
  const registered = useRef<{ email: string; password: string } | null>(null);

  const go = (step: Step, email: string, notice?: string) => setState({ step, email, notice });
  const backToSignIn = () => {
    registered.current = null;
    go('signIn', state.email);
  };

  const handleOutcome = async (outcome: SignInOutcome, email: string) => {
    switch (outcome) {
      case 'signedIn':
        registered.current = null;
        await onSignedIn();
        return;
      case 'confirmSignUp':
        go('confirmSignUp', email);
        return;
      case 'newPasswordRequired':
        go('newPassword', email);
        return;
      case 'resetPassword':
        go('forgotPassword', email, 'Your password must be reset before you can sign in.');
        return;
      case 'signInCode':
        go('signInCode', email);
        return;
    }
  };

  const signInAfterConfirmation = async (email: string) => {
    const credentials = registered.current;
    if (credentials?.email === email) {
      try {
        await handleOutcome(await signInWithPassword(email, credentials.password), email);
        return;
      } catch {
        // Signing in by hand still works; say so below.
      }
    }
    registered.current = null;
    go('signIn', email, 'Your account is confirmed. Sign in to continue.');
  };

  const { title, description } = titles[state.step];
  return (
    <AuthCard title={title} description={description}>
      <FormAlert message={state.notice} tone="success" />
      <Suspense fallback={<p className="bt-auth-note">Loading…</p>}>
        {state.step === 'signIn' && (
          <SignInForm
            defaultEmail={state.email}
            onOutcome={handleOutcome}
            onForgotPassword={(email) => go('forgotPassword', email)}
            onEmailCode={(email) => go('signInCode', email)}
            onCreateAccount={() => go('register', '')}
            providers={providers}
          />
        )}
        {state.step === 'register' && (
          <RegisterForm
            onRegistered={async (email, password, confirmed) => {
              registered.current = { email, password };
              if (confirmed) {
                await signInAfterConfirmation(email);
              } else {
                go('confirmSignUp', email);
              }
            }}
            onBack={backToSignIn}
          />
        )}
        {state.step === 'confirmSignUp' && (
          <ConfirmSignUpForm
            defaultEmail={state.email}
            mailboxUrl={mailboxUrl}
            onConfirmed={signInAfterConfirmation}
            onBack={backToSignIn}
          />
        )}
        {state.step === 'forgotPassword' && (
          <ForgotPasswordForm
            defaultEmail={state.email}
            onRequested={(email, codeSent) =>
              codeSent
                ? go('resetPassword', email)
                : go('signIn', email, 'Your password has been reset. Sign in to continue.')
            }
            onBack={backToSignIn}
          />
        )}
        {state.step === 'resetPassword' && (
          <ResetPasswordForm
            defaultEmail={state.email}
            mailboxUrl={mailboxUrl}
            onReset={(email) =>
              go('signIn', email, 'Your password has been reset. Sign in with your new password.')
            }
            onBack={backToSignIn}
          />
        )}
        {state.step === 'signInCode' && (
          <SignInCodeForm
            defaultEmail={state.email}
            mailboxUrl={mailboxUrl}
            onOutcome={handleOutcome}
            onBack={backToSignIn}
          />
        )}
        {state.step === 'newPassword' && (
          <NewPasswordForm
            onOutcome={(outcome) => handleOutcome(outcome, state.email)}
            onBack={backToSignIn}
          />
        )}
      </Suspense>
    </AuthCard>
  );
}
