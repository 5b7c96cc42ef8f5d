import { controlCharacterIssue } from '@baletrack/contracts/common/control-characters';
import type { FastifyError, FastifyInstance } from 'fastify';
import { accountOperations } from './account.operations.ts';
import { CognitoError } from './cognito-error.ts';
import {
  CONTENT_TYPE,
  type Operation,
  sendCognitoError,
  TARGET_PREFIX,
} from './cognito-protocol.ts';
import { SUPPORTED_SCOPES } from './hosted-ui.service.ts';
import { signInOperations } from './sign-in.operations.ts';
import { tokenIssuer } from './tokens.service.ts';

/**
 * The embedded user pool: the subset of the Cognito Identity Provider JSON protocol that
 * aws-amplify uses, served at this plugin's prefix (Amplify's `userPoolEndpoint`), plus the
 * JWKS under the token issuer. Encapsulated: its body parser and error shape stay in here.
 */
export async function identityRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const operations: Record<string, Operation> = {
    ...signInOperations(ctx),
    ...accountOperations(ctx),
  };

  // Only JSON bodies, whatever else the parent server accepts.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    [CONTENT_TYPE, 'application/json'],
    { parseAs: 'string' },
    (_request, body, done) => {
      try {
        done(null, body === '' ? {} : JSON.parse(body as string));
      } catch {
        done(new CognitoError('SerializationException', 'The request body is not valid JSON.'));
      }
    },
  );

  // Amplify retries 5xx, so anything the client got wrong must be a 4xx in Cognito's shape.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof CognitoError) return sendCognitoError(reply, error.type, error.message);
    if (error.statusCode === 429)
      return sendCognitoError(reply, 'TooManyRequestsException', 'Rate exceeded');
    if (error.statusCode && error.statusCode < 500) {
      return sendCognitoError(reply, 'SerializationException', error.message);
    }
    request.log.error({ err: error }, 'user pool operation failed');
    return sendCognitoError(reply, 'InternalErrorException', 'An internal error occurred.', 500);
  });

  app.post(
    '/',
    {
      schema: {
        tags: ['identity'],
        summary: 'User pool (Cognito JSON protocol; the operation is named by X-Amz-Target)',
      },
      config: {
        public: true,
        // Each SRP step costs milliseconds of big-number work: cap the rate per address.
        rateLimit: {
          max: 300,
          timeWindow: 60_000,
          errorResponseBuilder: () => new CognitoError('TooManyRequestsException', 'Rate exceeded'),
        },
      },
    },
    async (request, reply) => {
      const target = request.headers['x-amz-target'];
      if (typeof target !== 'string' || !target.startsWith(TARGET_PREFIX)) {
        throw new CognitoError('UnknownOperationException', 'Missing or unknown X-Amz-Target.');
      }
      const name = target.slice(TARGET_PREFIX.length);
      const operation = Object.hasOwn(operations, name) ? operations[name] : undefined;
      if (!operation) {
        throw new CognitoError(
          'UnsupportedOperationException',
          `${name} is not supported by this user pool.`,
        );
      }
      // The one control-character rule, in the user pool's own error shape.
      const unprintable = controlCharacterIssue(request.body);
      if (unprintable) throw new CognitoError('InvalidParameterException', unprintable.message);
      const result = await operation(request.body, request);
      return reply
        .header('content-type', CONTENT_TYPE)
        .header('cache-control', 'no-store')
        .send(JSON.stringify(result));
    },
  );

  // Published under the issuer (`<public URL>/cognito/<pool id>`), as Cognito does.
  app.get<{ Params: { poolId: string } }>(
    '/:poolId/.well-known/jwks.json',
    {
      schema: { tags: ['identity'], summary: 'Token signing keys (JWKS)' },
      config: { public: true },
    },
    async (request, reply) => {
      if (request.params.poolId !== ctx.config.userPool.id) return reply.callNotFound();
      return reply
        .header('cache-control', 'public, max-age=300')
        .send(await ctx.signingKeys.jwks());
    },
  );

  app.get<{ Params: { poolId: string } }>(
    '/:poolId/.well-known/openid-configuration',
    { schema: { tags: ['identity'], summary: 'Issuer metadata' }, config: { public: true } },
    async (request, reply) => {
      if (request.params.poolId !== ctx.config.userPool.id) return reply.callNotFound();
      const issuer = tokenIssuer(ctx);
      // The hosted sign-in's endpoints sit beside the pool's (hosted-ui.routes.ts).
      const hosted = `${ctx.config.publicUrl}/cognito`;
      return reply.send({
        issuer,
        jwks_uri: `${issuer}/.well-known/jwks.json`,
        authorization_endpoint: `${hosted}/oauth2/authorize`,
        token_endpoint: `${hosted}/oauth2/token`,
        userinfo_endpoint: `${hosted}/oauth2/userInfo`,
        end_session_endpoint: `${hosted}/logout`,
        revocation_endpoint: `${hosted}/oauth2/revoke`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        code_challenge_methods_supported: ['S256'],
        scopes_supported: SUPPORTED_SCOPES,
        token_endpoint_auth_methods_supported: ['none'],
        id_token_signing_alg_values_supported: ['RS256'],
        subject_types_supported: ['public'],
      });
    },
  );
}
