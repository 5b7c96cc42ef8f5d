import { messages } from '@baletrack/contracts/errors/messages';
import { signOut as amplifySignOut } from 'aws-amplify/auth';
import { getRuntimeConfig } from '@/config/runtime-config';
import { signOutRedirect } from '@/features/identity/sign-out-redirect';
import { errorName } from '@/features/identity/utils/auth-error-message';

/** A sign-out that cleared the stored tokens but went wrong after; its message is for people. */
export class SignOutError extends Error {
  override readonly name = 'SignOutError';
}

/**
 * docs/product.md#sign-out: revokes the refresh token and clears the stored tokens (Amplify clears
 * them even when revocation fails). With the hosted sign-in configured, Amplify then ends a
 * redirect sign-in's hosted session, sending the browser to the pool's sign-out and back to the
 * address the spec's rule picks; a password sign-in stays on the page.
 */
export async function signOut(): Promise<void> {
  const { oauth } = getRuntimeConfig();
  if (!oauth) return amplifySignOut();
  let redirectUrl: string;
  try {
    redirectUrl = signOutRedirect(oauth.redirectSignOut, window.location);
  } catch (error) {
    // No address to come back to: signed out here all the same, as Amplify clears the tokens
    // before it looks for one.
    await amplifySignOut().catch(() => {});
    throw new SignOutError(messages.auth.signOutRedirectMissing, { cause: error });
  }
  try {
    await amplifySignOut({ global: false, oauth: { redirectUrl } });
  } catch (error) {
    if (errorName(error) !== 'OAuthSignOutException') throw error;
    throw new SignOutError(messages.auth.oauthSignOutFailed, { cause: error });
  }
}
