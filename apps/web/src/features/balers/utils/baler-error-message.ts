import { messages } from '@baletrack/contracts/errors/messages';
import { isApiError } from '@/lib/api-client';

/**
 * The server's own words for a refused baler call (the baler row of
 * docs/product.md#error-catalogue: 'This VIN is already registered to your account.', 'Failed to
 * register baler…'), else the generic message.
 */
export function balerErrorMessage(error: unknown): string {
  return isApiError(error) && error.status > 0 && error.status < 600
    ? error.message
    : messages.generic;
}
