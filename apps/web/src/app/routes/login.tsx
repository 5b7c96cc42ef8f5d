import { getRuntimeConfig } from '@/config/runtime-config';
import { LoginScreen } from '@/features/identity/components/login-screen';
import { useFinishSignIn } from '@/features/identity/hooks/use-finish-sign-in';

/** The sign-in screen inside the app (after a sign-out or an expired session). */
export function LoginRoute() {
  const finishSignIn = useFinishSignIn();
  return <LoginScreen mailboxUrl={getRuntimeConfig().mailboxUrl} onSignedIn={finishSignIn} />;
}
