import type { ConvertErrorCode } from '@baletrack/contracts/convert/formats';
import type { ApiIssue } from '@baletrack/contracts/errors/api-error';

/**
 * A refusal of the conversion API, with the status it answers (400 bad form, 413 too large,
 * 415 not a form, 422 a file we understand the request for but cannot convert, 503 every worker
 * busy and the queue full) and any headers it needs (Retry-After). The convert plugin's error
 * handler sends it as `apiErrorSchema`; the shared AppError has no 413 or 422.
 */
export class ConvertError extends Error {
  constructor(
    readonly statusCode: 400 | 413 | 415 | 422 | 503,
    readonly code: ConvertErrorCode | 'VALIDATION_FAILED',
    message: string,
    readonly issues?: ApiIssue[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** A 422: the request was understood, the file cannot be converted. */
export function unprocessable(code: ConvertErrorCode, message: string): ConvertError {
  return new ConvertError(422, code, message);
}
