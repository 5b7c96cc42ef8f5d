import { z } from 'zod';
import { messages } from './messages.ts';

/** Stable machine codes; clients branch on these, never on the message text. */
export const errorCodes = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
  INTERNAL: 'INTERNAL',
  /** A service we depend on (the payment provider) failed; 502. */
  UPSTREAM_FAILED: 'UPSTREAM_FAILED',
} as const;
export type ApiErrorCode = (typeof errorCodes)[keyof typeof errorCodes];

export const apiIssueSchema = z.object({
  /** Dotted path of the offending value, e.g. 'recipients.3'; '' for the whole request. */
  path: z.string(),
  message: z.string(),
});
export type ApiIssue = z.infer<typeof apiIssueSchema>;

/** The error body all our HTTP APIs return. `code` stays a string so new codes do not break
 *  older clients. */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  issues: z.array(apiIssueSchema).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Turns zod issues into the API's flat issue list. */
export function toApiIssues(error: z.ZodError): ApiIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

/** The VALIDATION_FAILED body for a failed parse; the first issue's message leads. */
export function validationFailed(error: z.ZodError): ApiError {
  const issues = toApiIssues(error);
  return {
    code: errorCodes.VALIDATION_FAILED,
    message: issues[0]?.message ?? messages.validation.invalidRequest,
    issues,
  };
}
