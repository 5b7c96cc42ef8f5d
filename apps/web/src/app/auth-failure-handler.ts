import type { QueryClient } from '@tanstack/react-query';
import { signOut } from 'aws-amplify/auth';
import type { DataRouter } from 'react-router';
import { setAuthFailureHandler } from '@/lib/auth-failure';
import { loginHref, routeNameForPath } from '@/lib/route-names';

/**
 * 'Invalid auth tokens' or a failed refresh: sign out here and go to login
 * (docs/product.md#navigation-rule).
 */
export function handleAuthFailures(router: DataRouter, queryClient: QueryClient): void {
  setAuthFailureHandler(async () => {
    try {
      await signOut();
    } catch {
      // Amplify clears the stored tokens even when revoking them fails.
    }
    const target = routeNameForPath(router.state.location.pathname);
    if (target !== 'login') {
      await router.navigate(loginHref(target), { replace: true });
    }
    // Emptied after leaving the page, so its queries do not refetch without a session.
    queryClient.clear();
  });
}
