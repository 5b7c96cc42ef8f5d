import { Amplify } from 'aws-amplify';
import type { RuntimeConfig } from '@/config/runtime-config';

/**
 * Points aws-amplify's Auth at the user pool the server names (embedded or real Cognito), and at
 * its hosted sign-in when the server offers one (docs/product.md#hosted-sign-in).
 */
export function configureAmplify(config: RuntimeConfig): void {
  const { oauth } = config;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        userPoolEndpoint: config.userPoolEndpoint,
        ...(oauth && {
          loginWith: {
            oauth: {
              domain: oauth.domain,
              scopes: oauth.scopes,
              redirectSignIn: oauth.redirectSignIn,
              redirectSignOut: oauth.redirectSignOut,
              // The server's authorize takes only the code grant (with PKCE).
              responseType: 'code',
              providers: oauth.providers.map((name) => ({ custom: name })),
            },
          },
        }),
      },
    },
  });
}
