import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { SignOutError, signOut } from '@/features/identity/api/sign-out';
import { routePaths } from '@/lib/route-names';

/**
 * docs/product.md#sign-out: the refresh token is revoked and the stored tokens are cleared; Amplify
 * clears them even when revocation fails. After a redirect sign-in the browser then leaves for the
 * hosted sign-out (features/identity/api/sign-out.ts). The cache is emptied only once the signed-in
 * page is gone, so its queries do not refetch without a session.
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await signOut();
    } catch (error) {
      if (!(error instanceof SignOutError)) throw error;
      // Signed out here all the same; the message says what went wrong after.
      notifications.show({ color: 'red', message: error.message });
    } finally {
      await navigate(routePaths.login, { replace: true });
      queryClient.clear();
    }
  }, [navigate, queryClient]);
}
