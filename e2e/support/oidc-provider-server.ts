// The browser journeys' outside identity provider: the tests' real OpenID Connect provider on a
// fixed port, with its own sign-in page (scripts/e2e-server.mjs starts it beside the server).
import { startOidcTestProvider } from '../../apps/server/test/helpers/oidc-test-provider.ts';

const provider = await startOidcTestProvider({
  port: Number(process.env.E2E_OIDC_PORT ?? 3197),
  redirects: [`${process.env.PUBLIC_URL}/cognito/oauth2/idpresponse`],
  loginForm: true,
});
console.log(`OpenID provider listening at ${provider.issuer}`);
const stop = () => void provider.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
