import { LOGIN_REDIRECT_PARAM } from '@baletrack/contracts/constants';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { StartupError } from '@/app/startup-error';
import { loadRuntimeConfig, type RuntimeConfig } from '@/config/runtime-config';
import { closedAccountNote } from '@/features/account/utils/closed-account-note';
import { configureAmplify } from '@/lib/amplify';
import { readSession } from '@/lib/auth-session';
import { startErrorReporting } from '@/lib/error-reporting';
import { loginHref, pathAfterSignIn, routeNameForPath, routePaths } from '@/lib/route-names';
import { registerServiceWorker } from '@/lib/service-worker';

// The entry loads only React DOM, Amplify's sign-in and the runtime configuration (and, when the
// server offers the hosted sign-in, Amplify's redirect sign-in), then either the sign-in screen
// (plain React, no router, component library or app state) or the app with its router, theme and
// pages (docs/adr/0016-code-splitting-and-compression.md).

const container = document.getElementById('root');
if (!container) {
  throw new Error('index.html has no #root element.');
}
const root = createRoot(container);

async function startApp(into: Root): Promise<void> {
  // Imported only now: creating the router starts the first navigation, whose session check
  // needs Amplify configured.
  const { App } = await import('@/app/app');
  into.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

/**
 * docs/product.md#navigation-rule, before the app loads: /login, or a signed-in page without a
 * stored session (sent to login, which remembers the page's name), shows the sign-in screen; once
 * signed in, the app starts on the remembered page. Every later navigation is the router's.
 */
async function needsSignIn(): Promise<boolean> {
  const { pathname } = window.location;
  // Back from the pool's sign-out after closing the account: the app's /login says what became
  // of it.
  if (pathname === routePaths.login) return closedAccountNote() === undefined;
  const target = routeNameForPath(pathname);
  // An unknown path is the app's (its not-found page).
  if (target === undefined || (await readSession())) return false;
  window.history.replaceState(null, '', loginHref(target));
  return true;
}

async function startSignIn(into: Root, config: RuntimeConfig): Promise<void> {
  const { LoginScreen } = await import('@/features/identity/components/login-screen');
  const signedIn = async () => {
    const target = pathAfterSignIn(new URLSearchParams(window.location.search));
    window.history.replaceState(null, '', target);
    await startApp(into);
  };
  into.render(
    <StrictMode>
      <LoginScreen
        mailboxUrl={config.mailboxUrl}
        onSignedIn={signedIn}
        providers={config.oauth?.providers}
      />
    </StrictMode>,
  );
  // Once the grower starts typing (or a password manager fills the form), the map's code
  // downloads meanwhile, so the map does not wait for it after signing in; the sign-in screen's
  // own load stays as small as before. The app itself (theme, router) still loads only then.
  document.addEventListener(
    'input',
    () => {
      void import('@/app/routes/signed-in-layout').catch(() => {});
      void import('@/app/routes/home').catch(() => {});
    },
    { once: true },
  );
}

// The deployment's URLs and user pool come from /config.json, so nothing renders before it.
try {
  const config = await loadRuntimeConfig();
  // Amplify finishes a redirect sign-in on its callback when it is configured, so its listener
  // comes first; fetchAuthSession (readSession) waits for it meanwhile.
  const redirectSignIn = config.oauth
    ? await import('@/features/identity/api/redirect-sign-in')
    : undefined;
  redirectSignIn?.watchRedirectSignIn();
  const signInSettled = redirectSignIn?.redirectSignInSettled(config.userPoolClientId);
  configureAmplify(config);
  await signInSettled;
  // Before the app, so its first errors are reported too (nothing without a DSN).
  await startErrorReporting(config);
  if (await needsSignIn()) {
    await startSignIn(root, config);
  } else {
    // Signed in by a provider: on to the page the person left from, as after a password.
    const route = redirectSignIn?.redirectSignInRoute();
    if (route) {
      const target = pathAfterSignIn(new URLSearchParams({ [LOGIN_REDIRECT_PARAM]: route }));
      window.history.replaceState(null, '', target);
    }
    await startApp(root);
  }
} catch (error) {
  console.error(error);
  root.render(<StartupError />);
}

// After the first screen, so keeping the app for offline use does not slow its start; built apps
// only (a worker in development would serve stale modules).
if (import.meta.env.PROD) registerServiceWorker();
