import { useCallback, useEffect } from 'react';

// Already loaded by the entry whenever the hosted sign-in is on (main.tsx), so this costs nothing.
const redirectSignIn = () => import('@/features/identity/api/redirect-sign-in');

/**
 * The sign-in form's way out to an outside identity provider, when the hosted sign-in is on:
 * shows with `showError` why a redirect sign-in failed (on the callback, or on coming back
 * without finishing it), and returns the function that leaves for a provider.
 */
export function useRedirectSignIn(
  enabled: boolean,
  showError: (message: string) => void,
): (provider: string) => Promise<void> {
  useEffect(() => {
    if (!enabled) return;
    let stop: (() => void) | undefined;
    let unmounted = false;
    redirectSignIn()
      .then(({ onRedirectSignInFailure }) => {
        if (!unmounted) stop = onRedirectSignInFailure(showError);
      })
      .catch(() => {});
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [enabled, showError]);
  return useCallback(
    async (provider: string) => (await redirectSignIn()).signInWithProvider(provider),
    [],
  );
}
