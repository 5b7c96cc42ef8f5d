import { errorCodes } from '@baletrack/contracts/errors/api-error';
import { fieldMessage } from '@baletrack/contracts/errors/field-message';
import { messages } from '@baletrack/contracts/errors/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';
import { reportServerError } from '../lib/error-reporting.ts';

/** Fastify's own client errors, reworded for people (malformed JSON, wrong type, too large). */
const clientErrors: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; a JSON object was expected.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here; send application/json.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
};

/**
 * One error body for the data and user APIs (`apiErrorSchema`): validation problems list each
 * field; anything unexpected is logged and answered with the spec's generic message.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => {
        const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return { path, message: fieldMessage(path, v.message ?? 'Invalid value') };
      });
      return reply.status(400).send({
        code: errorCodes.VALIDATION_FAILED,
        message: issues[0]?.message ?? 'Invalid request.',
        issues,
      });
    }
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send({ code: error.code, message: error.message, issues: error.issues });
    }
    const known = error.code ? clientErrors[error.code] : undefined;
    if (known || (error.statusCode && error.statusCode < 500)) {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      const code = status === 429 ? errorCodes.RATE_LIMITED : errorCodes.VALIDATION_FAILED;
      return reply.status(status).send({ code, message: known ?? error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    reportServerError(request, error);
    return reply.status(500).send({ code: errorCodes.INTERNAL, message: messages.generic });
  });
}
