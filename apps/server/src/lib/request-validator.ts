import { controlCharacterIssue } from '@baletrack/contracts/common/control-characters';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { AppError } from './app-error.ts';

/**
 * The routes' zod validator with the shared control-character rule in front of it, for every
 * part (params, query, body) of every route that declares a schema: a NUL or other control
 * character is a 400 naming the field before any code sees it (docs/product.md#validation-rules).
 */
export const requestValidatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = validatorCompiler(route);
  return (data) => {
    const issue = controlCharacterIssue(data);
    if (issue) return { error: new AppError('VALIDATION_FAILED', issue.message, [issue]) };
    return validate(data);
  };
};
