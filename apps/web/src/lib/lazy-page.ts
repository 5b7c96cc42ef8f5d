// A lazily loaded page whose chunk fails to load (usually a new deployment replaced the
// hashed files) gets one full reload of its path (docs/product.md#navigation-rule). The mark in
// sessionStorage stops a reload loop when the chunk is really gone; it is cleared once the page
// loads again.
const reloadMarkPrefix = 'baletrack.reloaded:';

export function lazyPage<T>(path: string, load: () => Promise<T>): () => Promise<T> {
  return async () => {
    const mark = reloadMarkPrefix + path;
    try {
      const page = await load();
      sessionStorage.removeItem(mark);
      return page;
    } catch (error) {
      if (sessionStorage.getItem(mark) !== null) {
        throw error;
      }
      sessionStorage.setItem(mark, String(Date.now()));
      window.location.assign(targetHref(path));
      // The page is going away; keep the navigation pending instead of showing an error.
      return new Promise<T>(() => {});
    }
  };
}

// On the first load the address bar already holds the target (with its query); on a client
// navigation it does not yet, and the route's path is the target.
function targetHref(path: string): string {
  return window.location.pathname === path
    ? `${window.location.pathname}${window.location.search}`
    : path;
}
