import { useState } from 'react';
import { authErrorMessage } from '@/features/identity/utils/auth-error-message';

/**
 * 'Resend code' for a step with an `email` field (confirming a sign-up, resetting a password):
 * once the address is checked (`emailValid`), asks the user pool for a new code with `send`; the
 * outcome is a notice (`sentTo`) or the form's alert (`onError`).
 */
export function useResendCode(
  send: (email: string) => Promise<unknown>,
  onError: (message: string) => void,
) {
  const [isPending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | undefined>();
  const resendCode = async (email: string) => {
    setSentTo(undefined);
    setPending(true);
    try {
      await send(email);
      setSentTo(email);
    } catch (error) {
      onError(authErrorMessage(error));
    } finally {
      setPending(false);
    }
  };
  return { resendCode, isPending, sentTo };
}
