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
          // Every page below needs a signed-in user, shows whose data it is when a SuperAdmin
          // acts for an organization, and offers the support chat.
          middleware: [requireSession],
          // Loaded with the first signed-in screen; the sign-in page only warms it as the grower
          // types (ADR 16, ADR 20). After a new deployment it can only be missing for a tab that
          // sat on /login: home is next.
          lazy: lazyPage(routePaths.home, () =>
            import('@/app/routes/signed-in-layout').then((layout) => ({
              Component: layout.SignedInLayout,
            })),
          ),
          children: [
            {
              path: routePaths.admin,
              lazy: lazyPage(routePaths.admin, () =>
                import('@/app/routes/admin').then((page) => ({ Component: page.AdminRoute })),
              ),
            },
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
            {
              path: routePaths.balers,
              lazy: lazyPage(routePaths.balers, () =>
                import('@/app/routes/balers').then((page) => ({ Component: page.BalersRoute })),
              ),
            },
            {
              path: routePaths.fields,
              lazy: lazyPage(routePaths.fields, () =>
                import('@/app/routes/fields').then((page) => ({ Component: page.FieldsRoute })),
              ),
            },
            {
              path: routePaths.subscription,
              lazy: lazyPage(routePaths.subscription, () =>
                import('@/app/routes/subscription').then((page) => ({
                  Component: page.SubscriptionRoute,
                })),
              ),
            },
            {
              path: routePaths.reports,
              lazy: lazyPage(routePaths.reports, () =>
                import('@/app/routes/reports').then((page) => ({ Component: page.ReportsRoute })),
              ),
            },
            {
              path: routePaths.automatedReports,
              lazy: lazyPage(routePaths.automatedReports, () =>
                import('@/app/routes/automated-reports').then((page) => ({
                  Component: page.AutomatedReportsRoute,
                })),
              ),
            },
            {
              path: routePaths.heatRisk,
              lazy: lazyPage(routePaths.heatRisk, () =>
                import('@/app/routes/heat-risk').then((page) => ({
                  Component: page.HeatRiskRoute,
                })),
              ),
            },
            {
              path: routePaths.inventory,
              lazy: lazyPage(routePaths.inventory, () =>
                import('@/app/routes/inventory').then((page) => ({
                  Component: page.InventoryRoute,
                })),
              ),
            },
            {
              path: routePaths.loads,
              lazy: lazyPage(routePaths.loads, () =>
                import('@/app/routes/loads').then((page) => ({ Component: page.LoadsRoute })),
              ),
            },
            {
              // One load; a failed chunk reloads the list, which links to it.
              path: `${routePaths.loads}/:loadId`,
              lazy: lazyPage(routePaths.loads, () =>
                import('@/app/routes/load').then((page) => ({ Component: page.LoadRoute })),
              ),
            },
            {
              path: routePaths.audit,
              lazy: lazyPage(routePaths.audit, () =>
                import('@/app/routes/audit').then((page) => ({ Component: page.AuditRoute })),
              ),
            },
            {
              path: routePaths.yield,
              lazy: lazyPage(routePaths.yield, () =>
                import('@/app/routes/yield').then((page) => ({ Component: page.YieldRoute })),
              ),
            },
            {
              path: routePaths.feedback,
              lazy: lazyPage(routePaths.feedback, () =>
                import('@/app/routes/feedback').then((page) => ({ Component: page.FeedbackRoute })),
              ),
            },
            {
              // `/help/<slug>` is an article of the same page.
              path: `${routePaths.help}/:slug?`,
              lazy: lazyPage(routePaths.help, () =>
                import('@/app/routes/help').then((page) => ({ Component: page.HelpRoute })),
              ),
            },
            {
              path: routePaths.account,
              lazy: lazyPage(routePaths.account, () =>
                import('@/app/routes/account').then((page) => ({ Component: page.AccountRoute })),
              ),
            },
            {
              path: routePaths.cuttings,
              lazy: lazyPage(routePaths.cuttings, () =>
                import('@/app/routes/cuttings').then((page) => ({ Component: page.CuttingsRoute })),
              ),
            },
          ],
        },
      ],
    },
  ]);
}
