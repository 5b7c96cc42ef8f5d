import { messages } from '@baletrack/contracts/errors/messages';
import { isApiError } from '@/lib/api-client';

/** The server's own words for a refused admin call, else the generic message. */
export function adminErrorMessage(error: unknown): string {
  return isApiError(error) && error.status > 0 && error.status < 600
    ? error.message
    : messages.generic;
}
