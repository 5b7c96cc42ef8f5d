import { useQueryClient } from '@tanstack/react-query';
import { signOut } from 'aws-amplify/auth';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { routePaths } from '@/lib/route-names';

/**
 * docs/product.md#sign-out: the refresh token is revoked and the stored tokens are cleared; Amplify
 * clears them even when revocation fails. The cache is emptied only once the signed-in page is
 * gone, so its queries do not refetch without a session.
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await signOut();
    } finally {
      await navigate(routePaths.login, { replace: true });
      queryClient.clear();
    }
  }, [navigate, queryClient]);
}
