import { LOGIN_REDIRECT_PARAM } from '@baletrack/contracts/constants';

/**
 * Every route by name. The login page's `redirect` parameter carries a route name, never a
 * path (docs/product.md#navigation-rule), so a new page joins this table to be reachable after
 * sign-in.
 */
export const routePaths = {
  home: '/',
  login: '/login',
  users: '/users',
  balers: '/balers',
  fields: '/fields',
  cuttings: '/cuttings',
  subscription: '/subscription',
  reports: '/reports',
  automatedReports: '/automated-reports',
  heatRisk: '/heat-risk',
  inventory: '/inventory',
  loads: '/loads',
  audit: '/audit',
  yield: '/yield',
  admin: '/admin',
  help: '/help',
  feedback: '/feedback',
  account: '/account',
} as const;

export type RouteName = keyof typeof routePaths;

function isRouteName(value: string | null): value is RouteName {
  return value !== null && Object.hasOwn(routePaths, value);
}

/**
 * The name of the route a path belongs to, if any (as React Router matches these fixed paths:
 * whole, in any case, a trailing slash allowed). Without the router, so the entry can ask it
 * before the app loads (docs/adr/0016-code-splitting-and-compression.md).
 */
export function routeNameForPath(pathname: string): RouteName | undefined {
  const path = pathname.replace(/(.)\/+$/, '$1').toLowerCase();
  const names = Object.keys(routePaths) as RouteName[];
  return names.find((name) => routePaths[name] === path);
}

/** The login page, remembering where the user was going. */
export function loginHref(target: RouteName | undefined): string {
  if (!target || target === 'login') {
    return routePaths.login;
  }
  const search = new URLSearchParams({ [LOGIN_REDIRECT_PARAM]: target });
  return `${routePaths.login}?${search}`;
}

/** Where to go after sign-in: the route named by `redirect`, else home. */
export function pathAfterSignIn(searchParams: URLSearchParams): string {
  const name = searchParams.get(LOGIN_REDIRECT_PARAM);
  return isRouteName(name) && name !== 'login' ? routePaths[name] : routePaths.home;
}
