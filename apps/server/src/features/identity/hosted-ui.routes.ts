import crypto from 'node:crypto';
import { controlCharacterIssue } from '@baletrack/contracts/common/control-characters';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CognitoError, cognitoErrors } from './cognito-error.ts';
import {
  FEDERATION_COOKIE,
  FederationError,
  federatedUser,
  finishFederation,
  IDP_RESPONSE_PATH,
  openPendingFederation,
  type RegisterFederatedOwner,
  startFederation,
} from './federation.service.ts';
import {
  type AuthorizeRequest,
  authorizeProblem,
  exchangeCode,
  HOSTED_SESSION_COOKIE,
  HOSTED_SESSION_TTL_MS,
  issueAuthorizationCode,
  mayUseHostedSignIn,
  OAuthError,
  openHostedSession,
  redirectWith,
  refreshGrant,
  sealHostedSession,
  unknownClientOrRedirect,
} from './hosted-ui.service.ts';
import { hostedErrorPage, hostedSignInPage } from './hosted-ui-page.ts';
import { findUserById } from './pool-users.repository.ts';
import { verifyPassword } from './sign-in.service.ts';
import { clearAttempts } from './throttle.service.ts';
import { revokeSession, verifyAccessTokenForPool } from './tokens.service.ts';

const CSRF_COOKIE = 'bt_hosted_csrf';
// The authorize request's parameters, carried through the sign-in form.
const AUTHORIZE_PARAMS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'state',
  'scope',
  'code_challenge',
  'code_challenge_method',
] as const;

type Fields = Record<string, unknown>;

/** A parameter given once as text; anything else (absent, repeated) is undefined. */
const one = (fields: unknown, name: string): string | undefined => {
  const value = (fields as Fields | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
};

function authorizeRequestOf(fields: unknown): AuthorizeRequest {
  return {
    responseType: one(fields, 'response_type') ?? '',
    clientId: one(fields, 'client_id') ?? '',
    redirectUri: one(fields, 'redirect_uri') ?? '',
    state: one(fields, 'state'),
    scope: one(fields, 'scope'),
    codeChallenge: one(fields, 'code_challenge'),
    codeChallengeMethod: one(fields, 'code_challenge_method'),
  };
}

function authorizeParams(fields: unknown): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of AUTHORIZE_PARAMS) {
    const value = one(fields, name);
    if (value !== undefined) kept[name] = value;
  }
  return kept;
}

/**
 * Cognito's hosted sign-in endpoints (docs/product.md#hosted-sign-in), under the user pool's
 * prefix: Amplify's `oauth.domain` is this server's host with `/cognito`. Its own plugin: form
 * bodies and cookies here only, OAuth's error shape, a page for what cannot go back.
 */
export async function hostedUiRoutes(
  app: FastifyInstance,
  options: { registerFederatedOwner: RegisterFederatedOwner },
): Promise<void> {
  const { ctx } = app;
  const { callbackUrls, signOutUrls, federation } = ctx.config.userPool;
  const secure = ctx.config.publicUrl.startsWith('https:');
  const cookieOptions = { path: '/cognito', httpOnly: true, sameSite: 'lax', secure } as const;
  // The sign-in form may go on to a registered callback on another origin.
  const formTargets = [...new Set(callbackUrls.map((url) => new URL(url).origin))].join(' ');
  const pageSecurity = `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${formTargets}; frame-ancestors 'none'; base-uri 'none'`;

  await app.register(cookie);
  await app.register(formbody);

  const page = (reply: FastifyReply, status: number, html: string) =>
    reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', pageSecurity)
      .send(html);

  // RFC 6749's error members, and the `message` every refusal of ours carries for people.
  const oauthError = (reply: FastifyReply, status: number, error: string, description: string) =>
    reply
      .status(status)
      .header('cache-control', 'no-store')
      .send({ error, error_description: description, message: description });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof OAuthError) {
      return oauthError(reply, error.statusCode, error.error, error.description);
    }
    if (error.statusCode && error.statusCode < 500) {
      return oauthError(reply, error.statusCode, 'invalid_request', error.message);
    }
    request.log.error({ err: error }, 'hosted sign-in failed');
    return oauthError(reply, 500, 'server_error', 'An internal error occurred.');
  });

  // Nothing with a control character goes further, in a query or a form.
  app.addHook('preHandler', async (request, reply) => {
    const issue = controlCharacterIssue(request.query) ?? controlCharacterIssue(request.body);
    if (issue) return page(reply, 400, hostedErrorPage(issue.message));
  });

  const publicRoute = { schema: { tags: ['identity'], hide: false }, config: { public: true } };

  // A browser app on a registered callback's origin calls these itself (Amplify's code exchange
  // sends x-amz-user-agent, so it asks first); no other origin is answered.
  const appOrigins = new Set(callbackUrls.map((url) => new URL(url).origin));
  const crossOriginPaths = ['/oauth2/token', '/oauth2/userInfo', '/oauth2/revoke'];
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin || !appOrigins.has(origin)) return;
    if (!crossOriginPaths.includes(request.routeOptions.url?.slice(app.prefix.length) ?? ''))
      return;
    reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
  });
  for (const path of crossOriginPaths) {
    app.options(
      path,
      { schema: { hide: true }, config: { public: true } },
      async (_request, reply) =>
        reply
          .status(204)
          .header('access-control-allow-methods', 'GET, POST')
          .header('access-control-allow-headers', 'authorization, content-type, x-amz-user-agent')
          .header('access-control-max-age', '600')
          .send(),
    );
  }

  /** Back to the app (its redirect already known) with an OAuth error and its state echoed. */
  const refuse = (
    reply: FastifyReply,
    asked: AuthorizeRequest,
    error: string,
    description: string,
  ) =>
    reply.redirect(
      redirectWith(asked.redirectUri, {
        error,
        error_description: description,
        state: asked.state,
      }),
    );

  /** Back to the client with a code, or to the sign-in form; an unknown redirect goes nowhere. */
  const authorize = async (request: FastifyRequest, reply: FastifyReply, fields: unknown) => {
    const asked = authorizeRequestOf(fields);
    const refusal = unknownClientOrRedirect(ctx, asked.clientId, asked.redirectUri, callbackUrls);
    if (refusal) return page(reply, 400, hostedErrorPage(refusal));
    const problem = authorizeProblem(asked);
    if (problem) return refuse(reply, asked, problem.error, problem.description);
    const provider = one(fields, 'identity_provider');
    if (provider !== undefined && provider !== 'COGNITO') {
      return toProvider(reply, provider, asked, authorizeParams(fields));
    }
    const userId = openHostedSession(ctx, request.cookies[HOSTED_SESSION_COOKIE]);
    const user = userId ? await findUserById(ctx.db, userId) : undefined;
    if (!user || !mayUseHostedSignIn(user)) {
      return reply.redirect(`${app.prefix}/login?${new URLSearchParams(authorizeParams(fields))}`);
    }
    const code = await issueAuthorizationCode(ctx, user, asked);
    return reply.redirect(redirectWith(asked.redirectUri, { code, state: asked.state }));
  };

  /** Off to the outside provider (Amplify's identity_provider), the round trip in a cookie. */
  const toProvider = async (
    reply: FastifyReply,
    provider: string,
    asked: AuthorizeRequest,
    resume: Record<string, string>,
  ) => {
    if (!federation || provider !== federation.name) {
      return refuse(reply, asked, 'invalid_request', 'This identity provider is not set up here.');
    }
    try {
      const started = await startFederation(ctx, federation, resume);
      reply.setCookie(FEDERATION_COOKIE, started.cookie, { ...cookieOptions, maxAge: 600 });
      return reply.redirect(started.url);
    } catch (error) {
      if (error instanceof FederationError) return refuse(reply, asked, error.error, error.message);
      throw error;
    }
  };

  // The provider's answer: checked, the person found or registered, then back to authorize.
  app.get(IDP_RESPONSE_PATH, publicRoute, async (request, reply) => {
    const pending = openPendingFederation(ctx, request.cookies[FEDERATION_COOKIE]);
    reply.clearCookie(FEDERATION_COOKIE, cookieOptions);
    if (!federation || !pending) {
      const expired = 'This sign-in has expired or was started in another browser.';
      return page(reply, 400, hostedErrorPage(expired));
    }
    const asked = authorizeRequestOf(pending.authorize);
    // The registered addresses may have changed while the person was at the provider.
    const refusal = unknownClientOrRedirect(ctx, asked.clientId, asked.redirectUri, callbackUrls);
    if (refusal) return page(reply, 400, hostedErrorPage(refusal));
    try {
      const query = request.raw.url?.split('?')[1] ?? '';
      const person = await finishFederation(ctx, federation, pending, query, request.log);
      const userId = await federatedUser(ctx, federation, person, options.registerFederatedOwner);
      reply.setCookie(HOSTED_SESSION_COOKIE, sealHostedSession(ctx, userId), {
        ...cookieOptions,
        maxAge: HOSTED_SESSION_TTL_MS / 1000,
      });
      return reply.redirect(
        `${app.prefix}/oauth2/authorize?${new URLSearchParams(pending.authorize)}`,
        303,
      );
    } catch (error) {
      if (error instanceof FederationError) return refuse(reply, asked, error.error, error.message);
      throw error;
    }
  });

  app.get('/oauth2/authorize', publicRoute, (request, reply) =>
    authorize(request, reply, request.query),
  );

  // The sign-in page's "Sign in with <provider>": the same authorize request, to the provider.
  const providerLink = (authorize: Record<string, string>) =>
    federation
      ? {
          name: federation.name,
          href: `${app.prefix}/oauth2/authorize?${new URLSearchParams({ ...authorize, identity_provider: federation.name })}`,
        }
      : undefined;

  app.get('/login', publicRoute, async (request, reply) => {
    const asked = authorizeRequestOf(request.query);
    const refusal = unknownClientOrRedirect(ctx, asked.clientId, asked.redirectUri, callbackUrls);
    if (refusal) return page(reply, 400, hostedErrorPage(refusal));
    const csrfToken = crypto.randomBytes(24).toString('base64url');
    reply.setCookie(CSRF_COOKIE, csrfToken, cookieOptions);
    return page(
      reply,
      200,
      hostedSignInPage({
        authorize: authorizeParams(request.query),
        csrfToken,
        provider: providerLink(authorizeParams(request.query)),
      }),
    );
  });

  app.post(
    '/login',
    { ...publicRoute, config: { public: true, rateLimit: { max: 60, timeWindow: 60_000 } } },
    async (request, reply) => {
      const fields = request.body;
      const asked = authorizeRequestOf(fields);
      const refusal = unknownClientOrRedirect(ctx, asked.clientId, asked.redirectUri, callbackUrls);
      if (refusal) return page(reply, 400, hostedErrorPage(refusal));
      const expected = request.cookies[CSRF_COOKIE];
      const given = one(fields, '_csrf');
      const email = one(fields, 'username') ?? '';
      const again = (status: number, error: string) => {
        const csrfToken = crypto.randomBytes(24).toString('base64url');
        reply.setCookie(CSRF_COOKIE, csrfToken, cookieOptions);
        return page(
          reply,
          status,
          hostedSignInPage({
            authorize: authorizeParams(fields),
            csrfToken,
            email,
            error,
            provider: providerLink(authorizeParams(fields)),
          }),
        );
      };
      if (!expected || !given || expected !== given) {
        return again(403, 'The sign-in form was out of date. Please sign in again.');
      }
      try {
        const user = await verifyPassword(ctx, email, one(fields, 'password') ?? '', request.ip);
        await clearAttempts(ctx, 'user', user.id);
        // A correct password may learn the status, as the app's sign-in does.
        if (!user.enabled) throw cognitoErrors.userDisabled();
        if (!mayUseHostedSignIn(user)) {
          return again(
            403,
            'Finish setting up your account in the Baletrack app first, then sign in here.',
          );
        }
        reply.setCookie(HOSTED_SESSION_COOKIE, sealHostedSession(ctx, user.id), {
          ...cookieOptions,
          maxAge: HOSTED_SESSION_TTL_MS / 1000,
        });
        reply.clearCookie(CSRF_COOKIE, cookieOptions);
        const back = new URLSearchParams(authorizeParams(fields));
        return reply.redirect(`${app.prefix}/oauth2/authorize?${back}`, 303);
      } catch (error) {
        if (error instanceof CognitoError) return again(400, error.message);
        throw error;
      }
    },
  );

  app.post(
    '/oauth2/token',
    { ...publicRoute, config: { public: true, rateLimit: { max: 300, timeWindow: 60_000 } } },
    async (request, reply) => {
      const fields = request.body;
      const clientId = one(fields, 'client_id');
      if (clientId !== ctx.config.userPool.clientId) {
        throw new OAuthError('invalid_client', 'The client is not known to this pool.', 401);
      }
      const grant = one(fields, 'grant_type');
      reply.header('cache-control', 'no-store');
      if (grant === 'authorization_code') {
        return exchangeCode(ctx, {
          code: one(fields, 'code') ?? '',
          clientId,
          redirectUri: one(fields, 'redirect_uri') ?? '',
          codeVerifier: one(fields, 'code_verifier') ?? '',
        });
      }
      if (grant === 'refresh_token') return refreshGrant(ctx, one(fields, 'refresh_token') ?? '');
      throw new OAuthError(
        'unsupported_grant_type',
        'grant_type must be authorization_code or refresh_token.',
      );
    },
  );

  const userInfo = async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    try {
      const { user } = await verifyAccessTokenForPool(ctx, token);
      return {
        sub: user.id,
        email: user.email,
        email_verified: 'true',
        username: user.id,
        name: user.name,
      };
    } catch {
      throw new OAuthError('invalid_token', 'The access token is not valid.', 401);
    }
  };
  app.get('/oauth2/userInfo', publicRoute, userInfo);
  app.post('/oauth2/userInfo', publicRoute, userInfo);

  app.post('/oauth2/revoke', publicRoute, async (request, reply) => {
    if (one(request.body, 'client_id') !== ctx.config.userPool.clientId) {
      throw new OAuthError('invalid_client', 'The client is not known to this pool.', 401);
    }
    await revokeSession(ctx, one(request.body, 'token') ?? '');
    return reply.status(200).send({});
  });

  // Ends the hosted sign-in and goes to a registered sign-out address, never another.
  app.get('/logout', publicRoute, async (request, reply) => {
    const clientId = one(request.query, 'client_id') ?? '';
    const logoutUri = one(request.query, 'logout_uri') ?? '';
    const refusal = unknownClientOrRedirect(ctx, clientId, logoutUri, signOutUrls);
    if (refusal) return page(reply, 400, hostedErrorPage(refusal));
    reply.clearCookie(HOSTED_SESSION_COOKIE, cookieOptions);
    return reply.redirect(logoutUri);
  });
}
