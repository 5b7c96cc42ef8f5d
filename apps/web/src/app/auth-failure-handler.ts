import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import type { DataRouter } from 'react-router';
import { SignOutError, signOut } from '@/features/identity/api/sign-out';
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
    } catch (error) {
      // Amplify clears the stored tokens even when revoking them fails.
      if (error instanceof SignOutError) {
        notifications.show({ color: 'red', message: error.message });
      }
    }
    const target = routeNameForPath(router.state.location.pathname);
    if (target !== 'login') {
      await router.navigate(loginHref(target), { replace: true });
    }
    // Emptied after leaving the page, so its queries do not refetch without a session.
    queryClient.clear();
  });
}
