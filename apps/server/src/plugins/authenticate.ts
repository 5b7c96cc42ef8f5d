import { messages } from '@baletrack/contracts/errors/messages';
import { isAdmin } from '@baletrack/contracts/identity/user';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext, Principal } from '../app-context.ts';
import { organizationExists } from '../features/identity/pool-users.repository.ts';
import {
  InvalidTokenError,
  type TokenUse,
  type VerifiedToken,
  verifyToken,
} from '../features/identity/tokens.service.ts';
import { AppError } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a token (registration, webhooks). */
    public?: boolean;
  }
  interface FastifyRequest {
    principal: Principal;
  }
}

export interface AuthenticateOptions {
  /**
   * 'id' (default): the raw id token in Authorization (docs/product.md#calling-conventions).
   * 'access': `Bearer <access token>`.
   */
  token?: TokenUse;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const unauthorized = () => new AppError('UNAUTHORIZED', messages.auth.invalidAuthTokens);

/**
 * Verifies a request's token and works out its principal; throws AppError 401 (or 400/404 for
 * a bad X-Organization-Id from a SuperAdmin). Usable outside the plugin, e.g. by the convert API:
 * `await principalFromHeaders(ctx, request.headers, 'access')`.
 */
export async function principalFromHeaders(
  ctx: AppContext,
  headers: FastifyRequest['headers'],
  use: TokenUse = 'id',
): Promise<Principal> {
  const authorization = headers.authorization;
  // The id token comes bare (no scheme, docs/product.md#calling-conventions); the access token
  // comes as a Bearer token.
  const token =
    use === 'id'
      ? authorization
      : authorization?.startsWith('Bearer ')
        ? authorization.slice('Bearer '.length)
        : undefined;
  if (!token) throw unauthorized();
  let user: VerifiedToken['user'];
  try {
    ({ user } = await verifyToken(ctx, token, use));
  } catch (error) {
    if (error instanceof InvalidTokenError) throw unauthorized();
    throw error;
  }
  const principal = {
    userId: user.id,
    email: user.email,
    groups: user.groups,
    accountId: user.orgId,
    orgId: user.orgId,
  };
  const requested = headers['x-organization-id'];
  // Only admins act on other organizations; everyone else's header is ignored
  // (docs/product.md#superadmins).
  if (!isAdmin(user.groups) || typeof requested !== 'string' || requested === '') return principal;
  if (!UUID.test(requested)) {
    throw new AppError('VALIDATION_FAILED', 'X-Organization-Id must be an organization id.');
  }
  if (!(await organizationExists(ctx.db, requested.toLowerCase()))) {
    throw new AppError('NOT_FOUND', 'This organization does not exist.');
  }
  return { ...principal, orgId: requested.toLowerCase() };
}

/**
 * Requires a valid token on every route of the scope it is registered in, except routes with
 * `config: { public: true }`, and sets `request.principal`. It is not encapsulated (Fastify's
 * skip-override, as fastify-plugin does), so register it inside each API's own plugin:
 * `api.register(authenticate)` or `api.register(authenticate, { token: 'access' })`.
 * Groups and organization come from the database, so a changed role applies at once.
 */
export async function authenticate(app: FastifyInstance, options: AuthenticateOptions = {}) {
  const use = options.token ?? 'id';
  if (!app.hasRequestDecorator('principal')) {
    app.decorateRequest('principal', null as unknown as Principal);
  }
  app.addHook('onRequest', async (request) => {
    if (request.is404 || request.routeOptions.config.public) return;
    request.principal = await principalFromHeaders(app.ctx, request.headers, use);
  });
}
Object.assign(authenticate, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: 'authenticate',
});
