import { messages } from '@baletrack/contracts/errors/messages';
import { isApiError } from '@/lib/api-client';

/**
 * The server's own words for a refused user change (the user row of
 * docs/product.md#error-catalogue), else the generic message.
 */
export function userErrorMessage(error: unknown): string {
  return isApiError(error) && error.status > 0 && error.status < 600
    ? error.message
    : messages.generic;
}
