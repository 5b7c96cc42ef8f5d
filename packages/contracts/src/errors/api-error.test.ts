import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiErrorSchema, errorCodes, toApiIssues, validationFailed } from './api-error.ts';
import { messages } from './messages.ts';

describe('apiErrorSchema', () => {
  it('accepts a body with and without issues', () => {
    expect(apiErrorSchema.parse({ code: 'NOT_FOUND', message: 'Gone' })).toEqual({
      code: 'NOT_FOUND',
      message: 'Gone',
    });
    const body = { code: 'VALIDATION_FAILED', message: 'x', issues: [{ path: 'a', message: 'x' }] };
    expect(apiErrorSchema.parse(body)).toEqual(body);
  });

  it('rejects a body without a code or message', () => {
    expect(apiErrorSchema.safeParse({ message: 'x' }).success).toBe(false);
    expect(apiErrorSchema.safeParse({ code: 'INTERNAL' }).success).toBe(false);
  });
});

describe('errorCodes', () => {
  it('maps each code to itself', () => {
    expect(Object.values(errorCodes)).toEqual([
      'VALIDATION_FAILED',
      'UNAUTHORIZED',
      'FORBIDDEN',
      'NOT_FOUND',
      'CONFLICT',
      'RATE_LIMITED',
      'INTERNAL',
      'UPSTREAM_FAILED',
    ]);
    for (const [key, value] of Object.entries(errorCodes)) expect(value).toBe(key);
  });
});

describe('validation failures', () => {
  const schema = z.object({ recipients: z.array(z.email('bad email')), name: z.string('name') });

  it('joins issue paths with dots', () => {
    const error = schema.safeParse({ recipients: ['a@b.co', 'nope'], name: 1 }).error;
    expect(error && toApiIssues(error)).toEqual([
      { path: 'recipients.1', message: 'bad email' },
      { path: 'name', message: 'name' },
    ]);
  });

  it('leads with the first issue', () => {
    const error = schema.safeParse({ recipients: [], name: 2 }).error;
    expect(error && validationFailed(error)).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'name',
      issues: [{ path: 'name', message: 'name' }],
    });
  });

  it('falls back to a general message when there is no issue', () => {
    expect(validationFailed(new z.ZodError([])).message).toBe(messages.validation.invalidRequest);
  });
});
