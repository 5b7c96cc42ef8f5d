import { useQueryClient } from '@tanstack/react-query';
import { Hub } from 'aws-amplify/utils';
import { useEffect } from 'react';
import { reportAuthFailure } from '@/lib/auth-failure';

/**
 * docs/product.md#sign-in-flows: signed-in and signed-out events update the current user. Cached
 * server data belongs to whoever was signed in before, so it goes when someone signs in; on
 * sign-out the flows that sign out empty it once they have left the signed-in page. A refused token
 * refresh ends the session; one that found no connection does not (a stack audit goes on
 * without signal, lib/auth-session.ts).
 */
export function useAuthEvents(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      Hub.listen('auth', ({ payload }) => {
        switch (payload.event) {
          case 'signedIn':
            queryClient.clear();
            break;
          case 'tokenRefresh_failure':
            if (payload.data.error?.name !== 'NetworkError') void reportAuthFailure();
            break;
        }
      }),
    [queryClient],
  );
}
