import { useQueryClient } from '@tanstack/react-query';
import { Hub } from 'aws-amplify/utils';
import { useEffect } from 'react';
import { reportAuthFailure } from '@/lib/auth-failure';

/**
 * Spec §4: signed-in and signed-out events update the current user. Cached server data
 * belongs to whoever was signed in, so it goes on both; a failed token refresh ends the
 * session.
 */
export function useAuthEvents(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      Hub.listen('auth', ({ payload }) => {
        switch (payload.event) {
          case 'signedIn':
          case 'signedOut':
            queryClient.clear();
            break;
          case 'tokenRefresh_failure':
            void reportAuthFailure();
            break;
        }
      }),
    [queryClient],
  );
}
