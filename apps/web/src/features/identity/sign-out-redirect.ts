import { messages } from '@baletrack/contracts/errors/messages';

/** The page being signed out of, as `window.location` gives it. */
export type SignOutPage = Pick<Location, 'origin' | 'pathname' | 'hostname'>;

function webUrl(entry: string): URL | undefined {
  try {
    const url = new URL(entry);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where the hosted sign-out sends the browser back to (docs/product.md#sign-out), of the app's
 * registered sign-out addresses: the first that starts with this page's origin and path, else the
 * first on this page's host, else the first https one, else the first http one. Only http(s)
 * addresses count (never `javascript:` or an app's own scheme); none at all is an error.
 * @example signOutRedirect(['https://farm.example.com/login'], window.location)
 */
export function signOutRedirect(registered: readonly string[], page: SignOutPage): string {
  const web = registered.flatMap((entry) => {
    const url = webUrl(entry);
    return url ? [{ entry, url }] : [];
  });
  const here = page.origin + (page.pathname || '/');
  const pick =
    web.find(({ entry }) => entry.startsWith(here)) ??
    // The parsed host, not Amplify's `includes`: that lets https://farm.example.com.attacker.net/
    // pass for farm.example.com.
    web.find(({ url }) => url.hostname === page.hostname) ??
    web.find(({ url }) => url.protocol === 'https:') ??
    web.find(({ url }) => url.protocol === 'http:');
  if (!pick) throw new Error(messages.auth.signOutRedirectMissing);
  return pick.entry;
}
