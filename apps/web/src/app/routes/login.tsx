import type { CloseAccountResponse } from '@baletrack/contracts/account/account';
import { useLocation, useNavigate } from 'react-router';
import { getRuntimeConfig } from '@/config/runtime-config';
import { AccountClosed } from '@/features/account/components/account-closed';
import {
  closedAccountNote,
  forgetClosedAccount,
} from '@/features/account/utils/closed-account-note';
import { LoginScreen } from '@/features/identity/components/login-screen';
import { useFinishSignIn } from '@/features/identity/hooks/use-finish-sign-in';

/**
 * The sign-in screen inside the app (after a sign-out or an expired session), or, right after
 * an account was closed, what became of it (outside the signed-in shell: nothing of it is left).
 */
export function LoginRoute() {
  const finishSignIn = useFinishSignIn();
  const location = useLocation();
  const navigate = useNavigate();
  const closed =
    (location.state as { closedAccount?: CloseAccountResponse } | null)?.closedAccount ??
    closedAccountNote();
  if (closed) {
    return (
      <AccountClosed
        result={closed}
        onFinish={() => {
          forgetClosedAccount();
          void navigate(location.pathname, { replace: true, state: null });
        }}
      />
    );
  }
  const { mailboxUrl, oauth } = getRuntimeConfig();
  return (
    <LoginScreen mailboxUrl={mailboxUrl} onSignedIn={finishSignIn} providers={oauth?.providers} />
  );
}
