/**
 * Registers the service worker the production build writes (vite-plugin-pwa, vite.config.ts): it
 * keeps the app on the phone so a stack audit opens without signal. Nothing is asked of the
 * person; a new build takes over by itself and shows from the next page load.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  // On the first visit the page read /config.json before any worker was there to keep it; once
  // the new worker takes the page over it is read again, through the worker, for a start
  // without signal.
  navigator.serviceWorker.addEventListener(
    'controllerchange',
    () => void fetch('/config.json', { cache: 'no-store' }).catch(() => {}),
    { once: true },
  );
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
    // Plain http on a farm's network, or a private window: the app works, only not offline.
    console.warn('The service worker was not registered; the app will not open offline.', error);
  });
}
