import { type MiddlewareFunction, redirect } from 'react-router';
import { readSession } from '@/lib/auth-session';
import { loginHref, routeNameForPath } from '@/lib/route-names';

/**
 * docs/product.md#navigation-rule: before every navigation to a signed-in page the stored session
 * is read; without an access and an id token the user goes to login, which remembers the target
 * route's name.
 */
export const requireSession: MiddlewareFunction = async ({ request }) => {
  if (!(await readSession())) {
    throw redirect(loginHref(routeNameForPath(new URL(request.url).pathname)));
  }
};
