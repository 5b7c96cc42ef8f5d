// Amplify's listener finishes a redirect sign-in on its callback page once Amplify is configured
// (docs/product.md#hosted-sign-in). This file loads only when the server offers the hosted sign-in,
// so the sign-in screen's first load stays as small without it (docs/adr/0016-code-splitting-and-
// compression.md).
import 'aws-amplify/auth/enable-oauth-listener';
import { LOGIN_REDIRECT_PARAM } from '@baletrack/contracts/constants';
import { messages } from '@baletrack/contracts/errors/messages';
import { signInWithRedirect, signOut } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { errorName } from '@/features/identity/utils/auth-error-message';

type FailureListener = (message: string) => void;

const failureListeners = new Set<FailureListener>();
// A failure before the sign-in screen listens (on the callback), kept for it.
let untoldFailure: string | undefined;
let routeAfterSignIn: string | undefined;
let settle: () => void = () => {};
// Amplify's outcome of the redirect sign-in this page came back from.
const settled = new Promise<void>((resolve) => {
  settle = resolve;
});

/** The failure's own message, unless it is a bare OAuth code (`invalid_grant`): then the spec's. */
function failureMessage(error: { message?: string } | undefined): string {
  const message = error?.message?.trim() ?? '';
  return /\s/.test(message) ? message : messages.login;
}

/**
 * Keeps what comes of a redirect sign-in on this page: why it failed, or the route the person was
 * going to. Call it before Amplify is configured, which is when the callback is finished.
 */
export function watchRedirectSignIn(): () => void {
  return Hub.listen('auth', ({ payload }) => {
    if (payload.event === 'customOAuthState') {
      routeAfterSignIn = payload.data;
    } else if (payload.event === 'signInWithRedirect') {
      settle();
    } else if (payload.event === 'signInWithRedirect_failure') {
      settle();
      const message = failureMessage(payload.data.error);
      if (failureListeners.size === 0) untoldFailure = message;
      for (const listener of failureListeners) listener(message);
    }
  });
}

/**
 * Once Amplify has finished the redirect sign-in this page came back from, if one is under way
 * (its flag in storage). Amplify's own wait (`fetchAuthSession`) can miss a failure answered at
 * once, such as an `?error=` callback, and would then hold the page for its 5-minute deadline.
 */
export function redirectSignInSettled(clientId: string): Promise<void> {
  const flag = `CognitoIdentityServiceProvider.${clientId}.inflightOAuth`;
  return localStorage.getItem(flag) === 'true' ? settled : Promise.resolve();
}

/** The route name (`redirect`) the person left for the provider from, once signed in by it. */
export function redirectSignInRoute(): string | undefined {
  return routeAfterSignIn;
}

/**
 * Tells `listener` why each redirect sign-in fails, a failure no one was told of yet first.
 * @returns the unsubscribe
 */
export function onRedirectSignInFailure(listener: FailureListener): () => void {
  failureListeners.add(listener);
  if (untoldFailure !== undefined) {
    listener(untoldFailure);
    untoldFailure = undefined;
  }
  return () => failureListeners.delete(listener);
}

/**
 * Leaves for an outside identity provider's sign-in through the hosted sign-in, remembering the
 * page's `redirect` route; the callback page finishes it.
 */
export async function signInWithProvider(provider: string): Promise<void> {
  const route = new URLSearchParams(window.location.search).get(LOGIN_REDIRECT_PARAM);
  const start = () =>
    signInWithRedirect({ provider: { custom: provider }, ...(route && { customState: route }) });
  try {
    await start();
  } catch (error) {
    if (errorName(error) !== 'UserAlreadyAuthenticatedException') throw error;
    // As with the password, the account chosen now wins over one still signed in here. Amplify
    // clears the stored tokens before anything in its sign-out can fail.
    await signOut().catch(() => {});
    await start();
  }
}
