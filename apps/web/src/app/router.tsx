import { createBrowserRouter } from 'react-router';
import { requireSession } from '@/app/require-session';
import { RouteError } from '@/app/routes/route-error';
import { PageLoader } from '@/components/page-loader';
import { lazyPage } from '@/lib/lazy-page';
import { routePaths } from '@/lib/route-names';

export function createRouter() {
  return createBrowserRouter([
    {
      HydrateFallback: PageLoader,
      ErrorBoundary: RouteError,
      children: [
        {
          path: routePaths.login,
          lazy: lazyPage(routePaths.login, () =>
            import('@/app/routes/login').then((page) => ({ Component: page.LoginRoute })),
          ),
        },
        {
          // Every page below needs a signed-in user.
          middleware: [requireSession],
          children: [
            {
              path: routePaths.home,
              lazy: lazyPage(routePaths.home, () =>
                import('@/app/routes/home').then((page) => ({ Component: page.HomeRoute })),
              ),
            },
            {
              path: routePaths.users,
              lazy: lazyPage(routePaths.users, () =>
                import('@/app/routes/users').then((page) => ({ Component: page.UsersRoute })),
              ),
            },
          ],
        },
      ],
    },
  ]);
}
