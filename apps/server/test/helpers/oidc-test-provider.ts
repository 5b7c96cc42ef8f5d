import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A real OpenID Connect provider (the `oidc-provider` package), standing in for an equipment
 * maker's sign-in. In tests whoever the test names signs in at once; with `loginForm` (the
 * browser journeys) people type who they are on the package's own sign-in page. Someone it has
 * no claims for is `<name>@acme.example`, verified unless the name starts with 'unverified'. Its
 * answers can be made to fail as a hostile or broken provider's would.
 */
export interface OidcTestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** People the provider knows, by account id: their claims. */
  accounts: Map<string, Record<string, unknown>>;
  /** The account the next sign-in at the provider is. */
  signInAs(accountId: string): void;
  /** Registers the relying party's redirect once its address is known. */
  allowRedirect(redirectUri: string): void;
  /** Flips one character of the next id token's signature. */
  tamperNextIdToken(): void;
  /** Stops answering: connections are refused from now on. */
  stop(): Promise<void>;
}

export async function startOidcTestProvider(
  options: { port?: number; redirects?: string[]; loginForm?: boolean } = {},
): Promise<OidcTestProvider> {
  const accounts = new Map<string, Record<string, unknown>>();
  let current = '';
  let tamper = false;
  let provider: Provider | undefined;
  let handle: ReturnType<Provider['callback']> | undefined;

  const server = http.createServer(async (req, res) => {
    if (!provider || !handle) return void res.writeHead(503).end();
    if (!options.loginForm && req.url?.startsWith('/interaction/')) {
      // The person is whoever the test said: the login step finishes at once.
      await provider.interactionFinished(req, res, { login: { accountId: current } });
      return;
    }
    if (tamper && req.url?.startsWith('/token')) {
      tamper = false;
      const end = res.end.bind(res);
      res.end = ((body: unknown) => {
        const answer = JSON.parse(String(body)) as { id_token: string };
        const last = answer.id_token.at(-2) === 'A' ? 'B' : 'A';
        answer.id_token = `${answer.id_token.slice(0, -2)}${last}${answer.id_token.slice(-1)}`;
        return end(JSON.stringify(answer));
      }) as typeof res.end;
    }
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'baletrack';
  const clientSecret = 'a-provider-secret-for-tests';
  const redirects = [...(options.redirects ?? [])];
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), use: 'sig', alg: 'RS256' };

  const build = () => {
    provider = new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: redirects,
          response_types: ['code'],
          grant_types: ['authorization_code'],
        },
      ],
      claims: { email: ['email', 'email_verified'], profile: ['name'], openid: ['sub'] },
      features: { devInteractions: { enabled: options.loginForm === true } },
      // Its own sign-in page, or a step the server above finishes at once.
      ...(options.loginForm
        ? {}
        : { interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` } }),
      jwks: { keys: [signingKey] },
      ttl: {
        Interaction: 600,
        Session: 600,
        Grant: 600,
        AuthorizationCode: 60,
        AccessToken: 600,
        IdToken: 600,
      },
      findAccount: async (_ctx, id) => ({
        accountId: id,
        claims: async () => ({
          sub: id,
          ...(accounts.get(id) ?? {
            email: id.includes('@') ? id : `${id}@acme.example`,
            email_verified: !id.startsWith('unverified'),
            name: id.split('@')[0],
          }),
        }),
      }),
      // The relying party is the operator's own: no consent step.
      loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
        const oidc = ctx.oidc;
        const accountId = oidc.session?.accountId;
        if (!oidc.client || !accountId) return undefined;
        const grant = new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
    });
    handle = provider.callback();
  };

  build();
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    signInAs: (accountId) => {
      current = accountId;
    },
    allowRedirect: (redirectUri) => {
      redirects.push(redirectUri);
      build();
    },
    tamperNextIdToken: () => {
      tamper = true;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
