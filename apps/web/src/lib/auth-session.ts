import { fetchAuthSession } from 'aws-amplify/auth';

export interface SessionTokens {
  idToken: string;
  /** The conversion API (spec API 3) takes the access token, as `Bearer`. */
  accessToken: string;
  groups: string[];
}

/**
 * The stored session, its tokens refreshed first when they expired; null when the user is
 * signed out or the refresh failed. Both tokens must be there (docs/product.md#navigation-rule).
 */
export async function readSession(): Promise<SessionTokens | null> {
  try {
    const { tokens } = await fetchAuthSession();
    if (!tokens?.accessToken || !tokens.idToken) {
      return null;
    }
    const groups = tokens.idToken.payload['cognito:groups'];
    return {
      idToken: tokens.idToken.toString(),
      accessToken: tokens.accessToken.toString(),
      groups: Array.isArray(groups) ? groups.filter((group) => typeof group === 'string') : [],
    };
  } catch {
    return null;
  }
}
