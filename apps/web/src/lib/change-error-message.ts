import { isApiError } from '@/lib/api-client';

/**
 * What to tell the grower when a field, cutting or crop change fails: the server's own words
 * when it refused the change (4xx: a crossing boundary, a name taken, a crop in use), else the
 * spec's "Failed to …" message for that change (server error, no connection).
 */
export function changeErrorMessage(error: unknown, failed: string): string {
  return isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401
    ? error.message
    : failed;
}
