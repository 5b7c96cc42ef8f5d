import { type AuthSession, fetchAuthSession } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';

export interface SessionTokens {
  idToken: string;
  /** The conversion API (spec API 3) takes the access token, as `Bearer`. */
  accessToken: string;
  groups: string[];
  /** The id token's subject: who is signed in. */
  userId: string;
  /** The id token's organization (`custom:accountId`). */
  organizationId: string;
}

type Tokens = AuthSession['tokens'];

function sessionOf(tokens: Tokens): SessionTokens | null {
  if (!tokens?.accessToken || !tokens.idToken) {
    return null;
  }
  const { payload } = tokens.idToken;
  const groups = payload['cognito:groups'];
  const organizationId = payload['custom:accountId'];
  return {
    idToken: tokens.idToken.toString(),
    accessToken: tokens.accessToken.toString(),
    groups: Array.isArray(groups) ? groups.filter((group) => typeof group === 'string') : [],
    userId: payload.sub ?? '',
    organizationId: typeof organizationId === 'string' ? organizationId : '',
  };
}

/** Whether Amplify failed for want of a connection (its fetch threw), not because it was refused. */
function isNetworkError(error: unknown): boolean {
  return error instanceof Error && error.name === 'NetworkError';
}

/**
 * The stored session, its tokens refreshed first when they expired; null when the user is
 * signed out or the refresh was refused. Both tokens must be there (docs/product.md#navigation-rule).
 * Without a connection the stored tokens stand, expired or not, so an audit in a yard without
 * signal goes on; the APIs cannot be reached then anyway, and the refresh is tried again with
 * the next call.
 */
export async function readSession(): Promise<SessionTokens | null> {
  try {
    if (!navigator.onLine) return sessionOf(await readStoredTokens());
    const { tokens } = await fetchAuthSession();
    return sessionOf(tokens);
  } catch (error) {
    return isNetworkError(error) ? sessionOf(await readStoredTokens()) : null;
  }
}

/** The tokens Amplify keeps, as they are (expired or not); none when it cannot read them. */
async function readStoredTokens(): Promise<Tokens> {
  try {
    return (await cognitoUserPoolsTokenProvider.authTokenStore.loadTokens()) ?? undefined;
  } catch {
    return undefined;
  }
}
