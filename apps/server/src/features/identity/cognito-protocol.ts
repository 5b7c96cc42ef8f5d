import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { CognitoError, type CognitoExceptionName } from './cognito-error.ts';

/** One operation of the protocol: the parsed JSON body in, the JSON answer out. */
export type Operation = (body: unknown, request: FastifyRequest) => Promise<object>;

export const CONTENT_TYPE = 'application/x-amz-json-1.1';
export const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/** Validates a request body; problems become InvalidParameterException, as Cognito answers. */
export function parseParams<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => {
    const at = issue.path.length > 0 ? `'${issue.path.join('.')}'` : 'the request';
    return `Value at ${at} failed to satisfy constraint: ${issue.message}`;
  });
  throw new CognitoError(
    'InvalidParameterException',
    `${issues.length} validation error${issues.length === 1 ? '' : 's'} detected: ${issues.join('; ')}`,
  );
}

/** Only our own app client may use the pool. */
export function requireClient(ctx: AppContext, clientId: string): void {
  if (clientId !== ctx.config.userPool.clientId) {
    throw new CognitoError(
      'ResourceNotFoundException',
      `User pool client ${clientId} does not exist.`,
    );
  }
}

/** Cognito's error shape: HTTP 400, `x-amzn-errortype`, and `{ __type, message }`. */
export function sendCognitoError(
  reply: FastifyReply,
  type: CognitoExceptionName | 'InternalErrorException',
  message: string,
  status = 400,
): FastifyReply {
  return reply
    .status(status)
    .header('content-type', CONTENT_TYPE)
    .header('x-amzn-errortype', `${type}:`)
    .send(JSON.stringify({ __type: type, message }));
}
