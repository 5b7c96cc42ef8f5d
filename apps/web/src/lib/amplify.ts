import { Amplify } from 'aws-amplify';
import type { RuntimeConfig } from '@/config/runtime-config';

/** Points aws-amplify's Auth at the user pool the server names (embedded or real Cognito). */
export function configureAmplify(config: RuntimeConfig): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        userPoolEndpoint: config.userPoolEndpoint,
      },
    },
  });
}
