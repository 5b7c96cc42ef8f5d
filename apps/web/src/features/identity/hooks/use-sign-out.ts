import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signOut } from 'aws-amplify/auth';
import { useNavigate } from 'react-router';
import { routePaths } from '@/lib/route-names';

/**
 * Spec §4: the refresh token is revoked and the stored tokens are cleared; Amplify clears them
 * even when revocation fails, so the user lands on the login page either way.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => signOut(),
    onSettled: async () => {
      queryClient.clear();
      await navigate(routePaths.login, { replace: true });
    },
  });
}
